"""Streaming queries in Spark's real-time mode (Spark 4.3+): Kafka in, an operator or SPL
Aggregate with ``real_time=True``, Kafka out, each query under ``trigger(realTime=...)`` with
``outputMode("update")``; prints, as JSON, what each did.

test_real_time.py runs this in a subprocess: spark.jars is read only when a process starts its
JVM, so the shared test session cannot gain Spark's Kafka connector, and real-time mode runs
every stage's tasks at once, which takes more task slots (local[32]) than the shared session has.

Usage: python real_time_job.py <bootstrap> <connector jars, comma-separated> <scratch directory>
    <what> <arguments as JSON>, where <what> is:

* ``arrival``: WindowSum over ``partitioned, tumbling, count(4)`` from topic ``source`` to
  ``sink``, under a real-time trigger of ``batch_seconds``; once the query runs, ``rows`` are
  written to ``source`` and the job waits (at most ``wait_seconds``) until every window's sum is
  in ``sink``. Reports how long after the writing the last sum came, and how many batches ended.
* ``policies``: one query per window of ``windows`` (name to [window clause, source, sink]),
  ``sw.aggregate`` summing ``cost`` per key: counts, deltas, punctuation (``mark`` column) and
  time; ``ports``: PortWindowSums over two topics; ``join``: ``sw.join`` of two topics key by
  key; and ``sort``: ``sw.sort``'s progressive sort of a topic. They run at once, each until its
  sink holds what the test expects, as the test gave it, or ``wait_seconds``.
* ``connect_arrival``: ``arrival`` as a client of a Spark Connect server that this job starts
  (connect_server.py, in its own process, with the connector's jars and local[8]).
* ``restartable``: WindowSum as for ``arrival`` on checkpoint ``checkpoint``, reading ``source``
  until ``until`` records of ``sink`` exist (the test kills the process before, or not).
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.streaming import StreamingQuery

import streams_window as sw
from kafka_broker import KafkaClient
from support import READINGS_SCHEMA, SUMS_SCHEMA, WINDOW_SUM

PORT_WINDOW_SUMS = "io.streamswindow.examples.PortWindowSums"


def readings(spark: SparkSession, bootstrap: str, topic: str, schema: str) -> DataFrame:
    return (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", topic)
        .option("startingOffsets", "earliest")
        .load()
        .select(F.from_json(F.col("value").cast("string"), schema).alias("row"))
        .select("row.*")
    )


def to_kafka(
    results: DataFrame, bootstrap: str, sink: str, checkpoint: str, batch_seconds: int
) -> StreamingQuery:
    return (
        results.select(F.col("key"), F.to_json(F.struct(*results.columns)).alias("value"))
        .writeStream.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("topic", sink)
        .option("checkpointLocation", checkpoint)
        .outputMode("update")
        .trigger(realTime=f"{batch_seconds} seconds")
        .start()
    )


def window_sums(spark: SparkSession, bootstrap: str, source: str) -> DataFrame:
    return sw.run_operator(
        readings(spark, bootstrap, source, READINGS_SCHEMA),
        WINDOW_SUM,
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        params={"attr": "cost"},
        output_schema=SUMS_SCHEMA,
        real_time=True,
    )


def records(kafka: KafkaClient, topic: str) -> int:
    return sum(kafka.end_offsets(topic).values())


def wait_for(kafka: KafkaClient, topic: str, count: int, seconds: float) -> float | None:
    """Seconds until ``topic`` holds ``count`` records, or None after ``seconds``."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if records(kafka, topic) >= count:
            return time.monotonic() - started
        time.sleep(0.2)
    return None


def ended_batches(query: StreamingQuery) -> int:
    return len(query.recentProgress)


def arrival(spark: SparkSession, bootstrap: str, scratch: str, a: dict[str, Any]) -> Any:
    kafka = KafkaClient(bootstrap)
    query = to_kafka(
        window_sums(spark, bootstrap, a["source"]),
        bootstrap,
        a["sink"],
        f"{scratch}/arrival",
        a["batch_seconds"],
    )
    try:
        # The query reads from the start of the topic: waiting for it to run first leaves the
        # rows to arrive while a real-time batch is open.
        deadline = time.monotonic() + 60
        while not query.status["isTriggerActive"] and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1)
        batches_before = ended_batches(query)
        kafka.produce(
            a["source"],
            [
                (key, json.dumps({"key": key, "seq": seq, "cost": cost}))
                for key, seq, cost in a["rows"]
            ],
        )
        waited = wait_for(kafka, a["sink"], a["expected"], a["wait_seconds"])
        return {
            "seconds_after_writing": waited,
            "batches_ended_meanwhile": ended_batches(query) - batches_before,
        }
    finally:
        query.stop()


def delivered(
    kafka: KafkaClient, runs: dict[str, tuple[DataFrame, str, int]], scratch: str, a: dict[str, Any]
) -> dict[str, float | None]:
    """Runs every query of ``runs`` (name to results, sink, records expected) to its sink in
    real-time mode, all at once, until each sink holds what is expected (the seconds that took,
    from the start of the wait for it) or ``wait_seconds`` pass (None), then stops them."""
    queries = [
        to_kafka(results, kafka.bootstrap, sink, f"{scratch}/{name}", a["batch_seconds"])
        for name, (results, sink, _) in runs.items()
    ]
    try:
        return {
            name: wait_for(kafka, sink, expected, a["wait_seconds"])
            for name, (_, sink, expected) in runs.items()
        }
    finally:
        for query in queries:
            query.stop()


