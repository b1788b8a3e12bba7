"""Shared fixtures: one local SparkSession with streams-window's jars for the whole test run.

A Spark session takes seconds to start and ``spark.jars`` is fixed when its JVM starts, so all
tests share one. When the jar has not been built the Spark tests are skipped with the command
that builds it; scripts/test sets STREAMS_WINDOW_REQUIRE_JAR=1 to make that a failure instead,
so that a build step that went missing cannot pass as green. The session also carries the
examples jar (io.streamswindow.examples: WindowSum, IncrementalAverage, TumblingSort, PaneSum,
DecimalSum, FailingOperator, RunningTotals, RunningCount, PortWindowSums...), the operators the
end-to-end tests run. A local Kafka broker (``kafka_broker``) starts when a test first asks for it,
unless scripts/test started one for all its runs.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pyspark
import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from kafka_broker import KafkaBroker, KafkaError, connector_jars, java_command, spark_line

# Spark 3.5 has one state layout (no transformWithState) and no Spark Connect for streams-window
# (docs/python.md, "Supported Spark lines"): the tests of both layouts and both session kinds run
# on what the line has.
SPARK_3_5 = pyspark.__version__.startswith("3.5.")

# Every Spark JVM of the run, the jobs' in their own processes too (they inherit the environment),
# reads the tests' Spark defaults: the C1 compiler only (spark-conf/spark-defaults.conf says why).
os.environ.setdefault("SPARK_CONF_DIR", str(Path(__file__).resolve().parent / "spark-conf"))
NO_CONNECT_ON_3_5 = "streams-window runs on Spark Connect from Spark 4 only (docs/connect.md)"
ONE_LAYOUT_ON_3_5 = "Spark 3.5 has the single-value state layout only (docs/python.md)"


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
    _unavailable(missing, needs="a jar")


def _unavailable(message: str, *, needs: str) -> NoReturn:
    """Skips the test for want of what it ``needs``, or fails it under
    STREAMS_WINDOW_REQUIRE_JAR=1 (scripts/test), where that is a broken build, not a choice."""
    if os.environ.get("STREAMS_WINDOW_REQUIRE_JAR") == "1":
        pytest.fail(message, pytrace=False)
    pytest.skip(f"this test needs {needs}: {message}")


@pytest.fixture(scope="session")
def examples_jar(built_jar: str) -> str:
    """The path of the examples jar; skips (or fails, see above) when it is not built."""
    return _require(sw.examples_jar_path)


@pytest.fixture(scope="session")
def spark_examples_jar(built_jar: str) -> str:
    """The path of the Java and Scala examples' jar (java/spark-examples, docs/java.md); skips
    (or fails, see above) when it is not built."""

    def find() -> str:
        target = Path(__file__).resolve().parents[2] / "java" / "spark-examples" / "target"
        built = sorted(target.glob("streams-window-spark-examples-*.jar"))
        if not built:
            raise FileNotFoundError(
                f"no jar in {target}: build it with mvn package -pl java/spark-examples -am"
            )
        return str(built[-1])

    return _require(find)


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


@pytest.fixture(scope="session")
def kafka_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KafkaBroker]:
    """A local Kafka broker (``scripts/kafka start``, docs/kafka.md) on a free port of
    127.0.0.1, one for the whole test run, started when a test first asks for it; its jars are
    fetched from Maven Central on first use (a few seconds). Skipped without java; a broker that
    does not start skips the test, or fails it under STREAMS_WINDOW_REQUIRE_JAR=1.

    scripts/test starts one broker for all its pytest runs (one per Spark line) and names it in
    STREAMS_WINDOW_KAFKA_DIR and STREAMS_WINDOW_KAFKA_PORT: that one is used then, and left
    running. Every test makes topics of its own (uuid names), so runs do not meet on it."""
    if java_command() is None:
        pytest.skip("the Kafka tests need java (a JDK 17) to run the broker")
    given_dir = os.environ.get("STREAMS_WINDOW_KAFKA_DIR")
    given_port = os.environ.get("STREAMS_WINDOW_KAFKA_PORT")
    if given_dir and given_port:
        try:
            running = KafkaBroker(Path(given_dir), port=int(given_port)).attach()
        except KafkaError as error:
            failure = f"the Kafka broker scripts/test started does not answer: {error}"
        else:
            yield running
            return
        _unavailable(failure, needs="a local Kafka broker")
    broker = KafkaBroker(tmp_path_factory.mktemp("kafka"))
    try:
        broker.start()
    except KafkaError as error:
        failure = f"the local Kafka broker did not start: {error}"
    else:
        yield broker
        broker.stop()
        return
    _unavailable(failure, needs="a local Kafka broker")


@pytest.fixture(scope="session")
def kafka_connector_jars() -> list[str]:
    """The jars of Spark's Kafka connector for the running pyspark's line (``scripts/kafka
    jars``), fetched on first use; skipped, or failed under STREAMS_WINDOW_REQUIRE_JAR=1, when
    they cannot be had."""
    try:
        return connector_jars(spark_line(pyspark.__version__))
    except KafkaError as error:
        failure = str(error)
    _unavailable(failure, needs="Spark's Kafka connector")


# The state stores that give each streaming state layout (docs/architecture.md, "State layout").
STATE_STORES = {
    "chunked": "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider",
    "single-value": "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider",
}


@pytest.fixture(params=["single-value"] if SPARK_3_5 else sorted(STATE_STORES))
def state_layout(request: pytest.FixtureRequest, spark: SparkSession) -> Iterator[str]:
    """Runs a streaming test once per state layout: the session's state store chooses it when
    ``run_operator`` builds the plan, and a query keeps the store it first ran with. The session
    is the test's: ``any_spark`` when it takes that one, else the classic session."""
    if "any_spark" in request.fixturenames:
        spark = request.getfixturevalue("any_spark")
    key = "spark.sql.streaming.stateStore.providerClass"
    before = spark.conf.get(key, None)
    spark.conf.set(key, STATE_STORES[request.param])
    yield request.param
    if before is None:
        spark.conf.unset(key)
    else:
        spark.conf.set(key, before)


