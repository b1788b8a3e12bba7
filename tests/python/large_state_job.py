"""Holds windows of 20M tuples in all on a driver of 2 GiB, as a stream, and prints what it found.

test_large_state.py runs it in a subprocess (its own JVM, with spark.driver.memory=2g):
200 keys each fill a ``tumbling, count(100000)`` window over 40 micro-batches of 500,000 rows,
so just before the last micro-batch's tumbles the windows hold 19.5M tuples, and the tumbles show
all 20M. Usage: python large_state_job.py <scratch directory> [files] [rows per file] [keys]
(one key: a single window of files x rows tuples, docs/reliability.md).
"""

from __future__ import annotations

import json
import os
import sys
import time

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import streams_window as sw

KEYS = 200


def main(scratch: str, files: int, rows: int, keys: int = KEYS) -> dict[str, object]:
    builder = (
        SparkSession.builder.master("local[2]")
        .appName("streams-window large state")
        .config("spark.driver.memory", "2g")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
    )
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    try:
        folder = os.path.join(scratch, "input")
        for index in range(files):
            # Row i of file f: key i % KEYS, seq f * rows + i, cost 1 + (seq % 7).
            (
                spark.range(rows, numPartitions=1)
                .select(
                    (F.col("id") % keys).alias("key"),
                    (F.col("id") + index * rows).alias("seq"),
                    (1 + (F.col("id") + index * rows) % 7).cast("double").alias("cost"),
                )
                .write.mode("append")
                .parquet(os.path.join(folder, f"batch={index:03d}"))
            )
        stream = (
            spark.readStream.schema("key long, seq long, cost double")
            .option("maxFilesPerTrigger", 1)
            .option("recursiveFileLookup", "true")
            .parquet(folder)
        )
        window = files * rows // keys
        sums = sw.run_operator(
            stream,
            "io.streamswindow.examples.WindowSum",
            window=f"partitioned, tumbling, count({window})",
            partition_by="key",
            order_by="seq",
            params={"attr": "cost"},
            output_schema="key long, seq long, total double, count long",
        )
        started = time.monotonic()
        query = (
            sums.writeStream.format("parquet")
            .option("path", os.path.join(scratch, "output"))
            .option("checkpointLocation", os.path.join(scratch, "checkpoint"))
            .start()
        )
        try:
            query.processAllAvailable()
            batches = [p for p in query.recentProgress if p["numInputRows"] > 0]
        finally:
            query.stop()
        seconds = time.monotonic() - started
        out = spark.read.parquet(os.path.join(scratch, "output"))
        expected = (
            spark.read.parquet(folder)
            .groupBy("key")
            .agg(F.sum("cost").alias("total"), F.count("*").alias("count"))
        )
        found = sorted(tuple(r) for r in out.select("key", "total", "count").collect())
        wanted = sorted(tuple(r) for r in expected.collect())
        return {
            "windows": len(found),
            "tuples_shown": sum(r[2] for r in found),
            "equal": found == wanted,
            "batches": len(batches),
            "seconds": round(seconds, 1),
            "max_heap": spark.sparkContext._jvm.java.lang.Runtime.getRuntime().maxMemory(),
        }
    finally:
        spark.stop()


if __name__ == "__main__":
    arguments = sys.argv[1:]
    files = int(arguments[1]) if len(arguments) > 1 else 40
    rows = int(arguments[2]) if len(arguments) > 2 else 500_000
    keys = int(arguments[3]) if len(arguments) > 3 else KEYS
    print(json.dumps(main(arguments[0], files, rows, keys)))
