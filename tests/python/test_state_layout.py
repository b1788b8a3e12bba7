"""The state layout as the user sees it: chosen by the session (the setting
``spark.streamswindow.stateLayout``, else the state store), and the live operators of the chunked
layout released when their query stops (docs/architecture.md, "State layout")."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pyspark.sql import DataFrame, SparkSession

import streams_window as sw
from streams_window.errors import ArgumentError
from conftest import ONE_LAYOUT_ON_3_5, SPARK_3_5
from support import (
    READINGS_SCHEMA,
    SUMS_SCHEMA,
    WINDOW_SUM,
    StreamInput,
    plain,
    readings,
    tumbling_sums,
)

ROCKSDB = "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"
HDFS = "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider"
STORE = "spark.sql.streaming.stateStore.providerClass"
LAYOUT = "spark.streamswindow.stateLayout"
TUMBLING_SUM = dict(
    window="partitioned, tumbling, count(4)",
    partition_by="key",
    order_by="seq",
    params={"attr": "cost"},
    output_schema=SUMS_SCHEMA,
)


@pytest.fixture()
def session_settings(spark: SparkSession) -> Iterator[dict[str, str | None]]:
    """Settings the test gives the shared session, put back as they were afterwards."""
    settings: dict[str, str | None] = {}
    before = {key: spark.conf.get(key, None) for key in (STORE, LAYOUT)}
    yield settings  # the test fills it before calling apply()
    for key, value in before.items():
        if value is None:
            spark.conf.unset(key)
        else:
            spark.conf.set(key, value)


def apply(spark: SparkSession, settings: dict[str, str | None]) -> None:
    for key, value in settings.items():
        if value is None:
            spark.conf.unset(key)
        else:
            spark.conf.set(key, value)


def live_hosts(spark: SparkSession, run_id: str) -> int:
    return int(spark._jvm.io.streamswindow.spark.LiveOperatorHosts.count(run_id))


def file_stream(spark: SparkSession, source: StreamInput) -> DataFrame:
    return spark.readStream.schema(READINGS_SCHEMA).option("maxFilesPerTrigger", 1).json(
        str(source.directory)
    )


def run_to_memory(
    spark: SparkSession, tmp_path: Path, name: str
) -> tuple[object, list[tuple[object, ...]]]:
    source = StreamInput(tmp_path / "source")
    rows = readings(["a", "b", "c"], 8)
    source.write(rows[:12])
    source.write(rows[12:])
    sums = sw.run_operator(file_stream(spark, source), WINDOW_SUM, **TUMBLING_SUM)
    query = (
        sums.writeStream.format("memory")
        .queryName(name)
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    query.processAllAvailable()
    assert plain(spark.table(name).collect()) == tumbling_sums(rows, 4)
    return query, rows


@pytest.mark.skipif(SPARK_3_5, reason=ONE_LAYOUT_ON_3_5)
def test_a_stopped_query_leaves_no_live_operator_behind(
    spark: SparkSession, tmp_path: Path, session_settings: dict[str, str | None]
) -> None:
    session_settings.update({STORE: ROCKSDB, LAYOUT: None})
    apply(spark, session_settings)
    query, _ = run_to_memory(spark, tmp_path, "layout_release")
    run_id = str(query.runId)
    try:
        assert live_hosts(spark, run_id) == 3, "one live operator per key while the query runs"
    finally:
        query.stop()
    # Spark tells its query listeners on its listener bus, after stop() returns.
    deadline = time.monotonic() + 60
    while live_hosts(spark, run_id) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert live_hosts(spark, run_id) == 0


def test_the_setting_chooses_the_single_value_layout_on_rocksdb(
    spark: SparkSession, tmp_path: Path, session_settings: dict[str, str | None]
) -> None:
    session_settings.update({STORE: ROCKSDB, LAYOUT: "single-value"})
    apply(spark, session_settings)
    query, _ = run_to_memory(spark, tmp_path, "layout_single_value")
    try:
        plan = query.lastProgress["stateOperators"][0]["operatorName"]
        assert plan == "flatMapGroupsWithState"
        assert live_hosts(spark, str(query.runId)) == 0, "built for each call, none kept"
    finally:
        query.stop()


@pytest.mark.parametrize(
    ("store", "layout", "message"),
    [
        (HDFS, "chunked", f"{LAYOUT} is chunked, which needs Spark's RocksDB state store"),
        (ROCKSDB, "columnar", f"{LAYOUT} is 'columnar'; it takes chunked or single-value"),
    ],
)
@pytest.mark.skipif(SPARK_3_5, reason=ONE_LAYOUT_ON_3_5)
def test_a_layout_the_session_cannot_run_is_refused_when_the_plan_is_built(
    spark: SparkSession,
    tmp_path: Path,
    session_settings: dict[str, str | None],
    store: str,
    layout: str,
    message: str,
) -> None:
    session_settings.update({STORE: store, LAYOUT: layout})
    apply(spark, session_settings)
    source = StreamInput(tmp_path / "source")
    with pytest.raises(ArgumentError) as refused:
        sw.run_operator(file_stream(spark, source), WINDOW_SUM, **TUMBLING_SUM)
    assert message in str(refused.value)
