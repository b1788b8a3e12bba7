"""run_operator() on streaming DataFrames: windows span micro-batches and survive restarts.

The input is a file stream read one file per micro-batch (maxFilesPerTrigger=1), so a window
that needs rows of two files is only complete when its state came through Spark's state store.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from pyspark.errors import StreamingQueryException
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.streaming import StreamingQuery

import streams_window as sw
from conftest import ONE_LAYOUT_ON_3_5, SPARK_3_5
from streams_window.errors import OperatorError, translate
from streams_window.testing import single_instance_run
from support import (
    FAILING_OPERATOR,
    INCREMENTAL_AVERAGE,
    READINGS_SCHEMA,
    SUMS_SCHEMA,
    WINDOW_SUM,
    Reading,
    StreamInput,
    by_key_in_order,
    data_batches,
    plain,
    readings,
    shuffled,
    tumbling_sums,
)

# Every test here runs once per streaming state layout (conftest.py).
pytestmark = pytest.mark.usefixtures("state_layout")

KEYS = ["a", "b", "c"]

TUMBLING_SUM = dict(
    window="partitioned, tumbling, count(4)",
    partition_by="key",
    params={"attr": "cost"},
    output_schema=SUMS_SCHEMA,
)


@pytest.fixture()
def source(tmp_path: Path) -> StreamInput:
    return StreamInput(tmp_path)


def file_stream(spark: SparkSession, source: StreamInput) -> DataFrame:
    return (
        spark.readStream.schema(READINGS_SCHEMA)
        .option("maxFilesPerTrigger", 1)
        .json(str(source.directory))
    )


def in_files(rows: list[Reading], files: int) -> list[list[Reading]]:
    """The rows cut into ``files`` consecutive stretches, each shuffled inside."""
    size = -(-len(rows) // files)
    return [shuffled(rows[i : i + size], seed=i) for i in range(0, len(rows), size)]


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 120.0) -> None:
    """Polls ``condition``; for queries whose processAllAvailable() cannot return (see below)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout} s for {what}")
        time.sleep(0.05)


def reference(spark: SparkSession, rows: list[Reading], **arguments: Any) -> list[tuple[Any, ...]]:
    batch = spark.createDataFrame(rows, READINGS_SCHEMA)
    return plain(single_instance_run(batch, WINDOW_SUM, **arguments).collect())


