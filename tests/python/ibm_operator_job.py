"""Runs IBM's compiled FunctionAggregate (keyed by its key getter) and FunctionTransform (on its
tuple<xml document> port) through run_operator on a fresh local Spark and prints, as JSON, the
strings they produced.

test_ibm_operators.py runs this in a subprocess: spark.jars is read only when a process starts its
JVM, so the shared test session cannot gain IBM's jar. Usage:
python ibm_operator_job.py <request as JSON: jars, the serialized functions, inputs, scratch>
"""

from __future__ import annotations

import json
import sys
from typing import Any

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import streams_window as sw

FUNCTION_AGGREGATE = "com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate"
FUNCTION_TRANSFORM = "com.ibm.streamsx.topology.internal.functional.ops.FunctionTransform"
WINDOW = "partitioned, sliding, count(2), count(1)"


def main(request: dict[str, Any]) -> dict[str, list[str]]:
    builder = (
        SparkSession.builder.master("local[1]")
        .appName("streams-window IBM operator test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "1")
        .config("spark.sql.warehouse.dir", f"{request['scratch']}/warehouse")
    )
    spark = sw.configure(builder, extra_jars=request["jars"]).getOrCreate()
    try:
        aggregate, xml = request["aggregate"], request["xml"]
        # IBM's port schema for strings is tuple<rstring string>; the Spark key k (the first
        # letter, what the key getter returns) is no attribute of it: partition_by_keys_only.
        # One input partition: its order is each key's arrival order.
        strings = (
            spark.createDataFrame([(s,) for s in aggregate["strings"]], "string string")
            .coalesce(1)
            .withColumn("k", F.substring("string", 1, 1))
        )
        aggregated = sw.run_operator(
            strings,
            FUNCTION_AGGREGATE,
            window=WINDOW,
            partition_by="k",
            partition_by_keys_only=True,
            params={
                "functionalLogic": [aggregate["logic"]],
                "keyGetter": [aggregate["key_getter"]],
            },
            output_schema="string string",
        )
        # IBM's schema for a stream of XML documents is tuple<xml document>.
        documents = spark.createDataFrame([(d,) for d in xml["documents"]], "document string")
        read = sw.run_operator(
            documents,
            FUNCTION_TRANSFORM,
            window=None,
            spl_types={"document": "xml"},
            params={"functionalLogic": [xml["read"]]},
            output_schema="string string",
        )
        unchanged = sw.run_operator(
            documents,
            FUNCTION_TRANSFORM,
            window=None,
            spl_types={"document": "xml"},
            params={"functionalLogic": [xml["identity"]]},
            output_schema="document string",
            output_spl_types={"document": "xml"},
        )
        return {
            "aggregated": sorted(row.string for row in aggregated.collect()),
            "read": sorted(row.string for row in read.collect()),
            "unchanged": sorted(row.document for row in unchanged.collect()),
        }
    finally:
        spark.stop()


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))))
