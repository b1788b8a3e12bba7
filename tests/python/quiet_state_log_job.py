"""Logs, through the logger of Spark's state store changelog writer in a session made by
configure(), the error a stop interrupting a changelog commit gives, then another error
(test_quiet_logs.py reads this process's stderr)."""

from __future__ import annotations

from pyspark.sql import SparkSession

import streams_window as sw

spark = sw.configure(SparkSession.builder.master("local[1]")).getOrCreate()
jvm = spark.sparkContext._jvm
assert jvm is not None
logger = jvm.org.apache.logging.log4j.LogManager.getLogger(
    "org.apache.spark.sql.execution.streaming.state.StateStoreChangelogWriterV2"
)
logger.error("Fail to commit changelog file file:/tmp/state/0/1/5.changelog because of exception")
logger.error("Some other state store error")
spark.stop()
