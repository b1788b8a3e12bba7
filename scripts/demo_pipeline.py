"""The pipeline scripts/demo runs: IBM Streams windows on Spark Structured Streaming.

Sensor readings arrive as JSON files in a folder. An unchanged IBM-style Java operator,
``io.streamswindow.examples.WindowSum``, sums each sensor's readings over a partitioned tumbling
``count(4)`` window; a second one, ``IncrementalAverage`` (a ``StatefulWindowListener``), keeps a
sliding ``count(3)`` moving average. After each file the script prints what the operators
submitted. Half-way the query is stopped and started again from its checkpoint: the windows carry
on where they were.

With ``--connect`` the same pipeline runs on a Spark Connect session: ``sw.configure`` on a
``SparkSession.builder.remote("local[2]")`` builder starts a local Connect server with
streams-window's jar and relation plugin, and the script is its client. The queries then write
JSON files, which the script reads after each file (a ``foreachBatch`` function would run in the
server's Python worker, where its prints are not this script's).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

from pyspark.sql import DataFrame, SparkSession

import streams_window as sw

SCHEMA = "sensor string, seq long, celsius double"

# Four files of readings for two sensors; seq is each reading's arrival order.
FILES = [
    [("s1", 1, 20.0), ("s2", 2, 30.0), ("s1", 3, 21.0), ("s1", 4, 22.0)],
    [("s2", 5, 31.0), ("s1", 6, 23.0), ("s2", 7, 32.0), ("s2", 8, 33.0)],
    [("s1", 9, 24.0), ("s1", 10, 25.0), ("s2", 11, 34.0), ("s1", 12, 26.0)],
    [("s1", 13, 27.0), ("s2", 14, 35.0), ("s2", 15, 36.0), ("s2", 16, 37.0)],
]


def write_file(folder: Path, index: int, rows: list[tuple[str, int, float]]) -> None:
    """Writes one file atomically, so the file source never sees half of it."""
    tmp = folder / f".file{index}.json.tmp"
    with tmp.open("w") as out:
        for sensor, seq, celsius in rows:
            out.write(json.dumps({"sensor": sensor, "seq": seq, "celsius": celsius}) + "\n")
    tmp.rename(folder / f"file{index}.json")


def start(spark: SparkSession, inbox: Path, checkpoints: Path, *, connect: bool = False):
    readings = spark.readStream.schema(SCHEMA).option("maxFilesPerTrigger", 1).json(str(inbox))
    sums = sw.run_operator(
        readings,
        "io.streamswindow.examples.WindowSum",
        window="partitioned, tumbling, count(4)",
        partition_by="sensor",
        order_by="seq",
        params={"attr": "celsius"},
        output_schema="sensor string, seq long, total double, count long",
    )
    averages = sw.run_operator(
        readings,
        "io.streamswindow.examples.IncrementalAverage",
        window="partitioned, sliding, count(3)",
        partition_by="sensor",
        order_by="seq",
        params={"attr": "celsius"},
        output_schema="sensor string, seq long, average double, count long",
    )

    def show(title: str):
        def each_batch(batch: DataFrame, batch_id: int) -> None:
            rows = batch.orderBy("seq").collect()
            for row in rows:
                print(f"  {title:<22} {row.asDict()}")

        return each_batch

    if connect:
        return [
            FileQuery(spark, frame, title, checkpoints / name)
            for frame, title, name in (
                (sums, "tumbling count(4) sum", "sums"),
                (averages, "sliding count(3) avg", "averages"),
            )
        ]
    return [
        sums.writeStream.foreachBatch(show("tumbling count(4) sum"))
        .option("checkpointLocation", str(checkpoints / "sums"))
        .start(),
        averages.writeStream.foreachBatch(show("sliding count(3) avg"))
        .option("checkpointLocation", str(checkpoints / "averages"))
        .start(),
    ]


SHOWN: dict[Path, set[tuple]] = {}


class FileQuery:
    """A query into a folder of JSON files whose new rows are printed after each run (Connect
    mode; a file sink, unlike a memory table, restarts from its checkpoint)."""

    def __init__(self, spark: SparkSession, frame: DataFrame, title: str, folder: Path):
        self.spark, self.frame, self.title, self.folder = spark, frame, title, folder
        self.query = (
            frame.writeStream.format("json")
            .option("path", str(folder / "out"))
            .option("checkpointLocation", str(folder / "checkpoint"))
            .start()
        )
        # Rows printed before, by this query or by its run before the restart.
        self.shown = SHOWN.setdefault(folder, set())

    def processAllAvailable(self) -> None:
        self.query.processAllAvailable()
        written = self.spark.read.schema(self.frame.schema).json(str(self.folder / "out"))
        for row in written.orderBy("seq").collect():
            if tuple(row) not in self.shown:
                print(f"  {self.title:<22} {row.asDict()}")
                self.shown.add(tuple(row))

    def stop(self) -> None:
        self.query.stop()


def run(queries, label: str) -> None:
    print(label)
    for query in queries:
        query.processAllAvailable()


def main(connect: bool) -> None:
    if connect:
        # A local Spark Connect server, started by this process; the session is its client.
        builder = SparkSession.builder.remote("local[2]")
        # PySpark hands the builder's settings to the server it starts, then tries them again on
        # the Connect session, where static ones (spark.jars, ...) cannot change: it warns for
        # each, though they took effect on the server.
        warnings.filterwarnings("ignore", message="Failed to set spark\\.", category=UserWarning)
    else:
        builder = SparkSession.builder.master("local[2]")
    builder = builder.appName("streams-window demo").config("spark.sql.shuffle.partitions", "2")
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    print(f"session: {type(spark).__module__}.{type(spark).__name__}")
    with tempfile.TemporaryDirectory(prefix="streams-window-demo-") as work:
        inbox, checkpoints = Path(work, "inbox"), Path(work, "checkpoints")
        inbox.mkdir()
        queries = start(spark, inbox, checkpoints, connect=connect)
        for i, rows in enumerate(FILES[:2]):
            write_file(inbox, i, rows)
            run(queries, f"after file {i} {[r[:2] for r in rows]}:")
        for query in queries:
            query.stop()
        print("-- queries stopped; restarting from their checkpoints --")
        queries = start(spark, inbox, checkpoints, connect=connect)
        for i, rows in enumerate(FILES[2:], start=2):
            write_file(inbox, i, rows)
            run(queries, f"after file {i} {[r[:2] for r in rows]}:")
        for query in queries:
            query.stop()
    spark.stop()


if __name__ == "__main__":
    os.environ.setdefault("PYSPARK_PYTHON", os.sys.executable)
    main(connect="--connect" in sys.argv[1:])
