"""sw.aggregate(): SPL Aggregate output functions over windows on Spark, without Java."""

from __future__ import annotations

import statistics

import pytest

import streams_window as sw

SCHEMA = "symbol string, seq long, price double"


@pytest.fixture()
def trades(any_spark):
    """The trades, on the classic session, then on the Spark Connect one."""
    rows = [("IBM", i, 100.0 + (i * 7) % 5) for i in range(0, 24, 2)] + [
        ("ACME", i, 10.0 + (i * 3) % 4) for i in range(1, 24, 2)
    ]
    # Several Spark partitions and a shuffled order: order_by restores the arrival order.
    return any_spark.createDataFrame(rows[::-1], SCHEMA).repartition(3)


def expected_tumbles(rows, size):
    """Independent reference: per symbol in seq order, every full chunk of `size` rows."""
    by_symbol: dict[str, list[tuple[int, float]]] = {}
    for symbol, seq, price in sorted(rows, key=lambda r: r[1]):
        by_symbol.setdefault(symbol, []).append((seq, price))
    out = []
    for symbol, readings in by_symbol.items():
        for i in range(0, len(readings) - size + 1, size):
            chunk = readings[i : i + size]
            prices = [p for _, p in chunk]
            out.append((symbol, sum(prices), len(prices), max(prices), [s for s, _ in chunk]))
    return sorted(out)


def test_tumbling_output_functions_match_a_python_reference(trades):
    result = sw.aggregate(
        trades,
        window="partitioned, tumbling, count(4)",
        partition_by="symbol",
        order_by="seq",
        output={
            "symbol": "Any(symbol)",
            "total": "Sum(price)",
            "n": "Count()",
            "top": "Max(price)",
            "seqs": "Collect(seq)",
        },
    ).collect()
    got = sorted((r.symbol, r.total, r.n, r.top, list(r.seqs)) for r in result)
    assert got == expected_tumbles([tuple(r) for r in trades.collect()], 4)


def test_sliding_average_waits_for_a_full_window(trades):
    result = sw.aggregate(
        trades,
        window="partitioned, sliding, count(3), count(1)",
        partition_by="symbol",
        order_by="seq",
        output={"symbol": "Any(symbol)", "seq": "Last(seq)", "avg": "Average(price)"},
    ).collect()
    rows = sorted((tuple(r) for r in trades.collect()), key=lambda r: r[1])
    expected = []
    for symbol in ("ACME", "IBM"):
        prices = [(s, p) for sym, s, p in rows if sym == symbol]
        for i in range(2, len(prices)):
            window = [p for _, p in prices[i - 2 : i + 1]]
            expected.append((symbol, prices[i][0], statistics.fmean(window)))
    got = sorted((r.symbol, r.seq, r.avg) for r in result)
    assert [(s, q) for s, q, _ in got] == [(s, q) for s, q, _ in sorted(expected)]
    for (_, _, a), (_, _, b) in zip(got, sorted(expected), strict=True):
        assert a == pytest.approx(b)


def test_group_by_gives_one_row_per_group_and_count_groups(any_spark):
    df = any_spark.createDataFrame(
        [("a", 1, 1.0), ("b", 2, 2.0), ("a", 3, 3.0), ("c", 4, 4.0)], SCHEMA
    )
    result = sw.aggregate(
        df,
        window="tumbling, count(4)",
        order_by="seq",
        group_by="symbol",
        output={"total": "Sum(price)", "groups": "CountGroups()"},
        punctuation_column="p",
    ).collect()
    tuples = [(r.symbol, r.total, r.groups) for r in result if r.p is None]
    assert tuples == [("a", 4.0, 3), ("b", 2.0, 3), ("c", 4.0, 3)]
    assert [r.p for r in result if r.p is not None] == ["WINDOW_MARKER", "FINAL_MARKER"]


def test_a_bad_output_function_names_the_token(any_spark):
    df = any_spark.createDataFrame([("a", 1, 1.0)], SCHEMA)
    with pytest.raises(sw.ArgumentError) as error:
        sw.aggregate(df, window="tumbling, count(2)", output={"total": "Summ(price)"})
    assert "Summ" in str(error.value)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"partition_by": "Symbol", "window": "partitioned, tumbling, count(2)"},
            r"partition_by column 'Symbol' is not in the DataFrame"
            r" \('symbol' differs only in case;",
        ),
        ({"group_by": "sector"}, "group_by column 'sector' is not in the DataFrame;"),
        ({"order_by": "time"}, "order_by column 'time' is not in the DataFrame"),
        ({"marker_column": "seq"}, "marker_column 'seq' must be a boolean column .* it is bigint"),
        ({"punctuation_column": "n"}, "punctuation_column 'n' is already a column of"),
    ],
)
def test_the_jvm_judges_columns_with_the_messages_run_operator_gives(trades, arguments, message):
    given = {"window": "tumbling, count(2)", "output": {"n": "Count()"}, **arguments}
    with pytest.raises(sw.ArgumentError, match=message):
        sw.aggregate(trades, **given)


@pytest.mark.parametrize(
    ("output", "error", "message"),
    [
        ([("n", "Count()")], TypeError, "output takes a mapping of column name to output function"),
        ({"n": None}, TypeError, r"output\['n'\] takes an output function as text"),
    ],
)
def test_output_of_the_wrong_python_type_is_refused_before_the_jvm(trades, output, error, message):
    with pytest.raises(error, match=message):
        sw.aggregate(trades, window="tumbling, count(2)", output=output)


def test_an_empty_output_is_refused_by_the_jvm(trades):
    with pytest.raises(sw.ArgumentError, match=r"output is empty: give at least one column") as e:
        sw.aggregate(trades, window="tumbling, count(2)", output={})
    assert e.value.condition == "STREAMS_WINDOW_REFUSED_ARGUMENT"


def test_partition_columns_lead_the_result_without_being_assigned(trades):
    result = sw.aggregate(
        trades,
        window="partitioned, tumbling, count(4)",
        partition_by="symbol",
        order_by="seq",
        output={"total": "Sum(price)", "n": "Count()", "top": "Max(price)", "seqs": "Collect(seq)"},
    )
    assert result.columns == ["symbol", "total", "n", "top", "seqs"]
    got = sorted((r.symbol, r.total, r.n, r.top, list(r.seqs)) for r in result.collect())
    assert got == expected_tumbles([tuple(r) for r in trades.collect()], 4)


def test_an_assigned_partition_column_stays_where_it_is_assigned(trades):
    result = sw.aggregate(
        trades,
        window="partitioned, tumbling, count(4)",
        partition_by="symbol",
        order_by="seq",
        output={"n": "Count()", "symbol": "Any(symbol)"},
    )
    assert result.columns == ["n", "symbol"]