@pytest.fixture(scope="session")
def connect_spark(examples_jar: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A Spark Connect session on a local Connect server that this fixture starts in its own
    process (connect_server.py, set up as a cluster's server is); one server for the whole test
    run, started only when a test asks for it."""
    if SPARK_3_5:
        pytest.skip(NO_CONNECT_ON_3_5)
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    with socket.socket() as probe:  # a free port for the server
        probe.bind(("localhost", 0))
        port = probe.getsockname()[1]
    token = secrets.token_hex(16)
    warehouse = tmp_path_factory.mktemp("connect-warehouse")
    server = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("connect_server.py")), str(port)]
        + [examples_jar, str(warehouse)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "SPARK_CONNECT_AUTHENTICATE_TOKEN": token},
    )
    assert server.stdout is not None and server.stdin is not None
    # Whatever the server prints before it is ready (nothing, with configure's quiet logs).
    if not any(line.strip() == "ready" for line in server.stdout):
        server.kill()
        pytest.fail(f"the local Spark Connect server did not start (exit {server.wait()})")
    # A client of that server only: its builder leaves this process's classic session alone.
    session = (
        ConnectSession.builder.remote(f"sc://localhost:{port}/;token={token}")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    yield session
    session.stop()
    server.stdin.close()
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()


@pytest.fixture(params=["classic"] if SPARK_3_5 else ["classic", "connect"])
def any_spark(request: pytest.FixtureRequest) -> Any:
    """The classic session, then the Spark Connect one: a test that takes it runs on both."""
    name = "spark" if request.param == "classic" else "connect_spark"
    return request.getfixturevalue(name)