def policies(spark: SparkSession, bootstrap: str, scratch: str, a: dict[str, Any]) -> Any:
    # The queries run at once, each on task slots of its own (main's local[32]).
    runs: dict[str, tuple[DataFrame, str, int]] = {}
    for name, (window, source, sink, expected) in a["windows"].items():
        punct = "punct()" in window
        stream = readings(
            spark, bootstrap, source, READINGS_SCHEMA + (", mark boolean" if punct else "")
        )
        results = sw.aggregate(
            stream,
            window=window,
            partition_by="key",
            output={"total": "Sum(cost)", "n": "Count()"},
            marker_column="mark" if punct else None,
            real_time=True,
        )
        runs[name] = (results, sink, expected)
    source, second, sink, expected = a["ports"]
    sums = sw.run_operator(
        readings(spark, bootstrap, source, READINGS_SCHEMA),
        PORT_WINDOW_SUMS,
        window="partitioned, tumbling, count(2)",
        partition_by="key",
        inputs=[readings(spark, bootstrap, second, READINGS_SCHEMA)],
        input_windows=["partitioned, tumbling, count(3)"],
        params={"attr": "cost"},
        output_schema="key string, port int, total double, count long",
        real_time=True,
    )
    runs["ports"] = (sums, sink, expected)
    # SPL Join of two topics, key by key; windows that keep every row of a key, so that each pair
    # matches once whichever of its rows comes first.
    left, right, sink, expected = a["join"]
    kept = "partitioned, sliding, count(100)"
    joined = sw.join(
        readings(spark, bootstrap, left, READINGS_SCHEMA),
        readings(spark, bootstrap, right, READINGS_SCHEMA),
        left_window=kept, right_window=kept, partition_by_lhs="key", partition_by_rhs="key",
        equality_lhs="L.key", equality_rhs="R.key",
        output={"key": "L.key", "lseq": "L.seq", "rseq": "R.seq"}, real_time=True,
    )  # fmt: skip
    runs["join"] = (joined, sink, expected)
    # SPL Sort's progressive sort of each key's rows by cost.
    source, sink, expected = a["sort"]
    ordered = sw.sort(
        readings(spark, bootstrap, source, READINGS_SCHEMA),
        window="partitioned, sliding, count(2), count(1)", partition_by="key",
        sort_by="cost", real_time=True,
    )  # fmt: skip
    runs["sort"] = (ordered, sink, expected)
    return delivered(KafkaClient(bootstrap), runs, scratch, a)


def restartable(spark: SparkSession, bootstrap: str, scratch: str, a: dict[str, Any]) -> Any:
    kafka = KafkaClient(bootstrap)
    query = to_kafka(
        window_sums(spark, bootstrap, a["source"]),
        bootstrap,
        a["sink"],
        a["checkpoint"],
        a["batch_seconds"],
    )
    try:
        print("running", flush=True)
        waited = wait_for(kafka, a["sink"], a["until"], a["wait_seconds"])
        return {"seconds": waited}
    finally:
        query.stop()


def connect_arrival(bootstrap: str, jars: list[str], scratch: str, a: dict[str, Any]) -> Any:
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    with socket.socket() as probe:
        probe.bind(("localhost", 0))
        port = probe.getsockname()[1]
    token = secrets.token_hex(16)
    server = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("connect_server.py")), str(port),
         sw.examples_jar_path(), f"{scratch}/warehouse", "local[8]", ",".join(jars)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "SPARK_CONNECT_AUTHENTICATE_TOKEN": token},
    )  # fmt: skip
    assert server.stdout is not None and server.stdin is not None
    try:
        if not any(line.strip() == "ready" for line in server.stdout):
            raise RuntimeError(f"the Spark Connect server did not start (exit {server.wait()})")
        # This process has no classic session: PySpark's functions build Connect columns.
        os.environ["SPARK_CONNECT_MODE_ENABLED"] = "1"
        spark = ConnectSession.builder.remote(f"sc://localhost:{port}/;token={token}").getOrCreate()
        try:
            return arrival(spark, bootstrap, scratch, a)
        finally:
            spark.stop()
    finally:
        server.stdin.close()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()


def main(bootstrap: str, jars: list[str], scratch: str, what: str, arguments: Any) -> Any:
    if what == "connect_arrival":
        return connect_arrival(bootstrap, jars, scratch, arguments)
    builder = (
        # Real-time mode runs every stage's tasks at once: two topics of two partitions and two
        # shuffle partitions take six slots, and ``policies`` runs its seven queries at once.
        SparkSession.builder.master("local[32]")
        .appName("streams-window real-time test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.warehouse.dir", f"{scratch}/warehouse")
    )
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path(), *jars]).getOrCreate()
    try:
        run = {"arrival": arrival, "policies": policies, "restartable": restartable}[what]
        return run(spark, bootstrap, scratch, arguments)
    finally:
        spark.stop()


if __name__ == "__main__":
    bootstrap_arg, jars_arg, scratch_arg, what_arg, arguments_arg = sys.argv[1:]
    print(
        json.dumps(
            main(
                bootstrap_arg, jars_arg.split(","), scratch_arg, what_arg, json.loads(arguments_arg)
            )
        )
    )
