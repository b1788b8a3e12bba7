"""An operator's metrics on Spark: each key's instance counts, the query's progress combines.

IBM's runtime keeps system metrics per port (tuples processed and submitted, punctuations) and
the operator's own custom metrics. On Spark each key has its own operator instance; each
micro-batch's progress reports, under ``streams_window <operator class>``, counters summed over
keys and the largest value of each gauge (docs/python.md, "Monitoring").
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, Observation, SparkSession
from pyspark.sql.streaming import StreamingQuery

import streams_window as sw
from support import READINGS_SCHEMA, StreamInput, data_batches, metric_values

THRESHOLD_FILTER = "io.streamswindow.examples.ThresholdFilter"
OBSERVED = "streams_window ThresholdFilter"


def filtered(df: DataFrame) -> DataFrame:
    return sw.run_operator(
        df,
        THRESHOLD_FILTER,
        window="partitioned, tumbling, count(2)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost", "threshold": "5"},
        output_schema="key string, seq long, cost double",
    )


def observed(query: StreamingQuery) -> list[dict[str, Any]]:
    return [metric_values(p.observedMetrics[OBSERVED]) for p in data_batches(query)]


@pytest.mark.usefixtures("state_layout")
def test_each_micro_batch_reports_the_port_and_custom_metrics_of_all_keys(
    spark: SparkSession, tmp_path: Path
) -> None:
    source = StreamInput(tmp_path)
    batches = [
        [("a", 1, 2.0), ("a", 2, 7.5), ("b", 1, 9.0)],
        [("a", 3, 11.0), ("b", 2, 1.0), ("b", 3, 12.25), ("c", 1, 3.0)],
    ]
    query = (
        filtered(
            spark.readStream.schema(READINGS_SCHEMA)
            .option("maxFilesPerTrigger", 1)
            .json(str(source.directory))
        )
        .writeStream.format("memory")
        .queryName("thresholds")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        for rows in batches:
            source.write(rows)
            query.processAllAvailable()
        reported = observed(query)
    finally:
        query.stop()

    submitted = spark.table("thresholds").count()
    assert [m["nTuplesProcessed0"] for m in reported] == [len(rows) for rows in batches]
    assert [m["nFilteredOut"] for m in reported] == [
        sum(1 for _, _, cost in rows if cost < 5) for rows in batches
    ]
    assert [m["nTuplesSubmitted0"] for m in reported] == [
        sum(1 for _, _, cost in rows if cost >= 5) for rows in batches
    ]
    assert sum(m["nTuplesSubmitted0"] for m in reported) == submitted
    # A gauge: the largest value any key's instance set in the micro-batch (each batch here
    # raises every key's highest, so both layouts report it).
    assert [m["highestSeen"] for m in reported] == [
        math.floor(max(cost for _, _, cost in rows)) for rows in batches
    ]
    # Count windows: no window punctuation is submitted, none processed.
    assert {m["nWindowPunctsProcessed0"] for m in reported} == {0}


BATCH = [("a", 1, 2.0), ("a", 2, 7.5), ("b", 1, 9.0), ("b", 2, 1.0), ("c", 1, 6.0)]


def expected_batch_metrics() -> dict[str, Any]:
    return {
        "nTuplesProcessed0": len(BATCH),
        "nTuplesSubmitted0": sum(1 for *_, cost in BATCH if cost >= 5),
        "nFilteredOut": sum(1 for *_, cost in BATCH if cost < 5),
        "highestSeen": math.floor(max(cost for *_, cost in BATCH)),
        # A batch DataFrame ends with a final marker, one per key's instance.
        "nFinalPunctsProcessed0": len({key for key, *_ in BATCH}),
    }


def test_a_batch_without_an_observation_reports_the_metrics_in_its_query_execution(
    spark: SparkSession,
) -> None:
    # The JVM observes the report rows itself here (each metric at its index in the report's
    # array, docs/architecture.md), as a stream's progress reports them.
    result = filtered(spark.createDataFrame(BATCH, READINGS_SCHEMA))

    assert sorted(tuple(row) for row in result.collect()) == sorted(
        row for row in BATCH if row[2] >= 5
    )
    reported = result._jdf.queryExecution().observedMetrics().get(OBSERVED).get()
    assert {name: reported.getAs(name) for name in expected_batch_metrics()} == (
        expected_batch_metrics()
    )


def batch_metrics_of(
    spark: SparkSession, observation: Any
) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    passed = sw.run_operator(
        spark.createDataFrame(BATCH, READINGS_SCHEMA),
        THRESHOLD_FILTER,
        window="partitioned, tumbling, count(2)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost", "threshold": "5"},
        output_schema="key string, seq long, cost double",
        metrics=observation,
    )
    rows = sorted(tuple(row) for row in passed.collect())
    return dict(observation.get), rows


def test_a_batch_hands_the_metrics_of_all_keys_to_an_observation(spark: SparkSession) -> None:
    metrics, rows = batch_metrics_of(spark, Observation("thresholds"))

    assert rows == sorted(row for row in BATCH if row[2] >= 5)  # no report row among them
    assert {name: metrics[name] for name in expected_batch_metrics()} == expected_batch_metrics()


def test_a_batch_on_spark_connect_hands_the_same_metrics(connect_spark: SparkSession) -> None:
    # What pyspark.sql.Observation makes in a process whose sessions are all Spark Connect ones.
    from pyspark.sql.connect.observation import Observation as ConnectObservation

    metrics, rows = batch_metrics_of(connect_spark, ConnectObservation("thresholds"))

    assert rows == sorted(row for row in BATCH if row[2] >= 5)
    assert {name: metrics[name] for name in expected_batch_metrics()} == expected_batch_metrics()


def test_aggregate_hands_its_operator_metrics_to_an_observation(spark: SparkSession) -> None:
    observation = Observation("sums")
    sums = sw.aggregate(
        spark.createDataFrame(BATCH, READINGS_SCHEMA),
        window="partitioned, tumbling, count(2)",
        partition_by="key",
        order_by="seq",
        output={"total": "Sum(cost)"},
        metrics=observation,
    )
    windows = sums.collect()

    assert observation.get["nTuplesProcessed0"] == len(BATCH)
    assert observation.get["nTuplesSubmitted0"] == len(windows) == 2  # a and b fill a window


def test_metrics_on_a_stream_is_refused_naming_where_a_stream_reports_them(
    spark: SparkSession, tmp_path: Path
) -> None:
    source = StreamInput(tmp_path)
    stream = spark.readStream.schema(READINGS_SCHEMA).json(str(source.directory))
    with pytest.raises(ValueError) as raised:
        sw.run_operator(
            stream,
            THRESHOLD_FILTER,
            window="tumbling, count(2)",
            params={"attr": "cost"},
            output_schema="key string, seq long, cost double",
            metrics=Observation("thresholds"),
        )
    assert str(raised.value).startswith("metrics takes a batch DataFrame: a stream reports")


def test_metrics_takes_an_observation(spark: SparkSession) -> None:
    with pytest.raises(TypeError, match="metrics takes a pyspark.sql.Observation; got dict"):
        sw.aggregate(
            spark.createDataFrame(BATCH, READINGS_SCHEMA),
            window="tumbling, count(2)",
            output={"total": "Sum(cost)"},
            metrics={},  # type: ignore[arg-type]
        )
