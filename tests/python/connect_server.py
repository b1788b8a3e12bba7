"""A Spark Connect server for the tests, in its own process, set up as on a cluster.

Started by the ``connect_spark`` fixture (conftest.py). A process that runs a classic
SparkSession cannot also start a local Connect server (PySpark refuses a second session), so the
server lives here: a classic local[2] session built with ``streams_window.configure``, that
starts Spark's Connect server (``spark.plugins``) on the given port, with streams-window's jar
and relation plugin: the two settings docs/connect.md gives for a cluster. (A
``remote("local[...]")`` builder would serve on the fixed port 15002 only, which test runs side
by side on one machine would share.)

Usage: python connect_server.py PORT EXAMPLES_JAR WAREHOUSE_DIR [MASTER [MORE_JARS]]
    (the token clients must send is the environment's SPARK_CONNECT_AUTHENTICATE_TOKEN; MASTER
    defaults to local[2]; MORE_JARS, comma-separated, join the examples jar: Spark's Kafka
    connector for real_time_job.py)
Prints "ready" once the server listens, and serves until its standard input closes.
"""

from __future__ import annotations

import sys

from pyspark.sql import SparkSession

import streams_window as sw


def main() -> None:
    port, examples_jar, warehouse = sys.argv[1:4]
    master = sys.argv[4] if len(sys.argv) > 4 else "local[2]"
    more_jars = [jar for jar in sys.argv[5].split(",") if jar] if len(sys.argv) > 5 else []
    builder = (
        SparkSession.builder.master(master)
        .appName("streams-window Connect tests")
        .config("spark.plugins", "org.apache.spark.sql.connect.SparkConnectPlugin")
        .config("spark.connect.grpc.binding.port", port)
        .config(
            "spark.connect.extensions.relation.classes",
            "io.streamswindow.spark.connect.WindowRelationPlugin",
        )
        .config(
            "spark.connect.extensions.expression.classes",
            "io.streamswindow.spark.connect.SplColumnExpressionPlugin",
        )
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.warehouse.dir", warehouse)
    )
    spark = sw.configure(builder, extra_jars=[examples_jar, *more_jars]).getOrCreate()
    print("ready", flush=True)
    sys.stdin.read()
    spark.stop()


if __name__ == "__main__":
    main()
