"""A stream whose rows go back in order_by order across micro-batches, in a session with the
Spark UI on, for test_quiet_logs.py, which reads what it printed: where the UI is, the one warning
of the query run, and the counts its progress holds.

Usage: python behind_order_job.py <scratch directory>
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pyspark.sql import SparkSession

import streams_window as sw
from support import READINGS_SCHEMA, WINDOW_SUM, StreamInput, data_batches


def main(scratch: Path) -> None:
    builder = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.port", "0")  # the UI on a free port, whose address is printed
        .config("spark.sql.shuffle.partitions", "2")
    )
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    source = StreamInput(scratch)
    source.write([("a", 10, 1.0), ("a", 11, 1.0), ("b", 10, 1.0)])
    source.write([("a", 3, 1.0), ("a", 4, 1.0), ("b", 11, 1.0)])  # a goes back: 2 rows
    source.write([("a", 5, 1.0), ("b", 1, 1.0)])  # b goes back: 1 row, not logged again
    query = (
        sw.run_operator(
            spark.readStream.schema(READINGS_SCHEMA)
            .option("maxFilesPerTrigger", 1)
            .json(str(source.directory)),
            WINDOW_SUM,
            window="partitioned, tumbling, count(2)",
            partition_by="key",
            order_by="seq",
            params={"attr": "cost"},
            output_schema="key string, total double",
        )
        .writeStream.format("noop")
        .option("checkpointLocation", str(scratch / "checkpoint"))
        .start()
    )
    query.processAllAvailable()
    query.stop()

    behind = [
        progress.observedMetrics["streams_window WindowSum"]["rows_behind_order_by"]
        for progress in data_batches(query)
    ]
    print(json.dumps({"rows_behind_order_by": behind}), flush=True)
    spark.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
