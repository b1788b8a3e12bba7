"""One step of a streaming query carried from Spark line to Spark line through its checkpoint.

Usage: line_checkpoint_job.py ROOT STEP (STEP 0, 1, 2, ...), run by test_spark_lines.py with the
interpreter of one line's venv per step, oldest line first. Each step adds two files of readings
to ROOT's input, then, once per query of QUERIES (a state store each), restarts the same query
(partitioned tumbling count(4) WindowSum, json sink) from the checkpoint the previous step wrote
on its line, runs it until the input is used up, and checks that the sink holds exactly the
windows of all rows so far: nothing lost and nothing written twice across the change of line.
Spark 3.5 has the single-value layout only: there the RocksDB store gives it too, and that
query keeps it on Spark 4, where RocksDB gives a new query the chunked layout, which starts on
the first Spark 4 line. On each Spark 4 line the query started on 3.5 with RocksDB is first
restarted without the opt-in that keeps its layout (docs/decisions.md, "The layout is recorded
with the checkpoint"), which the JVM must refuse (an OperatorError, condition
STREAMS_WINDOW_INCOMPATIBLE_RESTART), and then with it. Prints one
JSON line: the pyspark version and, per query, the rows in the sink and the stateful operator
that ran, and the refusal without the opt-in (its condition and message).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pyspark
from pyspark.sql import SparkSession

import streams_window as sw
from support import (
    READINGS_SCHEMA,
    SUMS_SCHEMA,
    WINDOW_SUM,
    plain,
    readings,
    shuffled,
    tumbling_sums,
)

ROCKSDB = "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"
HDFS = "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider"
SPARK_3_5 = pyspark.__version__.startswith("3.5.")
# Each query's state store: the layout a new query gets there (docs/architecture.md).
QUERIES = {
    "single-value": HDFS,
    # Single-value on Spark 3.5, where it is the only layout; kept on Spark 4 (its checkpoint's).
    "rocksdb-from-3.5": ROCKSDB,
    "chunked": ROCKSDB,  # from the first Spark 4 line on
}
FILES_PER_STEP = 2
ROWS = readings(["a", "b", "c"], 50)  # 150 rows, 15 per file over 10 files (5 steps)
FOLLOW_CHECKPOINT = "spark.streamswindow.stateLayout.followCheckpoint"


def file_rows(index: int) -> list[tuple[str, int, float]]:
    return shuffled(ROWS[index * 15 : (index + 1) * 15], seed=index)


def write_file(directory: Path, index: int) -> None:
    """As support.StreamInput writes: staged, mtime one second per file, renamed in."""
    staged = directory.parent / f"staged-{index:04d}.json"
    with staged.open("w") as out:
        for key, seq, cost in file_rows(index):
            out.write(json.dumps({"key": key, "seq": seq, "cost": cost}) + "\n")
    mtime = 1_600_000_000 + index
    os.utime(staged, (mtime, mtime))
    os.replace(staged, directory / f"part-{index:04d}.json")


def main(root: Path, step: int, examples_jar: str) -> None:
    source = root / "input"
    source.mkdir(parents=True, exist_ok=True)
    for index in range(step * FILES_PER_STEP, (step + 1) * FILES_PER_STEP):
        write_file(source, index)
    so_far = ROWS[: (step + 1) * FILES_PER_STEP * 15]

    builder = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        # A checkpoint started on 3.5 (single-value, the only layout there) keeps its layout on
        # 4.x, where RocksDB would give a new query the chunked one: the documented opt-in.
        .config(FOLLOW_CHECKPOINT, "true")
    )
    spark = sw.configure(builder, extra_jars=[examples_jar]).getOrCreate()
    written = {}
    operators = {}
    refused = {}
    for name, store in QUERIES.items():
        if name == "chunked" and SPARK_3_5:
            continue
        spark.conf.set("spark.sql.streaming.stateStore.providerClass", store)
        if name == "rocksdb-from-3.5" and not SPARK_3_5:
            # Without the opt-in (read when the plan is built), RocksDB gives the chunked layout.
            spark.conf.set(FOLLOW_CHECKPOINT, "false")
            try:
                run_query(spark, source, root / name)
            except sw.OperatorError as error:
                refused[name] = {"condition": error.condition, "message": error.cause_message}
            else:
                sys.exit(f"{name} on pyspark {pyspark.__version__}: restarted without the opt-in")
            finally:
                spark.conf.set(FOLLOW_CHECKPOINT, "true")
        operators[name] = run_query(spark, source, root / name)
        rows = plain(spark.read.schema(SUMS_SCHEMA).json(str(root / name / "output")).collect())
        expected = tumbling_sums(so_far, 4)
        if rows != expected:
            sys.exit(
                f"{name} on pyspark {pyspark.__version__}, step {step}: the sink holds"
                f" {len(rows)} rows, {len(expected)} expected; first difference:"
                f" {next((a, b) for a, b in zip(rows + [None], expected + [None]) if a != b)}"
            )
        written[name] = len(rows)
    spark.stop()
    print(
        json.dumps(
            {
                "pyspark": pyspark.__version__,
                "rows": written,
                "operators": operators,
                "refused": refused,
            }
        )
    )


def run_query(spark: SparkSession, source: Path, place: Path) -> str:
    """Runs the query with its checkpoint and sink in ``place`` over what ``source`` holds,
    stops it, and returns the name of the stateful operator that ran."""
    stream = spark.readStream.schema(READINGS_SCHEMA).option("maxFilesPerTrigger", 1).json(
        str(source)
    )
    sums = sw.run_operator(
        stream,
        WINDOW_SUM,
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema=SUMS_SCHEMA,
    )
    query = (
        sums.writeStream.format("json")
        .option("path", str(place / "output"))
        .option("checkpointLocation", str(place / "checkpoint"))
        .start()
    )
    try:
        query.processAllAvailable()
        operator: str = query.lastProgress["stateOperators"][0]["operatorName"]
    finally:
        query.stop()
    return operator

if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), sw.examples_jar_path())
