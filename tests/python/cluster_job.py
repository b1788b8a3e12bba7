"""Runs WindowSum on a local-cluster master (two executor JVMs) and prints what it found, as JSON.

test_local_cluster.py runs this in a subprocess: a process can hold only one SparkContext, and
the other tests share a local[2] one. Usage: python cluster_job.py <scratch directory>
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from pyspark.sql import SparkSession

import streams_window as sw
from streams_window.errors import translate
from streams_window.testing import single_instance_run
from support import (
    FAILING_OPERATOR,
    RESOURCE_LABEL,
    RESOURCE_LABEL_OUTPUT,
    application_bundle,
    READINGS_SCHEMA,
    SUMS_SCHEMA,
    WINDOW_SUM,
    plain,
    readings,
    shuffled,
    tumbling_sums,
)

EXECUTORS = 2


def main(scratch: str) -> dict[str, Any]:
    builder = (
        SparkSession.builder.master(f"local-cluster[{EXECUTORS},1,1024]")
        .appName("streams-window local-cluster test")
        .config("spark.executor.memory", "512m")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        # The failing operator fails on every attempt: retrying its task elsewhere only costs time.
        .config("spark.task.maxFailures", "1")
        .config("spark.sql.warehouse.dir", f"{scratch}/warehouse")
    )
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    try:
        return {**run(spark), "resources": resources(spark, scratch)}
    finally:
        spark.stop()


def run(spark: SparkSession) -> dict[str, Any]:
    context = spark.sparkContext._jsc.sc()
    deadline = time.monotonic() + 90
    # The driver counts as one entry; executors register a few seconds after start.
    while context.getExecutorMemoryStatus().size() < EXECUTORS + 1:
        if time.monotonic() > deadline:
            raise TimeoutError("the local-cluster executors did not register within 90 s")
        time.sleep(0.2)

    rows = readings(["a", "b", "c", "d", "e", "f"], 21)
    df = spark.createDataFrame(shuffled(rows), READINGS_SCHEMA).repartition(4)
    arguments: dict[str, Any] = dict(
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema=SUMS_SCHEMA,
    )
    actual = plain(sw.run_operator(df, WINDOW_SUM, **arguments).collect())
    expected = plain(single_instance_run(df, WINDOW_SUM, **arguments).collect())

    # Event-time panes (overlapping), with the watermark at the end of the input.
    timed = df.withColumn("secs", df["seq"] / 2.0)
    panes: dict[str, Any] = dict(
        window="partitioned, timeInterval, intervalDuration(10.0), creationPeriod(4.0)",
        partition_by="key",
        event_time="secs",
        params={"attr": "cost"},
        output_schema="key string, total double, count long",
    )
    panes_actual = plain(sw.run_operator(timed, WINDOW_SUM, **panes).collect())
    panes_expected = plain(single_instance_run(timed, WINDOW_SUM, **panes).collect())

    failing = sw.run_operator(
        df,
        FAILING_OPERATOR,
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"failAt": 2},
        output_schema="key string",
    )
    try:
        failing.collect()
        failure = None
    except Exception as error:  # noqa: BLE001 - what it is, is the test's business
        translated = translate(error)
        failure = {
            "type": type(translated).__name__,
            "operator": getattr(translated, "operator", None),
            "cause_message": getattr(translated, "cause_message", None),
        }

    summaries = context.statusStore().executorList(True)
    tasks = {
        summaries.apply(i).id(): summaries.apply(i).totalTasks() for i in range(summaries.length())
    }
    return {
        "actual": actual,
        "expected": expected,
        "python_expected": tumbling_sums(rows, 4),
        "tasks_per_executor": tasks,
        "failure": failure,
        "panes_actual": panes_actual,
        "panes_expected": panes_expected,
    }


def resources(spark: SparkSession, scratch: str) -> list[list[str]]:
    """The labels ResourceLabel finds on the executors in the application's bundle, which Spark
    ships to them as an archive (docs/porting.md, "Class libraries and directories")."""
    from pathlib import Path

    bundle = application_bundle(Path(scratch) / "bundle", "bundle")
    spark.sparkContext.addArchive(f"{bundle}#app")
    spark.conf.set("spark.streamswindow.applicationDirectory", "app")
    spark.conf.set("spark.streamswindow.toolkitDirectory", "app/toolkit")
    labelled = sw.run_operator(
        spark.createDataFrame(readings(["a", "b", "c", "d"], 2), READINGS_SCHEMA).repartition(4),
        RESOURCE_LABEL,
        window="partitioned, tumbling, count(1)",
        partition_by="key",
        params={"file": "etc/label.txt", "library": "lib/*", "className": "greet.Hello"},
        output_schema=RESOURCE_LABEL_OUTPUT,
    )
    return sorted({(row.label, row.greeting) for row in labelled.collect()})


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))
