"""Runs an operator compiled outside this project on a fresh local Spark and prints, as JSON, the
rows it produced and what the dry run said about a bad parameter.

test_own_operator.py runs this in a subprocess: spark.jars is read only when a process starts its
JVM, so the shared test session cannot gain the new jar. Usage:
python own_operator_job.py <operator jar> <operator class> <rows as JSON> <scratch directory>
"""

from __future__ import annotations

import json
import sys
from typing import Any

from pyspark.sql import SparkSession

import streams_window as sw
from streams_window.errors import ArgumentError

INPUT_SCHEMA = "key string, seq long, value double"
OUTPUT_SCHEMA = "key string, seq long, spread double, count long"
WINDOW = "partitioned, tumbling, count(3)"


def main(jar: str, operator: str, rows: list[list[Any]], scratch: str) -> dict[str, Any]:
    builder = (
        SparkSession.builder.master("local[1]")
        .appName("streams-window own operator test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "1")
        .config("spark.sql.warehouse.dir", f"{scratch}/warehouse")
    )
    spark = sw.configure(builder, extra_jars=[jar]).getOrCreate()
    try:
        readings = spark.createDataFrame([tuple(row) for row in rows], INPUT_SCHEMA)
        spreads = sw.run_operator(
            readings,
            operator,
            window=WINDOW,
            partition_by="key",
            order_by="seq",
            params={"attr": "value", "scale": 2.0},
            output_schema=OUTPUT_SCHEMA,
        )
        produced = sorted([list(row) for row in spreads.collect()])
        # Jobs run outside any job group so far: counted to show the refusal below runs none.
        jobs = spark.sparkContext.statusTracker().getJobIdsForGroup()
        try:
            # The operator checks its attribute name in initialize(): the driver's dry run
            # refuses it here, before any job.
            sw.run_operator(
                readings,
                operator,
                window=WINDOW,
                partition_by="key",
                params={"attr": "price"},
                output_schema=OUTPUT_SCHEMA,
            )
            refused = None
        except ArgumentError as error:
            refused = error.java_message
        jobs_after = spark.sparkContext.statusTracker().getJobIdsForGroup()
        return {
            "rows": produced,
            "jobs_for_rows": len(jobs),
            "refused": refused,
            "jobs_for_refusal": len(jobs_after) - len(jobs),
        }
    finally:
        spark.stop()


if __name__ == "__main__":
    jar_arg, operator_arg, rows_arg, scratch_arg = sys.argv[1:]
    print(json.dumps(main(jar_arg, operator_arg, json.loads(rows_arg), scratch_arg)))
