"""Restarting a streaming query from its checkpoint with a definition that cannot read it.

Each key's saved state records what it was written for (operator class, window clause,
partition_by, order_by, input schema: docs/reliability.md). A restart that changes one of them,
or whose operator can no longer read its own StateHandler data, fails at the first micro-batch
that reads an old key's state, with a message naming what changed and what to do; that
micro-batch commits nothing, so the sink holds what it held, and the query restarted with its
original definition carries on as if the refused attempt never happened. A partition_by that
gives the key other columns in number or type is refused as the first micro-batch is planned, by
the JVM against the key recorded in the checkpoint (before Spark's own check of the key's
schema), naming partition_by then and now.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyspark
import pytest
from pyspark.errors import StreamingQueryException
from pyspark.sql import SparkSession

import streams_window as sw

RUNNING_TOTALS = "io.streamswindow.examples.RunningTotals"
WINDOW_SUM = "io.streamswindow.examples.WindowSum"
SCHEMA = "key string, site string, seq long, v double"
WIDER_SCHEMA = SCHEMA + ", note string"
OUTPUT = "key string, window_no long, count long, total double, running double"

BASE: dict[str, Any] = dict(
    operator=RUNNING_TOTALS,
    window="partitioned, tumbling, count(3)",
    partition_by="key",
    order_by="seq",
    params={"attr": "v"},
    schema=SCHEMA,
)

# Each change, the part the refusal must name and that part's value now. The query's definition
# record names the value in the checkpoint too; a key's saved value, which keeps a digest of the
# definition, names the part and its value now (whichever task fails first reports).
CHANGES: dict[str, tuple[dict[str, Any], str, str]] = {
    "window clause": (
        dict(window="partitioned, tumbling, count(4)"),
        "window clause",
        '"partitioned, tumbling, count(4)" now',
    ),
    # WindowSum's own output: it sets no window_no or running, which the plan would refuse.
    "operator class": (
        dict(operator=WINDOW_SUM, output="key string, count long, total double"),
        "operator class",
        f'"{WINDOW_SUM}" now',
    ),
    # Same column type: Spark's own check of the grouping key's schema lets it through.
    "partition_by": (dict(partition_by="site"), "partition_by", '"[site]" now'),
    "order_by": (dict(order_by=None), "order_by", '"[]" now'),
    "input schema": (dict(schema=WIDER_SCHEMA), "input schema", 'rstring note>" now'),
}


class Pipeline:
    """A file stream in, RunningTotals over it, JSON files out, one checkpoint."""

    def __init__(self, spark: SparkSession, root: Path) -> None:
        self.spark = spark
        self.input = root / "input"
        self.input.mkdir()
        self.output = root / "output"
        self.checkpoint = root / "checkpoint"
        self.files = 0

    def write(self, keys: list[str], per_key: int, first_seq: int) -> list[tuple[Any, ...]]:
        rows = []
        seq = first_seq
        for _i in range(per_key):
            for key in keys:
                rows.append((key, f"site-{key}", seq, float(seq % 7)))
                seq += 1
        path = self.input / f"part-{self.files:03d}.json"
        self.files += 1
        staged = path.with_suffix(".tmp")
        staged.write_text(
            "".join(
                json.dumps(dict(key=k, site=s, seq=q, v=v, note="n")) + "\n" for k, s, q, v in rows
            )
        )
        staged.rename(path)
        return rows

    def run(self, definition: dict[str, Any]) -> None:
        stream = (
            self.spark.readStream.schema(definition["schema"])
            .option("maxFilesPerTrigger", 1)
            .json(str(self.input))
        )
        results = sw.run_operator(
            stream,
            definition["operator"],
            window=definition["window"],
            partition_by=definition["partition_by"],
            order_by=definition["order_by"],
            params=definition["params"],
            output_schema=definition.get("output", OUTPUT),
        )
        query = (
            results.writeStream.format("json")
            .option("path", str(self.output))
            .option("checkpointLocation", str(self.checkpoint))
            .start()
        )
        try:
            query.processAllAvailable()
        finally:
            query.stop()

    def written(self) -> list[tuple[Any, ...]]:
        if not self.output.exists():
            return []
        return sorted(
            tuple(r) for r in self.spark.read.schema(OUTPUT).json(str(self.output)).collect()
        )


def running_totals(rows: list[tuple[Any, ...]], size: int) -> list[tuple[Any, ...]]:
    """RunningTotals over ``partitioned, tumbling, count(size)`` per key in seq order, as Spark
    runs it: one operator instance per key, so window numbers and running totals are per key."""
    expected = []
    for key in sorted({row[0] for row in rows}):
        values = [row[3] for row in sorted(rows, key=lambda r: r[2]) if row[0] == key]
        running = 0.0
        for n, start in enumerate(range(0, len(values) - size + 1, size), 1):
            total = sum(values[start : start + size])
            running += total
            expected.append((key, n, size, total, running))
    return sorted(expected)


def refused(pipeline: Pipeline, change: dict[str, Any]) -> sw.OperatorError:
    with pytest.raises(sw.OperatorError) as raised:
        pipeline.run({**BASE, **change})
    return raised.value


@pytest.mark.parametrize("what", sorted(CHANGES))
def test_a_restart_that_changes_the_definition_is_refused_naming_the_change(
    spark: SparkSession, tmp_path: Path, what: str
) -> None:
    change, part, now = CHANGES[what]
    pipeline = Pipeline(spark, tmp_path)
    pipeline.write(["a", "b"], 4, 0)
    pipeline.run(BASE)
    before = pipeline.written()
    assert len(before) == 2  # one full window of each key; one tuple each left in the windows

    pipeline.write(["a", "b"], 2, 100)
    error = refused(pipeline, change)

    assert error.cause_class == "io.streamswindow.spark.errors.IncompatibleRestartException"
    message = error.cause_message or ""
    assert f"): {part}: " in message and now in message, message
    assert "query " in message and "micro-batch " in message
    assert "new checkpointLocation" in message
    assert pipeline.written() == before  # the refused micro-batch committed nothing


def test_the_definition_record_names_the_value_the_checkpoint_was_written_with(
    spark: SparkSession, tmp_path: Path
) -> None:
    pipeline = Pipeline(spark, tmp_path)
    pipeline.write(["a"], 3, 0)
    pipeline.run(BASE)
    # New keys only: no key saved before is read, the definition record refuses alone.
    pipeline.write(["z"], 1, 100)
    message = refused(pipeline, dict(partition_by="site")).cause_message or ""

    assert "(the state of the query's definition record (query " in message
    assert 'partition_by: "[key]" in the checkpoint, "[site]" now' in message, message


def test_a_state_handler_that_no_longer_reads_its_data_is_refused_with_its_error(
    spark: SparkSession, tmp_path: Path
) -> None:
    pipeline = Pipeline(spark, tmp_path)
    pipeline.write(["a", "b"], 4, 0)
    pipeline.run(BASE)
    before = pipeline.written()
    pipeline.write(["a", "b"], 2, 100)
    error = refused(pipeline, dict(params={"attr": "v", "stateFormat": "2"}))

    assert error.cause_class == "io.streamswindow.spark.errors.IncompatibleRestartException"
    message = error.cause_message or ""
    assert message.startswith("The state saved in this query's checkpoint no longer reads"), message
    assert (
        "the operator's StateHandler.reset failed with java.io.IOException: RunningTotals"
        " saved its state in format 1; this configuration reads format 2"
    ) in message
    assert "key [" in message and "new checkpointLocation" in message
    assert pipeline.written() == before


def test_after_a_refused_restart_the_original_definition_carries_on_without_loss(
    spark: SparkSession, tmp_path: Path, state_layout: str
) -> None:
    pipeline = Pipeline(spark, tmp_path)
    rows = pipeline.write(["a", "b", "c"], 4, 0)
    pipeline.run(BASE)
    rows += pipeline.write(["a", "b", "c"], 5, 100)
    error = refused(pipeline, CHANGES["window clause"][0])
    assert error.cause_class == "io.streamswindow.spark.errors.IncompatibleRestartException"

    pipeline.run(BASE)

    assert pipeline.written() == running_totals(rows, 3)
    assert len(pipeline.written()) == 3 * 3  # 9 rows per key: windows 1, 2, 3


# Changes that give the state's key other columns in number or type, each with the line naming it.
# Spark would refuse them itself, before any key or definition record is read; the JVM refuses
# them first, from the key the checkpoint recorded when the query first started.
KEY_CHANGES: dict[str, tuple[dict[str, Any], str, str, str]] = {
    "another column": (
        dict(partition_by=["key", "site"]),
        "partition_by",
        "[key]",
        "[key, site]",
    ),
    # The same name, read as another type: Spark's check would refuse it just the same.
    "another type": (
        # The output's key follows it: a string key column that assign() could not fill from a
        # long attribute would be refused when the plan is built.
        dict(
            schema=SCHEMA.replace("key string", "key long"),
            output=OUTPUT.replace("key string", "key long"),
        ),
        "partition_by [key], the types of its columns (from the input schema)",
        "[string]",
        "[bigint]",
    ),
}


def refused_before_running(pipeline: Pipeline, change: dict[str, Any]) -> sw.OperatorError:
    with pytest.raises(sw.OperatorError) as raised:
        pipeline.run({**BASE, **change})
    return raised.value


def refused_key(error: sw.OperatorError, checkpoint: Path, part: str, then: str, now: str) -> None:
    """``error`` is the JVM's refusal of a restart whose key changed ``part``."""
    owner = error.parameters["owner"]
    assert owner.startswith("checkpoint file:") and owner.endswith(str(checkpoint)), owner
    assert error.condition == "STREAMS_WINDOW_INCOMPATIBLE_RESTART"
    assert error.cause_class == "io.streamswindow.spark.errors.IncompatibleRestartException"
    assert (error.parameters["part"], error.parameters["checkpointValue"]) == (part, then)
    assert error.parameters["currentValue"] == now
    assert error.cause_message == (
        f"This query's checkpoint was written for another query definition (the state of {owner}):"
        f' {part}: "{then}" in the checkpoint, "{now}" now. Saved windows are read only by the'
        " definition that wrote them: restart with that definition, or give the query a new"
        " checkpointLocation so that its windows start empty."
    )
    assert isinstance(error, StreamingQueryException)  # the query's failure, as Spark raised it


