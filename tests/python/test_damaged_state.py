"""A key's saved state altered in the state store's files: the restarted query fails naming the
key and where its state lives, and never starts the key's window afresh (docs/reliability.md).

The damage is done as a disk fault would leave it past the store's own checks: Spark's default
store (the single-value layout) keeps each micro-batch's changes in a compressed delta file,
whose decompression would notice a flipped bit of the compressed bytes; so the test decompresses
the file with Spark's codec, flips one bit of the key's value and compresses it again.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyspark
import pytest
from pyspark.errors import StreamingQueryException
from pyspark.sql import SparkSession

import streams_window as sw

SCHEMA = "key string, seq long, v double"
OUTPUT = "key string, window_no long, count long, total double, running double"
STORE = "spark.sql.streaming.stateStore.providerClass"
HDFS_STORE = "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider"


# Spark 4.1 and later also keep a checksum of each checkpoint file, and on 4.1 it is that check
# which catches the rewritten delta file first (docs/python.md, "Supported Spark lines").
FILE_CHECKSUMS = "spark.sql.streaming.checkpoint.fileChecksum.enabled"
HAS_FILE_CHECKSUMS = tuple(int(part) for part in pyspark.__version__.split(".")[:2]) >= (4, 1)


def setting(spark: SparkSession, key: str, value: str) -> Iterator[None]:
    """``key`` set to ``value`` on the session for the test, then as it was."""
    before = spark.conf.get(key, None)
    spark.conf.set(key, value)
    yield
    if before is None:
        spark.conf.unset(key)
    else:
        spark.conf.set(key, before)


@pytest.fixture()
def single_value(spark: SparkSession) -> Iterator[None]:
    yield from setting(spark, STORE, HDFS_STORE)


@pytest.fixture()
def past_file_checksums(spark: SparkSession) -> Iterator[None]:
    """A damage past every check of the store's: the files' checksums too, where Spark has them."""
    if HAS_FILE_CHECKSUMS:
        yield from setting(spark, FILE_CHECKSUMS, "false")
    else:
        yield


def records(data: bytes) -> list[tuple[bytes, bytes | None]]:
    """The (key, value) records of a decompressed delta file: sizes are big-endian ints, a key
    size of -1 ends the file and a value size of -1 is a removal."""
    found, at = [], 0
    while True:
        (size,) = struct.unpack_from(">i", data, at)
        at += 4
        if size == -1:
            return found
        key = data[at : at + size]
        at += size
        (value_size,) = struct.unpack_from(">i", data, at)
        at += 4
        value = None if value_size < 0 else data[at : at + value_size]
        at += max(value_size, 0)
        found.append((key, value))


def flip_a_bit_of_the_value_of(spark: SparkSession, checkpoint: Path, key: bytes) -> Path:
    """Flips one bit inside the saved value of the key whose key row holds ``key``, in the
    newest delta file that has it; returns that file."""
    jvm = spark.sparkContext._jvm
    codec = jvm.org.apache.spark.io.LZ4CompressionCodec(spark.sparkContext._jsc.sc().conf())
    deltas = sorted(checkpoint.glob("state/0/*/*.delta"), key=lambda p: int(p.stem), reverse=True)
    for delta in deltas:
        stream = codec.compressedInputStream(jvm.java.io.FileInputStream(str(delta)))
        data = bytes(stream.readAllBytes())
        stream.close()
        for record_key, value in records(data):
            if value is not None and key in record_key and b"SWKS" in value:
                at = data.index(value) + value.index(b"SWKS") + 40  # past the header: the data
                damaged = bytearray(data)
                damaged[at] ^= 0x04
                out = codec.compressedOutputStream(jvm.java.io.FileOutputStream(str(delta)))
                out.write(bytes(damaged))
                out.close()
                return delta
    raise AssertionError(f"no saved value of {key!r} in {deltas}")


class DamagedRestart:
    """A stream of RunningTotals whose first micro-batch saved the state of keys alpha and beta,
    then one bit of alpha's saved value flipped and a second file written: ``run()`` restarts it."""

    def __init__(self, spark: SparkSession, tmp_path: Path) -> None:
        self.spark = spark
        self.source = tmp_path / "input"
        self.checkpoint = tmp_path / "checkpoint"
        self.output = tmp_path / "output"
        self.source.mkdir()
        self.write(0, ["alpha", "beta", "alpha", "beta"])
        self.run()
        flip_a_bit_of_the_value_of(spark, self.checkpoint, b"alpha")
        self.write(1, ["alpha", "beta", "alpha"])

    def write(self, index: int, keys: list[str]) -> None:
        rows = [dict(key=k, seq=index * 100 + i, v=float(i)) for i, k in enumerate(keys)]
        (self.source / f"part-{index}.json").write_text("".join(json.dumps(r) + "\n" for r in rows))

    def run(self) -> None:
        stream = (
            self.spark.readStream.schema(SCHEMA)
            .option("maxFilesPerTrigger", 1)
            .json(str(self.source))
        )
        totals = sw.run_operator(
            stream,
            "io.streamswindow.examples.RunningTotals",
            window="partitioned, tumbling, count(3)",
            partition_by="key",
            order_by="seq",
            params={"attr": "v"},
            output_schema=OUTPUT,
        )
        query = (
            totals.writeStream.format("json")
            .option("path", str(self.output))
            .option("checkpointLocation", str(self.checkpoint))
            .start()
        )
        try:
            query.processAllAvailable()
        finally:
            query.stop()

    def written(self) -> list[Any]:
        return self.spark.read.schema(OUTPUT).json(str(self.output)).collect()


@pytest.mark.usefixtures("single_value", "past_file_checksums")
def test_a_flipped_bit_in_a_saved_value_fails_the_restart_naming_the_key(
    spark: SparkSession, tmp_path: Path
) -> None:
    damaged = DamagedRestart(spark, tmp_path)

    with pytest.raises(sw.OperatorError) as raised:
        damaged.run()

    error = raised.value
    assert error.cause_class == "io.streamswindow.spark.errors.CorruptStateException"
    message = error.cause_message or ""
    assert message.startswith("The saved state of key [alpha] (query "), message
    assert "micro-batch 1, state partition " in message
    assert "the checksum of its saved checkpoint" in message
    assert "does not start a window afresh" in message
    # The first micro-batch filled no window; the refused one committed nothing.
    assert damaged.written() == []


@pytest.mark.skipif(not HAS_FILE_CHECKSUMS, reason="Spark keeps checkpoint file checksums from 4.1")
@pytest.mark.usefixtures("single_value")
def test_a_flipped_bit_that_spark_s_file_checksums_catch_first_is_refused_too(
    spark: SparkSession, tmp_path: Path
) -> None:
    # With Spark's checksums of checkpoint files on (its default), the rewritten delta file is
    # refused by whichever check reads it first: Spark 4.1's checksum (CANNOT_LOAD_STATE_STORE),
    # or, where Spark's check lets it through, ours naming the key. Either way the key's window is
    # never started afresh.
    damaged = DamagedRestart(spark, tmp_path)

    with pytest.raises(StreamingQueryException) as raised:
        damaged.run()

    error = raised.value
    if isinstance(error, sw.OperatorError):
        assert error.cause_class == "io.streamswindow.spark.errors.CorruptStateException"
    else:
        assert "CANNOT_LOAD_STATE_STORE" in str(error), str(error)[:2000]
    assert damaged.written() == []
