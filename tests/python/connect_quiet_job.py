"""A user's session on a local Spark Connect server, for test_quiet_logs.py, which reads what it
printed: a run_operator() call the server refuses, its error caught, then the session's end.

Usage: python connect_quiet_job.py EXAMPLES_JAR
"""

from __future__ import annotations

import sys

from pyspark.sql import SparkSession

import streams_window as sw
from support import READINGS_SCHEMA, WINDOW_SUM, readings


def main(examples_jar: str) -> None:
    # No settings of the caller's: each one a Connect client cannot set again warns (Spark's).
    builder = SparkSession.builder.remote("local[1]")
    spark = sw.configure(builder, extra_jars=[examples_jar]).getOrCreate()
    rows = spark.createDataFrame(readings(["a"], 4), READINGS_SCHEMA)
    try:
        sw.run_operator(
            rows,
            WINDOW_SUM,
            window="tumbling, count(2)",
            order_by="sequence",
            params={"attr": "cost"},
            output_schema="key string, total double",
        ).collect()
    except sw.ArgumentError as error:
        print(f"caught: {str(error).splitlines()[0]}", flush=True)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1])
