"""Operators with several input ports (``inputs=[...]``): a two-port enricher, port 0 a window
of the latest reference value per key, port 1 events joined with it, on batch and streaming
DataFrames, with a restart from the checkpoint; the one arrival order across ports; a
processing-time window on port 1 that fires by the key's wake-up while port 0's window has no
time policy; the reference run with several ports (docs/python.md, "Several input ports")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.streaming import StreamingQuery

import streams_window as sw
from streams_window.errors import ArgumentError
from streams_window.testing import single_instance_run
from support import READINGS_SCHEMA, StreamInput, drain_to_json, plain, progresses, shuffled
from test_run_operator_streaming import wait_until

ENRICHER = "io.streamswindow.examples.LatestValueEnricher"
LATEST = "partitioned, sliding, count(1)"
LAST_TWO = "sliding, count(2)"
ENRICHED = "key string, seq long, qty double, price double"

Row = tuple[str, int, float]  # key, seq, value


def enriched(
    batches: list[tuple[list[Row], list[Row]]], *, ordered: bool
) -> list[tuple[Any, ...]]:
    """What LatestValueEnricher gives over calls (batches, or micro-batches) of (prices,
    orders): each order with its key's latest price, if the key has one by then. Within a call,
    by seq across both ports, ties to port 0 (``ordered``); else all prices, then all orders."""
    latest: dict[str, float] = {}
    expected = []
    for prices, orders in batches:
        arrivals = [(0, row) for row in prices] + [(1, row) for row in orders]
        if ordered:
            arrivals.sort(key=lambda arrival: (arrival[1][1], arrival[0]))
        for port, (key, seq, value) in arrivals:
            if port == 0:
                latest[key] = value
            elif key in latest:
                expected.append((key, seq, value, latest[key]))
    return sorted(expected)


def prices_and_orders(
    spark: SparkSession, prices: list[Row], orders: list[Row]
) -> tuple[DataFrame, DataFrame]:
    price_df = spark.createDataFrame(prices, READINGS_SCHEMA).withColumnRenamed("cost", "price")
    order_df = spark.createDataFrame(orders, READINGS_SCHEMA).withColumnRenamed("cost", "qty")
    return price_df, order_df


# Seqs are unique across both ports; key "c" never gets a price.
PRICES: list[Row] = [("a", 2, 1.0), ("b", 3, 2.0), ("a", 8, 1.5), ("b", 12, 2.5)]
ORDERS: list[Row] = [
    ("a", 1, 10.0),  # before a's first price
    ("b", 4, 20.0),
    ("a", 5, 11.0),
    ("c", 6, 30.0),
    ("a", 9, 12.0),
    ("b", 10, 21.0),
    ("b", 13, 22.0),
]


def test_a_batch_join_orders_both_ports_by_order_by_ties_to_port_0(spark: SparkSession) -> None:
    price_df, order_df = prices_and_orders(spark, shuffled(PRICES), shuffled(ORDERS))

    result = sw.run_operator(
        price_df.repartition(2),
        ENRICHER,
        window=LATEST,
        partition_by="key",
        order_by="seq",
        inputs=[order_df.repartition(3)],
        params={"key": "key"},
        output_schema=ENRICHED,
    )

    expected = enriched([(PRICES, ORDERS)], ordered=True)
    assert plain(result.collect()) == expected
    # Order matters: a's first order comes before a's first price and is dropped; b's order 10
    # takes b's price of seq 3, not the later one.
    assert ("a", 1, 10.0, 1.0) not in expected
    assert ("b", 10, 21.0, 2.0) in expected


def test_without_order_by_port_0s_rows_of_a_call_come_first(spark: SparkSession) -> None:
    price_df, order_df = prices_and_orders(spark, PRICES, ORDERS)

    result = sw.run_operator(
        price_df.coalesce(1),
        ENRICHER,
        window=LATEST,
        partition_by="key",
        inputs=[order_df],
        input_windows=[None],
        params={"key": "key"},
        output_schema=ENRICHED,
    )

    # Every order meets its key's last price of the batch, even those with an earlier seq.
    assert plain(result.collect()) == enriched([(PRICES, ORDERS)], ordered=False)
    assert ("a", 1, 10.0, 1.5) in plain(result.collect())


def test_ports_beyond_0_are_checked_and_named(spark: SparkSession) -> None:
    price_df, order_df = prices_and_orders(spark, PRICES, ORDERS)
    arguments: dict[str, Any] = dict(
        window=LATEST, partition_by="key", params={"key": "key"}, output_schema=ENRICHED
    )
    with pytest.raises(ArgumentError, match="input port 1: partition_by column 'key'"):
        sw.run_operator(price_df, ENRICHER, inputs=[order_df.drop("key")], **arguments)
    # A batch has no processing time to wait for, on any port.
    with pytest.raises(
        ArgumentError, match="input port 1: .*has processing-time policies.*a batch is read"
    ):
        sw.run_operator(
            price_df, ENRICHER, inputs=[order_df], input_windows=["sliding, time(5)"], **arguments
        )
    # Event time is port 0's.
    with pytest.raises(
        ArgumentError, match="input port 1: .*is a timeInterval window, and event time is port 0's"
    ):
        sw.run_operator(
            price_df,
            ENRICHER,
            inputs=[order_df],
            input_windows=["timeInterval, intervalDuration(5.0)"],
            **arguments,
        )
    with pytest.raises(ValueError, match="input_windows has 2 entries for 1 inputs"):
        sw.run_operator(
            price_df, ENRICHER, inputs=[order_df], input_windows=[None, None], **arguments
        )
    with pytest.raises(TypeError, match="inputs takes a list of DataFrames"):
        sw.run_operator(price_df, ENRICHER, inputs=order_df, **arguments)


def enriching_query(
    spark: SparkSession,
    prices: StreamInput,
    orders: StreamInput,
    root: Path,
    orders_window: str | None = None,
) -> list[tuple[Any, ...]]:
    """Runs the enricher over every file each source holds that the checkpoint has not read,
    one file of each per micro-batch, then stops; returns everything the sink holds."""

    def stream(source: StreamInput, value: str) -> DataFrame:
        return (
            spark.readStream.schema(READINGS_SCHEMA)
            .option("maxFilesPerTrigger", 1)
            .json(str(source.directory))
            .withColumnRenamed("cost", value)
        )

    result = sw.run_operator(
        stream(prices, "price"),
        ENRICHER,
        window=LATEST,
        partition_by="key",
        order_by="seq",
        inputs=[stream(orders, "qty")],
        input_windows=[orders_window],
        params={"key": "key"},
        output_schema=ENRICHED,
    )
    return drain_to_json(result, root)


def test_a_stream_keeps_port_0s_window_per_key_across_a_restart(
    spark: SparkSession, state_layout: str, tmp_path: Path
) -> None:
    prices = StreamInput(tmp_path / "prices")
    orders = StreamInput(tmp_path / "orders")
    first = (PRICES[:2], ORDERS[:4])
    prices.write(first[0])
    orders.write(first[1])
    assert enriching_query(spark, prices, orders, tmp_path) == enriched([first], ordered=True)

    # A new query from the same checkpoint: b's orders meet b's price of the first run, kept in
    # port 0's window (and the listener's state) of b's instance.
    later: tuple[list[Row], list[Row]] = (
        [("a", 20, 3.0)],
        [("a", 21, 13.0), ("b", 22, 23.0), ("c", 23, 31.0), ("a", 19, 14.0)],
    )
    prices.write(later[0])
    orders.write(later[1])
    expected = enriched([first, later], ordered=True)
    assert ("b", 22, 23.0, 2.0) in expected and ("a", 19, 14.0, 1.0) in expected
    assert enriching_query(spark, prices, orders, tmp_path) == expected


def test_a_restart_that_changes_another_ports_window_is_refused_naming_it(
    spark: SparkSession, tmp_path: Path
) -> None:
    prices = StreamInput(tmp_path / "prices")
    orders = StreamInput(tmp_path / "orders")
    prices.write(PRICES[:2])
    orders.write(ORDERS[:4])
    before = enriching_query(spark, prices, orders, tmp_path)

    prices.write([("a", 20, 3.0)])
    orders.write([("a", 21, 13.0)])
    with pytest.raises(sw.OperatorError) as raised:
        enriching_query(spark, prices, orders, tmp_path, orders_window=f"partitioned, {LAST_TWO}")

    error = raised.value
    assert error.cause_class == "io.streamswindow.spark.errors.IncompatibleRestartException"
    message = error.cause_message or ""
    assert f"port 1: partitioned, {LAST_TWO}" in message, message
    assert plain(spark.read.schema(ENRICHED).json(str(tmp_path / "output")).collect()) == before


def test_a_connect_session_sends_each_port_as_a_relation(connect_spark: Any) -> None:
    price_df, order_df = prices_and_orders(connect_spark, shuffled(PRICES), shuffled(ORDERS))

    result = sw.run_operator(
        price_df,
        ENRICHER,
        window=LATEST,
        partition_by="key",
        order_by="seq",
        inputs=[order_df],
        params={"key": "key"},
        output_schema=ENRICHED,
    )

    assert plain(result.collect()) == enriched([(PRICES, ORDERS)], ordered=True)
    with pytest.raises(ArgumentError, match="input port 1: partition_by column 'key'"):
        sw.run_operator(
            price_df,
            ENRICHER,
            window=LATEST,
            partition_by="key",
            inputs=[order_df.drop("key")],
            params={"key": "key"},
            output_schema=ENRICHED,
        )


PORT_WINDOW_SUMS = "io.streamswindow.examples.PortWindowSums"
PORT_SUMS = "key string, port int, total double, count long"


def readings_stream(spark: SparkSession, source: StreamInput) -> DataFrame:
    return (
        spark.readStream.schema(READINGS_SCHEMA)
        .option("maxFilesPerTrigger", 1)
        .json(str(source.directory))
    )


def test_a_time_window_on_port_1_fires_by_the_key_s_wake_up_beside_a_count_window(
    spark: SparkSession, state_layout: str, tmp_path: Path
) -> None:
    meters = StreamInput(tmp_path / "meters")
    gauges = StreamInput(tmp_path / "gauges")
    meters.write([("a", 1, 1.0), ("a", 2, 2.0), ("b", 3, 5.0)])
    gauges.write([("a", 4, 10.0), ("b", 5, 20.0), ("a", 6, 30.0)])
    sums = sw.run_operator(
        readings_stream(spark, meters),
        PORT_WINDOW_SUMS,
        window="partitioned, tumbling, count(2)",  # no time policy on port 0
        partition_by="key",
        order_by="seq",
        inputs=[readings_stream(spark, gauges)],
        input_windows=["partitioned, tumbling, time(1)"],
        params={"attr": "cost"},
        output_schema=PORT_SUMS,
    )
    outputs: dict[int, list[tuple[Any, ...]]] = {}

    def record(batch: DataFrame, batch_id: int) -> None:
        outputs[batch_id] = plain(batch.collect())

    def port_1_sums() -> list[tuple[Any, ...]]:
        return sorted(row for rows in list(outputs.values()) for row in rows if row[1] == 1)

    # Processing-time windows make Spark run micro-batches without data, in which a key whose
    # wake-up is due is called; processAllAvailable() would never return, so the test waits on
    # the sink, a second after the rows' micro-batch, for port 1's tumbles.
    query: StreamingQuery = (
        sums.writeStream.foreachBatch(record)
        .trigger(processingTime="200 milliseconds")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        wait_until(lambda: len(port_1_sums()) == 2, "port 1's tumbles of both keys")
        progress = progresses(query)
    finally:
        query.stop()

    # Port 1: each key's readings of the file, tumbled a second after they arrived.
    assert port_1_sums() == [("a", 1, 40.0, 2), ("b", 1, 20.0, 1)]
    # Port 0: a's two readings tumble by count in the rows' own micro-batch; b's one waits.
    data_batches = [p.batchId for p in progress if p.numInputRows > 0]
    assert data_batches == [0]
    assert outputs[0] == [("a", 0, 3.0, 2)]
    # Port 1's tumbles came in micro-batches without data: the key was called for its wake-up.
    fired = [batch_id for batch_id, rows in outputs.items() if any(row[1] == 1 for row in rows)]
    assert fired and all(batch_id not in data_batches for batch_id in fired), (fired, progress)


def test_a_processing_time_window_beyond_port_0_is_refused_beside_event_time(
    spark: SparkSession, tmp_path: Path
) -> None:
    events = StreamInput(tmp_path / "events")
    with_watermark = (
        readings_stream(spark, events)
        .withColumn("ts", (F.col("seq")).cast("timestamp"))
        .withWatermark("ts", "0 seconds")
    )
    with pytest.raises(
        ArgumentError,
        match="input port 1: .*has processing-time policies.*port 0's is a timeInterval window",
    ):
        sw.run_operator(
            with_watermark,
            PORT_WINDOW_SUMS,
            window="partitioned, timeInterval, intervalDuration(5.0)",
            partition_by="key",
            event_time="ts",
            inputs=[readings_stream(spark, events)],
            input_windows=["partitioned, tumbling, time(1)"],
            params={"attr": "cost"},
            output_schema=PORT_SUMS,
        )


@pytest.mark.parametrize("order_by", ["seq", None])
def test_the_reference_run_with_several_ports_gives_what_a_batch_gives(
    spark: SparkSession, order_by: str | None
) -> None:
    price_df, order_df = prices_and_orders(spark, PRICES, ORDERS)
    arguments: dict[str, Any] = dict(
        window=LATEST,
        partition_by="key",
        order_by=order_by,
        inputs=[order_df],
        input_windows=[None],
        params={"key": "key"},
        output_schema=ENRICHED,
    )

    # Without order_by, a port's input order is its arrival order: one partition keeps it.
    spread = price_df.repartition(2) if order_by else price_df.coalesce(1)
    expected = plain(single_instance_run(price_df, ENRICHER, **arguments).collect())
    actual = plain(sw.run_operator(spread, ENRICHER, **arguments).collect())

    assert actual == expected == enriched([(PRICES, ORDERS)], ordered=order_by is not None)


def test_the_reference_run_sums_each_port_s_window_and_ends_every_port(
    spark: SparkSession,
) -> None:
    price_df, order_df = prices_and_orders(spark, shuffled(PRICES), shuffled(ORDERS))
    arguments: dict[str, Any] = dict(
        window="partitioned, tumbling, count(2)",
        partition_by="key",
        order_by="seq",
        inputs=[order_df.withColumnRenamed("qty", "cost")],
        input_windows=["partitioned, tumbling, count(2)"],
        params={"attr": "cost"},
        output_schema=PORT_SUMS,
    )
    costs = price_df.withColumnRenamed("price", "cost")

    expected = plain(single_instance_run(costs, PORT_WINDOW_SUMS, **arguments).collect())
    actual = plain(sw.run_operator(costs, PORT_WINDOW_SUMS, **arguments).collect())

    # Each port's tumbles of two by seq; what is left in port 1's windows (a's order 9, b's 13,
    # c's only one) is summed at port 1's final marker, which a run must send after port 0's.
    assert actual == expected == [
        ("a", 0, 2.5, 2),
        ("a", 1, 12.0, 1),
        ("a", 1, 21.0, 2),
        ("b", 0, 4.5, 2),
        ("b", 1, 22.0, 1),
        ("b", 1, 41.0, 2),
        ("c", 1, 30.0, 1),
    ]


def test_the_reference_run_refuses_a_stream_on_any_port(spark: SparkSession, tmp_path: Path) -> None:
    price_df, _ = prices_and_orders(spark, PRICES, ORDERS)
    stream = readings_stream(spark, StreamInput(tmp_path / "orders"))
    with pytest.raises(ValueError, match=r"inputs\[0\] \(input port 1\) is streaming"):
        single_instance_run(
            price_df,
            ENRICHER,
            window=LATEST,
            partition_by="key",
            inputs=[stream],
            params={"key": "key"},
            output_schema=ENRICHED,
        )
