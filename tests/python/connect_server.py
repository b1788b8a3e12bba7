"""A Spark Connect server for the tests, in its own process, set up as on a cluster.

Started by the ``connect_spark`` fixture (conftest.py). A process that runs a classic
SparkSession cannot also start a local Connect server (PySpark refuses a second session), so the
server lives here: a classic local[2] session built with ``streams_window.configure``, that
starts Spark's Connect server (``spark.plugins``) on the given port, with streams-window's jar
and relation plugin: the two settings docs/connect.md gives for a cluster. (A
``remote("local[...]")`` builder would serve on the fixed port 15002 only, which test runs side
by side on one machine would share.)

Usage: python connect_server.py PORT EXAMPLES_JAR WAREHOUSE_DIR
    (the token clients must send is the environment's SPARK_CONNECT_AUTHENTICATE_TOKEN)
Prints "ready" once the server listens, and serves until its standard input closes.
"""

from __future__ import annotations

import sys

from pyspark.sql import SparkSession

import streams_window as sw


def main() -> None:
    port, examples_jar, warehouse = sys.argv[1:4]
    builder = (
        SparkSession.builder.master("local[2]")
        .appName("streams-window Connect tests")
        .config("spark.plugins", "org.apache.spark.sql.connect.SparkConnectPlugin")
        .config("spark.connect.grpc.binding.port", port)
        .config(
            "spark.connect.extensions.relation.classes",
            "io.streamswindow.spark.connect.WindowRelationPlugin",
        )
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.warehouse.dir", warehouse)
    )
    spark = sw.configure(builder, extra_jars=[examples_jar]).getOrCreate()
    print("ready", flush=True)
    sys.stdin.read()
    spark.stop()


if __name__ == "__main__":
    main()