@pytest.mark.parametrize("what", sorted(KEY_CHANGES))
def test_a_restart_that_changes_the_key_columns_is_refused_naming_partition_by(
    any_spark: SparkSession, tmp_path: Path, state_layout: str, what: str
) -> None:
    change, part, then, now = KEY_CHANGES[what]
    pipeline = Pipeline(any_spark, tmp_path)
    rows = pipeline.write(["a", "b"], 4, 0)
    pipeline.run(BASE)
    before = pipeline.written()
    assert len(before) == 2  # one full window of each key; one tuple each left in the windows
    recorded = (pipeline.checkpoint / "streams-window" / "state-key").read_text()
    assert [json.loads(line)["fields"][0]["name"] for line in recorded.splitlines()] == ["key"]

    rows += pipeline.write(["a", "b"], 5, 100)
    error = refused_before_running(pipeline, change)

    refused_key(error, pipeline.checkpoint, part, then, now)
    assert pipeline.written() == before  # nothing of the refused attempt reached the sink
    # Nor anything of it the checkpoint keeps: the original definition carries on without loss.
    pipeline.run(BASE)
    assert pipeline.written() == running_totals(rows, 3)
    assert len(pipeline.written()) == 2 * 3  # windows 1, 2, 3 of each key


def test_a_checkpoint_without_a_recorded_key_is_left_to_spark(
    spark: SparkSession, tmp_path: Path
) -> None:
    # As one written before the key was recorded: Spark's own check refuses the new key, in
    # Spark's words, which the facade does not read.
    pipeline = Pipeline(spark, tmp_path)
    pipeline.write(["a", "b"], 4, 0)
    pipeline.run(BASE)
    (pipeline.checkpoint / "streams-window" / "state-key").unlink()
    pipeline.write(["a", "b"], 1, 100)

    with pytest.raises(StreamingQueryException) as raised:
        pipeline.run({**BASE, **KEY_CHANGES["another column"][0]})

    assert not isinstance(raised.value, sw.StreamsWindowError)
    spark_s = (
        "StateSchemaNotCompatible"
        if pyspark.__version__.startswith("3.5.")
        else "STATE_STORE_KEY_SCHEMA_NOT_COMPATIBLE"
    )
    assert spark_s in str(raised.value)
    assert not (pipeline.checkpoint / "streams-window" / "state-key").exists()  # nor written now


