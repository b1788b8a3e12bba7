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
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.streaming import StreamingQuery

import streams_window as sw
from support import READINGS_SCHEMA, StreamInput

pytestmark = pytest.mark.usefixtures("state_layout")

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
    # The attribute, not the key: a Connect session's progress reads as a dict without it.
    return [p.observedMetrics[OBSERVED].asDict() for p in query.recentProgress if p.numInputRows > 0]


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
