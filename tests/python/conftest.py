"""Shared fixtures: one local SparkSession with streams-window's jars for the whole test run.

A Spark session takes seconds to start and ``spark.jars`` is fixed when its JVM starts, so all
tests share one. When the jar has not been built the Spark tests are skipped with the command
that builds it; scripts/test sets STREAMS_WINDOW_REQUIRE_JAR=1 to make that a failure instead,
so that a build step that went missing cannot pass as green. The session also carries the
examples jar (io.streamswindow.examples: WindowSum, IncrementalAverage, TumblingSort, PaneSum,
DecimalSum, FailingOperator, RunningTotals), the operators the end-to-end tests run.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

import streams_window as sw


@pytest.fixture(scope="session")
def built_jar() -> str:
    """The path of streams-window's jar; skips (or fails, see above) when it is not built."""
    return _require(sw.jar_path)


def _require(find_jar: Callable[[], str]) -> str:
    try:
        return find_jar()
    except FileNotFoundError as error:
        missing = str(error)
    # Outside the except block, so pytest reports the message alone, not a chained traceback.
    if os.environ.get("STREAMS_WINDOW_REQUIRE_JAR") == "1":
        pytest.fail(missing, pytrace=False)
    pytest.skip(f"this test needs a jar: {missing}")


@pytest.fixture(scope="session")
def examples_jar(built_jar: str) -> str:
    """The path of the examples jar; skips (or fails, see above) when it is not built."""
    return _require(sw.examples_jar_path)


@pytest.fixture(scope="session")
def api_jar(built_jar: str) -> str:
    """The path of the API jar, to compile operators against; skips (or fails) when not built."""
    return _require(sw.api_jar_path)


@pytest.fixture(scope="session")
def spark(
    built_jar: str, examples_jar: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SparkSession]:
    """A local[2] SparkSession built through streams_window.configure(), with the examples.

    spark.sql.shuffle.partitions is small from the start: a streaming query freezes it in its
    checkpoint when it first runs, and two cores gain nothing from Spark's default of 200.
    """
    warehouse: Path = tmp_path_factory.mktemp("spark-warehouse")
    builder = (
        SparkSession.builder.master("local[2]")
        .appName("streams-window tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.warehouse.dir", str(warehouse))
    )
    session = sw.configure(builder, extra_jars=[examples_jar]).getOrCreate()
    yield session
    session.stop()


# The state stores that give each streaming state layout (docs/architecture.md, "State layout").
STATE_STORES = {
    "chunked": "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider",
    "single-value": "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider",
}


@pytest.fixture(params=sorted(STATE_STORES))
def state_layout(request: pytest.FixtureRequest, spark: SparkSession) -> Iterator[str]:
    """Runs a streaming test once per state layout: the session's state store chooses it when
    ``run_operator`` builds the plan, and a query keeps the store it first ran with."""
    key = "spark.sql.streaming.stateStore.providerClass"
    before = spark.conf.get(key, None)
    spark.conf.set(key, STATE_STORES[request.param])
    yield request.param
    if before is None:
        spark.conf.unset(key)
    else:
        spark.conf.set(key, before)
