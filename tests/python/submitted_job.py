"""Run by spark-submit from test_spark_session.py: prints, as JSON, the spark.jars of a session
built with streams_window.configure() inside a submitted application, and a WindowSum result."""

from __future__ import annotations

import json
import sys

from pyspark.sql import SparkSession

import streams_window as sw

builder = SparkSession.builder.config("spark.ui.enabled", "false")
spark = sw.configure(builder).getOrCreate()
df = spark.createDataFrame(
    [("a", i, float(i)) for i in range(4)], "key string, seq long, cost double"
)
rows = sw.run_operator(
    df,
    "io.streamswindow.examples.WindowSum",
    window="tumbling, count(4)",
    order_by="seq",
    params={"attr": "cost"},
    output_schema="total double",
).collect()
print(
    json.dumps(
        {
            "jars": spark.sparkContext.getConf().get("spark.jars").split(","),
            "totals": [row.total for row in rows],
            "state_store": spark.conf.get("spark.sql.streaming.stateStore.providerClass"),
            "changelog": spark.conf.get(
                "spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled"
            ),
        }
    ),
    file=sys.stdout,
)
spark.stop()
