"""Runs IBM's compiled FunctionAggregate through run_operator on a fresh local Spark and prints,
as JSON, the strings it produced.

test_ibm_operators.py runs this in a subprocess: spark.jars is read only when a process starts its
JVM, so the shared test session cannot gain IBM's jar. Usage:
python ibm_operator_job.py <jars, os.pathsep-separated> <functionalLogic> <keyGetter>
    <strings as JSON> <scratch directory>
"""

from __future__ import annotations

import json
import os
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import streams_window as sw

FUNCTION_AGGREGATE = "com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate"
WINDOW = "partitioned, sliding, count(2), count(1)"


def main(jars: list[str], logic: str, key_getter: str, strings: list[str], scratch: str) -> list[str]:
    builder = (
        SparkSession.builder.master("local[1]")
        .appName("streams-window IBM operator test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "1")
        .config("spark.sql.warehouse.dir", f"{scratch}/warehouse")
    )
    spark = sw.configure(builder, extra_jars=jars).getOrCreate()
    try:
        # IBM's port schema for strings is tuple<rstring string>; the Spark key k (the first
        # letter, what the key getter returns) is no attribute of it: partition_by_keys_only.
        # One input partition: its order is each key's arrival order.
        df = (
            spark.createDataFrame([(s,) for s in strings], "string string")
            .coalesce(1)
            .withColumn("k", F.substring("string", 1, 1))
        )
        out = sw.run_operator(
            df,
            FUNCTION_AGGREGATE,
            window=WINDOW,
            partition_by="k",
            partition_by_keys_only=True,
            params={"functionalLogic": [logic], "keyGetter": [key_getter]},
            output_schema="string string",
        )
        return sorted(row.string for row in out.collect())
    finally:
        spark.stop()


if __name__ == "__main__":
    jars_arg, logic_arg, key_arg, strings_arg, scratch_arg = sys.argv[1:]
    print(
        json.dumps(
            main(jars_arg.split(os.pathsep), logic_arg, key_arg, json.loads(strings_arg), scratch_arg)
        )
    )
