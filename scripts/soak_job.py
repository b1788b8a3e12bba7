"""One life of the soak's Spark driver (scripts/soak.py starts it and kills it with SIGKILL).

Runs a partitioned streaming pipeline from the soak's input files to a JSON file sink with a
checkpointLocation, RunningTotals (an IBM-style operator with StateHandler state) over a
partitioned tumbling count window, until every file present is processed; then, when asked
with --read-sink, writes the rows the sink holds (read through its metadata log, so only
committed micro-batches count) to a JSON file.

Usage: soak_job.py ROOT [--read-sink RESULT.json]
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from pyspark.sql import SparkSession

import streams_window as sw

SCHEMA = "key string, seq long, v double"
OUTPUT = "key string, seq long, window_no long, count long, total double, running double"
WINDOW = "partitioned, tumbling, count(5)"


def main() -> None:
    root = Path(sys.argv[1])
    builder = (
        SparkSession.builder.master("local[2]")
        .appName("streams-window soak")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
    )
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    stream = (
        spark.readStream.schema(SCHEMA).option("maxFilesPerTrigger", 1).json(str(root / "input"))
    )
    totals = sw.run_operator(
        stream,
        "io.streamswindow.examples.RunningTotals",
        window=WINDOW,
        partition_by="key",
        order_by="seq",
        params={"attr": "v"},
        output_schema=OUTPUT,
    )
    query = (
        totals.writeStream.format("json")
        .option("path", str(root / "output"))
        .option("checkpointLocation", str(root / "checkpoint"))
        .start()
    )
    # Tells the soak's loop that this life's query runs: its kill comes a random time after.
    (root / f"started-{os.getpid()}").touch()
    query.processAllAvailable()
    query.stop()
    if len(sys.argv) > 3 and sys.argv[2] == "--read-sink":
        rows = spark.read.schema(OUTPUT).json(str(root / "output")).collect()
        Path(sys.argv[3]).write_text(json.dumps([list(row) for row in rows]))
    spark.stop()


if __name__ == "__main__":
    main()