def test_an_aggregate_whose_window_becomes_partitioned_is_refused_naming_partition_by(
    spark: SparkSession, tmp_path: Path
) -> None:
    # A window that is not partitioned is one group, whose key column is the library's own.
    pipeline = Pipeline(spark, tmp_path)
    output = pipeline.output
    pipeline.write(["a", "b"], 4, 0)

    def run(**partitioning: Any) -> None:
        stream = spark.readStream.schema(SCHEMA).option("maxFilesPerTrigger", 1)
        totals = sw.aggregate(
            stream.json(str(pipeline.input)),
            order_by="seq",
            output={"total": "Sum(v)"},
            **partitioning,
        )
        query = (
            totals.writeStream.format("json")
            .option("path", str(output))
            .option("checkpointLocation", str(pipeline.checkpoint))
            .start()
        )
        try:
            query.processAllAvailable()
        finally:
            query.stop()

    def written() -> list[float]:
        rows = spark.read.schema("total double").json(str(output)).collect()
        return sorted(row.total for row in rows)

    run(window="tumbling, count(3)")
    before = written()
    assert len(before) == 2  # 8 rows, two full windows
    pipeline.write(["a", "b"], 4, 100)

    with pytest.raises(sw.OperatorError) as raised:
        run(window="partitioned, tumbling, count(3)", partition_by="key")

    refused_key(raised.value, pipeline.checkpoint, "partition_by", "[]", "[key]")
    assert written() == before