def test_a_stream_gives_what_the_streams_run_gives_over_all_its_input(
    any_spark: SparkSession, spark: SparkSession, source: StreamInput, tmp_path: Path
) -> None:
    rows = readings(KEYS, 22)  # 66 rows in 4 files: windows straddle files
    for part in in_files(rows, 4):
        source.write(part)
    sums = sw.run_operator(
        file_stream(any_spark, source), WINDOW_SUM, order_by="seq", **TUMBLING_SUM
    )
    assert sums.isStreaming

    query = (
        sums.writeStream.format("memory")
        .queryName("stream_sums")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        query.processAllAvailable()
        batches = data_batches(query)
    finally:
        query.stop()

    assert [batch.numInputRows for batch in batches] == [17, 17, 17, 15]
    actual = plain(any_spark.table("stream_sums").collect())
    assert actual == reference(spark, rows, order_by="seq", **TUMBLING_SUM)
    assert actual == tumbling_sums(rows, 4)


def test_a_query_stopped_mid_stream_resumes_from_its_checkpoint_without_loss_or_duplicates(
    any_spark: SparkSession, spark: SparkSession, source: StreamInput, tmp_path: Path
) -> None:
    rows = readings(KEYS, 26)
    files = in_files(rows, 6)
    output, checkpoint = tmp_path / "output", tmp_path / "checkpoint"

    def start() -> StreamingQuery:
        sums = sw.run_operator(
            file_stream(any_spark, source), WINDOW_SUM, order_by="seq", **TUMBLING_SUM
        )
        return (
            sums.writeStream.format("json")
            .option("path", str(output))
            .option("checkpointLocation", str(checkpoint))
            .start()
        )

    for part in files[:3]:
        source.write(part)
    query = start()
    query.processAllAvailable()
    query.stop()

    for part in files[3:]:
        source.write(part)
    query = start()
    # Stop as soon as one more file is done: the next micro-batch may be cut off halfway.
    wait_until(lambda: len(data_batches(query)) >= 1, "one micro-batch of the restarted query")
    query.stop()
    assert len(data_batches(query)) < 3, "the second run was meant to stop mid-stream"

    query = start()
    query.processAllAvailable()
    query.stop()

    written = spark.read.schema(SUMS_SCHEMA).json(str(output)).collect()
    assert plain(written) == reference(spark, rows, order_by="seq", **TUMBLING_SUM)
    assert plain(written) == tumbling_sums(rows, 4)


def test_a_stream_without_order_by_keeps_the_order_of_each_file(
    spark: SparkSession, source: StreamInput, tmp_path: Path
) -> None:
    rows = readings(KEYS, 12)
    files = in_files(rows, 3)  # shuffled inside each file: seq order is not arrival order
    for part in files:
        source.write(part)
    arrival = [row for part in files for row in part]
    sums = sw.run_operator(file_stream(spark, source), WINDOW_SUM, **TUMBLING_SUM)

    query = (
        sums.writeStream.format("memory")
        .queryName("unordered_sums")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        query.processAllAvailable()
    finally:
        query.stop()

    actual = plain(spark.table("unordered_sums").collect())
    assert actual == tumbling_sums(arrival, 4, sort=False)
    assert actual == reference(spark, arrival, **TUMBLING_SUM)  # no order_by: list order
    assert actual != tumbling_sums(rows, 4)  # the seq order would give other windows


def test_a_time_window_overdue_while_the_query_was_down_tumbles_in_its_first_batch(
    spark: SparkSession, source: StreamInput, tmp_path: Path
) -> None:
    first = shuffled(readings(["a", "b"], 3))
    second = [("a", 100, 1000.0), ("c", 101, 2000.0)]
    outputs: dict[int, list[tuple[Any, ...]]] = {}

    def record(batch: DataFrame, batch_id: int) -> None:
        outputs[batch_id] = plain(batch.collect())

    def start() -> StreamingQuery:
        sums = sw.run_operator(
            file_stream(spark, source),
            WINDOW_SUM,
            window="partitioned, tumbling, time(1.0)",
            partition_by="key",
            order_by="seq",
            params={"attr": "cost"},
            output_schema=SUMS_SCHEMA,
        )
        # Time windows make Spark run a micro-batch on every trigger (processing-time timeouts),
        # so processAllAvailable() would never return. A one-day trigger runs its first batch at
        # start and the next one at midnight UTC, so each run below is exactly one batch.
        return (
            sums.writeStream.foreachBatch(record)
            .trigger(processingTime="1 day")
            .option("checkpointLocation", str(tmp_path / "checkpoint"))
            .start()
        )

    source.write(first)
    query = start()
    wait_until(lambda: len(data_batches(query)) == 1, "the first file's micro-batch")
    arrived = datetime.fromisoformat(data_batches(query)[0]["timestamp"].replace("Z", "+00:00"))
    query.stop()
    assert outputs == {0: []}, "nothing is due one second after the first file's batch starts"

    # Spark's processing time is the wall clock, so the window can only become overdue by
    # waiting: until 1.5 s after the first batch's timestamp (its tuples' arrival time).
    time.sleep(max(0.0, arrived.timestamp() + 1.5 - time.time()))
    source.write(second)
    query = start()
    wait_until(lambda: len(data_batches(query)) == 1, "the second file's micro-batch")
    query.stop()

    # The tumble of the first file's tuples alone, per key; the second file's are not due yet.
    expected = [
        (key, group[-1][1], sum(row[2] for row in group), len(group))
        for key, group in by_key_in_order(first).items()
    ]
    assert list(outputs) == [0, 1]
    assert outputs[1] == sorted(expected)


def test_triggers_due_between_micro_batches_each_fire_with_the_window_of_their_instant(
    spark: SparkSession, source: StreamInput, tmp_path: Path
) -> None:
    # Micro-batches 3 s apart, a trigger every 0.5 s: each call passes several deadlines. A's
    # triggers at +0.5, +1.0, +1.5 and +2.0 s all show A alone (it leaves just after +2.0 s), and
    # all come before B arrives, however the micro-batches fall (docs/semantics.md, "Time between
    # calls"). Catching up at once would give one trigger per call, after A left.
    outputs: list[tuple[Any, ...]] = []

    def record(batch: DataFrame, batch_id: int) -> None:
        outputs.extend(plain(batch.collect()))

    averages = sw.run_operator(
        file_stream(spark, source),
        INCREMENTAL_AVERAGE,
        window="partitioned, sliding, time(2.0), time(0.5)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema="key string, seq long, average double, count long",
    )
    source.write([("a", 1, 1.0)])
    query = (
        averages.writeStream.foreachBatch(record)
        .trigger(processingTime="3 seconds")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        wait_until(lambda: len(data_batches(query)) == 1, "A's micro-batch")
        arrived = datetime.fromisoformat(
            data_batches(query)[0]["timestamp"].replace("Z", "+00:00")
        ).timestamp()
        # Spark's processing time is the wall clock: B must come after A has left.
        time.sleep(max(0.0, arrived + 2.5 - time.time()))
        source.write([("a", 2, 3.0)])
        wait_until(lambda: len(data_batches(query)) == 2, "B's micro-batch")
        wait_until(lambda: any(row[1] == 2 for row in outputs), "a trigger showing B")
    finally:
        query.stop()

    assert outputs[:4] == [("a", 1, 1.0, 1)] * 4, outputs
    assert outputs[4:] and all(row == ("a", 2, 3.0, 1) for row in outputs[4:]), outputs


def failing_stream(spark: SparkSession, source: StreamInput) -> DataFrame:
    """FailingOperator over a stream whose first file has five tuples of key a: it fails."""
    source.write(readings(["a"], 5))
    return sw.run_operator(
        file_stream(spark, source),
        FAILING_OPERATOR,
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"failAt": 2},
        output_schema="key string",
    )


def test_an_operator_failing_in_a_stream_is_reported_by_the_query(
    any_spark: SparkSession, source: StreamInput, tmp_path: Path
) -> None:
    failing = failing_stream(any_spark, source)
    query = (
        failing.writeStream.format("memory")
        .queryName("failing")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        with pytest.raises(OperatorError) as raised:
            query.processAllAvailable()
    finally:
        query.stop()

    error = raised.value
    # Also what PySpark raises for a failed query, so handlers of either class catch it.
    assert isinstance(error, StreamingQueryException)
    assert str(error).splitlines() == [
        "java.lang.IllegalStateException: FailingOperator fails on tuple 2 as configured",
        f'  in operator {FAILING_OPERATOR}, window "partitioned, tumbling, count(4)", key [a]',
    ]
    assert (error.operator, error.key) == (FAILING_OPERATOR, "[a]")
    assert error.cause_message == "FailingOperator fails on tuple 2 as configured"
    assert translate(error) is error
    with pytest.raises(OperatorError):
        query.awaitTermination()  # a stopped query raises its failure again
    # query.exception() is PySpark's own, as documented. On a classic session translate() reads
    # ours out of its Java cause; a Connect client receives its text only, no condition to read.
    kept = translate(query.exception())
    if type(any_spark).__module__.startswith("pyspark.sql.connect."):
        assert kept is None
        assert "FailingOperator fails on tuple 2 as configured" in str(query.exception())
        return
    assert isinstance(kept, OperatorError)
    assert (kept.operator, kept.key, kept.cause_message) == (
        error.operator,
        error.key,
        error.cause_message,
    )


def test_an_operator_failing_inside_foreach_batch_is_reported_by_the_query(
    spark: SparkSession, source: StreamInput, tmp_path: Path
) -> None:
    failing = failing_stream(spark, source)
    seen: list[BaseException] = []

    def write_batch(batch: DataFrame, batch_id: int) -> None:
        try:
            batch.collect()
        except Exception as error:
            seen.append(error)
            raise

    query = (
        failing.writeStream.foreachBatch(write_batch)
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        with pytest.raises(StreamingQueryException) as raised:
            query.awaitTermination(120)
    finally:
        query.stop()

    # Inside the function, collect() raised our error. Only the Python traceback's text of it
    # reaches the JVM, and no condition: the query's failure is PySpark's, its text holds ours.
    (inside,) = seen
    assert isinstance(inside, OperatorError)
    error = raised.value
    assert not isinstance(error, OperatorError)
    assert translate(error) is None
    assert str(inside).splitlines()[1] in str(error)


def test_update_output_mode_writes_the_same_rows_on_chunked_and_is_refused_at_start_on_single_value(
    any_spark: SparkSession, source: StreamInput, state_layout: str
) -> None:
    from pyspark.errors import AnalysisException

    spark = any_spark

    if state_layout == "chunked":
        # transformWithState accepts update mode, which writes append-only rows as they are.
        rows = readings(KEYS, 8)
        source.write(rows)
        sums = sw.run_operator(
            file_stream(spark, source), WINDOW_SUM, order_by="seq", **TUMBLING_SUM
        )
        query = (
            sums.writeStream.outputMode("update").format("memory").queryName("update_mode").start()
        )
        try:
            query.processAllAvailable()
        finally:
            query.stop()
        assert plain(spark.table("update_mode").collect()) == tumbling_sums(rows, 4)
        return
    # Left to Spark, this is an AnalysisException followed by a dump of the query plan.
    # (Complete mode gets Spark's own short message: no aggregation to complete.)
    sums = sw.run_operator(file_stream(spark, source), WINDOW_SUM, **TUMBLING_SUM)
    with pytest.raises(sw.ArgumentError) as raised:
        sums.writeStream.outputMode("update").format("memory").queryName("update_mode").start()

    assert str(raised.value).startswith(
        "streams-window results are append-only: start the query in append output mode"
        " (.outputMode('append'), the default), not update."
    )
    # A user of Spark's real-time mode, which takes update only, is told which layout runs it.
    assert (
        "Spark's real-time mode, which takes update only, runs the chunked state layout"
        in str(raised.value)
    )
    assert isinstance(raised.value, AnalysisException)  # what Spark itself raised there


# Each layout's stateful operator, as the query's progress names it.
LAYOUT_OPERATORS = {"chunked": "transformWithStateExec", "single-value": "flatMapGroupsWithState"}


def restarted_query(
    spark: Any, source: StreamInput, checkpoint: Path, name: str
) -> Callable[[], tuple[str, list[tuple[object, ...]]]]:
    """A query on ``source`` with ``checkpoint``, as a call that runs it over what the source
    holds, stops it, and returns its stateful operator's name and the rows its sink holds."""

    def run() -> tuple[str, list[tuple[object, ...]]]:
        sums = sw.run_operator(
            file_stream(spark, source), WINDOW_SUM, order_by="seq", **TUMBLING_SUM
        )
        query = (
            sums.writeStream.format("json")
            .option("path", str(checkpoint.parent / f"{name}-out"))
            .option("checkpointLocation", str(checkpoint))
            .start()
        )
        try:
            query.processAllAvailable()
            operator = query.lastProgress["stateOperators"][0]["operatorName"]
        finally:
            query.stop()
        sink = spark.read.schema(SUMS_SCHEMA).json(str(checkpoint.parent / f"{name}-out"))
        return operator, plain(sink.collect())

    return run


FOLLOW_CHECKPOINT = "spark.streamswindow.stateLayout.followCheckpoint"


@pytest.fixture()
def follow_checkpoint(any_spark: SparkSession) -> Iterator[None]:
    """The opt-in that lets a restart keep its checkpoint's layout (docs/decisions.md)."""
    any_spark.conf.set(FOLLOW_CHECKPOINT, "true")
    try:
        yield
    finally:
        any_spark.conf.unset(FOLLOW_CHECKPOINT)


@pytest.mark.skipif(SPARK_3_5, reason=ONE_LAYOUT_ON_3_5)
def test_by_default_a_restart_on_the_other_state_layout_is_refused_saying_what_to_do(
    any_spark: SparkSession, source: StreamInput, tmp_path: Path, state_layout: str
) -> None:
    from conftest import STATE_STORES

    spark = any_spark  # the same refusal, in the same words, on both session kinds
    run = restarted_query(spark, source, tmp_path / "checkpoint", "default")
    rows = readings(KEYS, 8)
    source.write(rows[:12])
    run()  # on this test's layout
    other = next(layout for layout in STATE_STORES if layout != state_layout)
    spark.conf.set("spark.sql.streaming.stateStore.providerClass", STATE_STORES[other])
    source.write(rows[12:])
    with pytest.raises(OperatorError) as raised:
        run()

    # Refused by the JVM from the layout the checkpoint recorded, before Spark's own check.
    assert str(raised.value).startswith(
        "io.streamswindow.spark.errors.IncompatibleRestartException: This query's checkpoint holds"
        f" streams-window's {state_layout} state layout, and the session's settings give the"
        " other one (checkpoint "
    )
    assert f"set spark.streamswindow.stateLayout to {state_layout}" in str(raised.value)
    assert "or set spark.streamswindow.stateLayout.followCheckpoint to true" in str(raised.value)
    assert raised.value.condition == "STREAMS_WINDOW_INCOMPATIBLE_RESTART"
    assert raised.value.parameters["checkpointValue"] == state_layout
    assert isinstance(raised.value, StreamingQueryException)  # what Spark itself raised there
    if state_layout == "single-value":
        # The advice works: the setting keeps the checkpoint's layout on the RocksDB store now set.
        spark.conf.set("spark.streamswindow.stateLayout", "single-value")
        try:
            assert run() == (LAYOUT_OPERATORS[state_layout], tumbling_sums(rows, 4))
        finally:
            spark.conf.unset("spark.streamswindow.stateLayout")


@pytest.mark.skipif(SPARK_3_5, reason=ONE_LAYOUT_ON_3_5)
@pytest.mark.usefixtures("follow_checkpoint")
def test_a_restart_on_the_other_state_store_keeps_the_checkpoint_s_layout(
    any_spark: SparkSession, source: StreamInput, tmp_path: Path, state_layout: str
) -> None:
    from conftest import STATE_STORES

    spark = any_spark
    run = restarted_query(spark, source, tmp_path / "checkpoint", "kept")
    rows = readings(KEYS, 8)
    source.write(rows[:12])
    assert run() == (LAYOUT_OPERATORS[state_layout], tumbling_sums(rows[:12], 4))
    # The store that gives a new query the other layout (as Spark 4 with RocksDB gives a query
    # started on Spark 3.5 with RocksDB, where only the single-value layout exists).
    other = next(layout for layout in STATE_STORES if layout != state_layout)
    spark.conf.set("spark.sql.streaming.stateStore.providerClass", STATE_STORES[other])
    source.write(rows[12:])

    assert run() == (LAYOUT_OPERATORS[state_layout], tumbling_sums(rows, 4))
    recorded = tmp_path / "checkpoint" / "streams-window" / "state-layout"
    assert recorded.read_text() == f"{state_layout}\n"


@pytest.mark.skipif(SPARK_3_5, reason=ONE_LAYOUT_ON_3_5)
@pytest.mark.usefixtures("follow_checkpoint")
def test_a_restart_whose_setting_names_the_other_layout_is_refused_naming_the_setting(
    any_spark: SparkSession, source: StreamInput, tmp_path: Path, state_layout: str
) -> None:
    spark = any_spark  # the same refusal, in the same words, on both session kinds
    checkpoint = tmp_path / "checkpoint"
    run = restarted_query(spark, source, checkpoint, "refused")
    rows = readings(KEYS, 8)
    source.write(rows[:12])
    run()  # on this test's layout, chosen by the store
    other = next(layout for layout in LAYOUT_OPERATORS if layout != state_layout)
    if other == "chunked":
        spark.conf.set(
            "spark.sql.streaming.stateStore.providerClass",
            "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider",
        )
    spark.conf.set("spark.streamswindow.stateLayout", other)
    source.write(rows[12:])
    try:
        with pytest.raises(OperatorError) as raised:
            run()
    finally:
        spark.conf.unset("spark.streamswindow.stateLayout")

    assert str(raised.value).startswith(
        "io.streamswindow.spark.errors.IncompatibleRestartException: This query's checkpoint holds"
        f" streams-window's {state_layout} state layout, and spark.streamswindow.stateLayout"
        f" asks for {other} (checkpoint "
    )
    assert (
        "To restart from this checkpoint, unset spark.streamswindow.stateLayout (a restarted"
        f" query keeps its checkpoint's layout) or set it to {state_layout};"
    ) in str(raised.value)
    assert raised.value.condition == "STREAMS_WINDOW_INCOMPATIBLE_RESTART"
    assert raised.value.parameters["checkpointValue"] == state_layout
    assert raised.value.parameters["currentValue"] == other
    assert isinstance(raised.value, StreamingQueryException)  # what Spark itself raised there
    # The advice works: unset, the setting leaves the checkpoint's layout, and nothing was lost.
    assert run() == (LAYOUT_OPERATORS[state_layout], tumbling_sums(rows, 4))


# The observed metrics of a run_operator() stream with order_by (docs/python.md, "Streams").
BEHIND = "streams_window WindowSum"


def rows_behind(query: StreamingQuery) -> list[int]:
    return [
        batch.observedMetrics[BEHIND]["rows_behind_order_by"] for batch in data_batches(query)
    ]


def test_rows_that_go_back_in_order_by_across_micro_batches_are_counted_across_a_restart(
    spark: SparkSession, source: StreamInput, tmp_path: Path
) -> None:
    output, checkpoint = tmp_path / "output", tmp_path / "checkpoint"

    def start() -> StreamingQuery:
        sums = sw.run_operator(
            file_stream(spark, source), WINDOW_SUM, order_by="seq", **TUMBLING_SUM
        )
        return (
            sums.writeStream.format("json")
            .option("path", str(output))
            .option("checkpointLocation", str(checkpoint))
            .start()
        )

    source.write([("a", seq, 1.0) for seq in (12, 10, 13, 11)] + [("b", 10, 1.0)])
    query = start()
    try:
        query.processAllAvailable()
        assert rows_behind(query) == [0]  # inside a micro-batch the order is order_by's
    finally:
        query.stop()

    # The last seq of key a (13) came through the restart; then 2 (this run's last) is the one
    # its next micro-batch compares with. b's rows go forward.
    source.write([("a", 2, 1.0), ("a", 0, 1.0), ("a", 1, 1.0), ("b", 11, 1.0)])
    source.write([("a", 1, 1.0), ("a", 14, 1.0), ("b", 12, 1.0), ("b", 13, 1.0)])
    query = start()
    try:
        query.processAllAvailable()
        assert rows_behind(query) == [3, 1]
    finally:
        query.stop()

    # Counted, not dropped: each row reached its window in the order the key received it.
    windows = plain(spark.read.schema(SUMS_SCHEMA).json(str(output)).collect())
    assert [(key, count) for key, _, _, count in windows] == [("a", 4), ("a", 4), ("b", 4)]
