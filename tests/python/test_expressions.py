"""SPL expressions from Python: spl_column() and functor(), typed by SPL's rules and run by Spark
(docs/python.md, "SPL expressions")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import SPARK_3_5
from pyspark.sql import SparkSession
from support import READINGS_SCHEMA, StreamInput, drain_to_json, plain, readings

import streams_window as sw

TRADES = "ticker string, price double, volume int"
ROWS = [("IBM", 101.5, 200), ("HPQ", 20.25, 50), ("IBM", 99.0, 150), ("GOOG", 7.5, 400)]


def test_a_column_computes_the_expression_by_spl_s_rules(any_spark: Any) -> None:
    trades = any_spark.createDataFrame(ROWS, TRADES)
    got = trades.select(
        sw.spl_column("price * (float64)volume", trades).alias("notional"),
        # int8 arithmetic wraps around at 8 bits, whatever Spark's ANSI setting says.
        sw.spl_column("(int8)volume + 100b", trades).alias("wrapped"),
        # rstring counts bytes.
        sw.spl_column('length(ticker + "é")', trades).alias("bytes"),
    ).collect()
    assert [tuple(row) for row in got] == [
        (price * volume, (volume + 100 + 128) % 256 - 128, len(ticker.encode()) + 2)
        for ticker, price, volume in ROWS
    ]


def test_an_expression_spl_refuses_names_the_token_its_position_and_the_fix(
    any_spark: Any,
) -> None:
    trades = any_spark.createDataFrame(ROWS, TRADES)
    with pytest.raises(sw.ArgumentError) as refused:
        sw.spl_column("price * 2", trades)
    assert str(refused.value).splitlines()[0] == (
        "'*' at position 6: the operands are float64 and int32, and SPL needs one type on both"
        " sides (no implicit widening): write 2.0, or cast one side, e.g. (float64)2.0"
    )
    assert refused.value.parameters["position"] == "6"
    with pytest.raises(sw.ArgumentError) as unknown:
        sw.spl_column("prise > 1.0", trades)
    assert "did you mean 'price'?" in str(unknown.value)


def test_a_functor_filters_assigns_and_forwards_as_spl_s_does(spark: SparkSession) -> None:
    trades = spark.createDataFrame(ROWS, TRADES)
    big = sw.functor(
        trades,
        filter='volume > 100 && ticker == "IBM"',
        output={"notional": "price * (float64)volume", "volume": "volume / 2"},
    )
    assert big.columns == ["ticker", "price", "volume", "notional"]
    assert sorted(plain(big.collect())) == sorted(
        (ticker, price, volume // 2, price * volume)
        for ticker, price, volume in ROWS
        if volume > 100 and ticker == "IBM"
    )


def test_a_functor_runs_on_a_stream(spark: SparkSession, tmp_path: Path) -> None:
    source = StreamInput(tmp_path)
    rows = readings(["a", "b"], 5)
    source.write(rows[:5])
    source.write(rows[5:])
    stream = spark.readStream.schema(READINGS_SCHEMA).json(str(source.directory))
    doubled = sw.functor(stream, filter='key == "a"', output={"cost": "cost * 2.0"})
    assert sorted(drain_to_json(doubled, tmp_path / "run")) == sorted(
        (key, seq, cost * 2.0) for key, seq, cost in rows if key == "a"
    )


def test_a_functor_refuses_a_filter_that_is_not_boolean(spark: SparkSession) -> None:
    trades = spark.createDataFrame(ROWS, TRADES)
    with pytest.raises(sw.ArgumentError) as refused:
        sw.functor(trades, filter="volume")
    assert str(refused.value).splitlines()[0] == (
        'filter "volume" is int32, and a Functor\'s filter is boolean: compare it, e.g.'
        " (volume) != 0"
    )


@pytest.mark.skipif(SPARK_3_5, reason="streams-window runs on Spark Connect from Spark 4 only")
def test_on_a_connect_session_a_functor_runs_and_a_column_serves_select_filter_and_with_column(
    connect_spark: Any,
) -> None:
    trades = connect_spark.createDataFrame(ROWS, TRADES)
    big = sw.functor(
        trades,
        filter="volume > (int32)getSubmissionTimeValue(\"least\")",
        output={"notional": "price * (float64)volume"},
        submission_values={"least": "100"},
    )
    assert sorted(tuple(row) for row in big.collect()) == sorted(
        (ticker, price, volume, price * volume) for ticker, price, volume in ROWS if volume > 100
    )
    with pytest.raises(sw.ArgumentError) as refused:
        sw.functor(trades, filter="volume")
    assert str(refused.value).startswith('filter "volume" is int32')
    # The Column is made on the server; its attributes resolve against the DataFrame it is used
    # on, in filter and withColumn as in select.
    wrapped = sw.spl_column("(int8)volume + 100b", trades)
    upper = trades.filter(sw.spl_column('ticker != "HPQ"', trades)).withColumn("w", wrapped)
    assert sorted(tuple(row) for row in upper.collect()) == sorted(
        (ticker, price, volume, (volume + 100 + 128) % 256 - 128)
        for ticker, price, volume in ROWS
        if ticker != "HPQ"
    )


def test_aggregate_arguments_may_be_expressions_as_in_ibm_s_vwap_sample(any_spark: Any) -> None:
    trades = any_spark.createDataFrame(
        [("IBM", 1, 100.0, 10), ("IBM", 2, 102.0, 30), ("HPQ", 3, 20.0, 5), ("HPQ", 4, 22.0, 15)],
        "ticker string, seq long, price double, volume int",
    )
    # IBM's VWAP sample: vwap = Sum(price * volume), sumvolume = Sum(volume).
    vwap = sw.aggregate(
        trades,
        window="partitioned, tumbling, count(2)",
        partition_by="ticker",
        order_by="seq",
        output={
            "vwap": "Sum(price * (float64)volume)",
            "sumvolume": "Sum(volume)",
            "biggest": "Max((uint32)volume + 1u)",
        },
    )
    assert vwap.columns == ["ticker", "vwap", "sumvolume", "biggest"]
    assert sorted(tuple(row) for row in vwap.collect()) == [
        ("HPQ", 20.0 * 5 + 22.0 * 15, 20, 16),
        ("IBM", 100.0 * 10 + 102.0 * 30, 40, 31),
    ]


def test_an_aggregate_argument_spl_refuses_is_named_with_its_assignment(
    spark: SparkSession,
) -> None:
    trades = spark.createDataFrame(ROWS, TRADES)
    with pytest.raises(sw.ArgumentError) as refused:
        sw.aggregate(trades, window="tumbling, count(2)", output={"v": "Sum(price * volume)"})
    # The Aggregate operator's own message, as on IBM's harness: positions in the assignment.
    assert str(refused.value).splitlines()[0] == (
        'bad output assignment "v=Sum(price * volume)": Sum\'s argument \'price * volume\' at'
        " position 6: '*' at position 12: the operands are float64 and int32, and SPL needs one"
        " type on both sides (no implicit widening): cast one side, e.g. (float64)x"
    )


def test_submission_time_values_are_given_by_name_and_a_missing_one_is_refused(
    spark: SparkSession,
) -> None:
    trades = spark.createDataFrame(ROWS, TRADES)
    watched = sw.functor(
        trades,
        filter='ticker in getSubmissionTimeListValue("tickers")'
        ' && volume >= (int32)getSubmissionTimeValue("least", "0")',
        submission_values={"tickers": "IBM,GOOG", "least": "150"},
    )
    assert sorted(plain(watched.collect())) == sorted(
        row for row in ROWS if row[0] in ("IBM", "GOOG") and row[2] >= 150
    )
    with pytest.raises(sw.ArgumentError) as refused:
        sw.functor(trades, filter='ticker == getSubmissionTimeValue("ticker")')
    assert str(refused.value).startswith(
        "'getSubmissionTimeValue' at position 10 reads the value named \"ticker\", which was"
        " not given and has no default"
    )


def test_an_expression_that_fails_on_a_row_raises_operator_error_naming_it(
    spark: SparkSession,
) -> None:
    trades = spark.createDataFrame(ROWS, "ticker string, price double, volume long")
    # int64 arithmetic runs SPL's evaluator (docs/semantics.md): a division by zero fails there.
    failing = sw.functor(trades, output={"per": "volume / (volume - volume)"})
    with pytest.raises(sw.OperatorError) as failed:
        failing.collect()
    assert failed.value.operator == 'SPL expression "volume / (volume - volume)"'
    assert failed.value.cause_message == "integer division by zero (/ on int64)"
