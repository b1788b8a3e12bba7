"""SPL's Join from Python: sw.join over batch and streaming DataFrames, on classic and Spark
Connect sessions (docs/semantics.md, "SPL Join"). Expected outputs are worked out from the rules:
a row is matched against the other side's window before it enters its own; an outer join puts
out a row that never matched as it leaves its window."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from support import READINGS_SCHEMA, StreamInput, drain_to_json

import streams_window as sw

# IBM's beginner sample 015_join_at_work (Examples-for-beginners): data/EmployeeRecords.txt and
# data/DepartmentRecords.txt without the delay field. The sample's ids are uint32; int columns
# (int32) here, the same on both sides, as SPL's == needs.
EMPLOYEES = [
    ("Peter Mars", 345), ("Mary Katz", 769), ("Larry Tamo", 921), ("Marcia Karo", 281),
    ("Sophia Aren", 458), ("Gary Wall", 193), ("Marvin Tal", 810), ("John Natz", 983),
    ("Alan Mira", 410), ("Vera Zales", 350), ("Bon Pinto", 148), ("Kevin Mayo", 739),
    ("David Taco", 818), ("Robert Netz", 0), ("Laura Jila", 458),
]  # fmt: skip
DEPARTMENTS = [
    (739, "Documentation"), (921, "Software Engineering"), (810, "Test Engineering"),
    (769, "Project Management"), (983, "Hardware Engineering"), (350, "Demo Engineering"),
    (148, "Nursing"), (345, "Design Engineering"), (193, "Delivery"), (410, "Accounting"),
    (818, "System Administration"), (281, "Administration"), (999, "Marketing"),
    (458, "Media Relations"),
]  # fmt: skip
EVERY_COLUMN = {
    "name": "L.name",
    "employeeDepartment": "L.employeeDepartment",
    "departmentId": "R.departmentId",
    "departmentName": "R.departmentName",
}


def staff(spark: Any) -> tuple[Any, Any]:
    employees = spark.createDataFrame(
        [(*e, seq) for seq, e in enumerate(EMPLOYEES)],
        "name string, employeeDepartment int, seq int",
    )
    departments = spark.createDataFrame(
        [(*d, seq) for seq, d in enumerate(DEPARTMENTS)],
        "departmentId int, departmentName string, seq int",
    )
    return employees, departments


def test_ibm_s_beginner_sample_inner_join_runs_as_one_instance_and_says_why(
    any_spark: Any,
) -> None:
    # InnerJoin1: both windows sliding, count(20); match: employeeDepartment == departmentId.
    employees, departments = staff(any_spark)
    with pytest.warns(sw.PlanWarning, match="join runs as one operator instance") as warned:
        joined = sw.join(
            employees, departments,
            left_window="sliding, count(20)", right_window="sliding, count(20)",
            match="L.employeeDepartment == R.departmentId", output=EVERY_COLUMN, order_by="seq",
        )  # fmt: skip
    assert "no equalityLHS / equalityRHS" in str(warned[0].message)
    expected = {
        (name, dept, dept, title)
        for name, dept in EMPLOYEES
        for id_, title in DEPARTMENTS
        if dept == id_
    }
    got = [tuple(row) for row in joined.collect()]
    assert len(got) == len(expected) == 14
    assert set(got) == expected


def bargains(spark: Any) -> tuple[Any, Any]:
    trades = spark.createDataFrame(
        [("IBM", 1, 100.0), ("HPQ", 2, 20.0), ("IBM", 4, 90.0), ("HPQ", 6, 30.0)],
        "ticker string, ts int, price double",
    )
    quotes = spark.createDataFrame(
        [("IBM", 3, 95.0), ("HPQ", 3, 25.0), ("IBM", 5, 80.0), ("MSFT", 5, 1.0), ("HPQ", 7, 25.0)],
        "ticker string, ts int, ask double",
    )
    return trades, quotes


def test_a_bargain_join_runs_key_by_key_and_matches_the_latest_trade(any_spark: Any) -> None:
    # IBM's VWAP bargain index: the latest trade per ticker (partitioned count(1)), quotes kept
    # nowhere (count(0)), equality on the ticker: each key can be joined alone.
    trades, quotes = bargains(any_spark)
    with warnings.catch_warnings():
        warnings.simplefilter("error", sw.PlanWarning)
        found = sw.join(
            trades, quotes,
            left_window="partitioned, sliding, count(1)", right_window="sliding, count(0)",
            partition_by_lhs="ticker", equality_lhs="L.ticker", equality_rhs="R.ticker",
            match="L.price > R.ask", order_by="ts",
            output={"ticker": "L.ticker", "ts": "R.ts", "gain": "L.price - R.ask"},
        )  # fmt: skip
        got = sorted(tuple(row) for row in found.collect())
    # By ts: IBM 100 (1), HPQ 20 (2), quotes at 3: IBM 95 < 100 matches, HPQ 25 > 20 does not;
    # IBM 90 (4); quotes at 5: IBM 80 < 90 matches, MSFT has no trade; HPQ 30 (6); HPQ 25 at 7
    # matches 30.
    assert got == [("HPQ", 7, 5.0), ("IBM", 3, 5.0), ("IBM", 5, 10.0)]


def test_a_left_outer_join_puts_out_unmatched_rows_as_they_leave(any_spark: Any) -> None:
    trades, quotes = bargains(any_spark)
    with pytest.warns(sw.PlanWarning, match="input port 0's window"):
        found = sw.join(
            trades, quotes,
            left_window="sliding, count(1)", right_window="sliding, count(1)",
            equality_lhs="L.ticker", equality_rhs="R.ticker", algorithm="leftOuter",
            order_by="ts", output={"ticker": "L.ticker", "trade": "L.ts", "quote": "R.ts"},
        )  # fmt: skip
        got = [tuple(row) for row in found.collect()]
    # One trade and one quote held at a time, by ts (ties to trades). Trade IBM 1 leaves
    # unmatched when HPQ 2 arrives (its quote side at the default, 0); quote IBM 3 finds HPQ 2
    # (no); quote HPQ 3 matches HPQ 2; IBM 4 evicts HPQ 2 (matched); quote IBM 5 matches IBM 4,
    # MSFT 5 nothing; HPQ 6 evicts IBM 4 (matched); quote HPQ 7 matches HPQ 6.
    assert got == [("IBM", 1, 0), ("HPQ", 2, 3), ("IBM", 4, 5), ("HPQ", 6, 7)]


def test_a_default_tuple_stands_for_the_missing_side(spark: Any) -> None:
    trades, quotes = bargains(spark)
    with pytest.warns(sw.PlanWarning):
        found = sw.join(
            trades, quotes,
            left_window="sliding, count(1)", right_window="sliding, count(1)",
            equality_lhs="L.ticker", equality_rhs="R.ticker", algorithm="leftOuter",
            default_tuple_rhs='{ticker="none", ts=-1, ask=0.0}',
            order_by="ts", output={"ticker": "L.ticker", "trade": "L.ts", "quote": "R.ts"},
        )  # fmt: skip
        got = [tuple(row) for row in found.collect()]
    assert got[0] == ("IBM", 1, -1)  # trade IBM 1 left unmatched: the default quote's ts


def test_what_spl_s_join_refuses_is_named(any_spark: Any) -> None:
    trades, quotes = bargains(any_spark)
    with pytest.raises(sw.ArgumentError) as tumbling:
        sw.join(trades, quotes, left_window="tumbling, count(2)", right_window=None,
                output={"ticker": "L.ticker"})  # fmt: skip
    assert str(tumbling.value).splitlines()[0].startswith(
        "Join's input port 0 has the window \"tumbling, count(2)\"; Join takes sliding windows"
    )
    with pytest.raises(sw.ArgumentError) as partitioned:
        sw.join(trades, quotes, left_window="partitioned, sliding, count(1)", right_window=None,
                output={"ticker": "L.ticker"})  # fmt: skip
    assert "partitionByLHS is missing" in str(partitioned.value)
    with pytest.raises(sw.ArgumentError) as typed:
        sw.join(trades, quotes, left_window="sliding, count(1)", right_window=None,
                output={"gain": "L.price - R.ts"})  # fmt: skip
    assert "no implicit widening" in str(typed.value)


def test_a_keyed_join_restarted_from_its_checkpoint_keeps_each_side_s_window(
    spark: Any, tmp_path: Path
) -> None:
    trades = StreamInput(tmp_path / "trades")
    quotes = StreamInput(tmp_path / "quotes")

    def query() -> Any:
        left = spark.readStream.schema(READINGS_SCHEMA).json(str(trades.directory))
        right = spark.readStream.schema(READINGS_SCHEMA).json(str(quotes.directory))
        return sw.join(
            left, right,
            left_window="partitioned, sliding, count(1)", right_window="sliding, count(0)",
            partition_by_lhs="key", equality_lhs="L.key", equality_rhs="R.key",
            match="L.cost > R.cost", order_by="seq",
            output={"key": "L.key", "seq": "R.seq", "gain": "L.cost - R.cost"},
        )  # fmt: skip

    trades.write([("a", 1, 10.0), ("b", 2, 5.0), ("a", 3, 8.0)])
    quotes.write([])
    assert drain_to_json(query(), tmp_path / "run") == []
    quotes.write([("a", 4, 7.0), ("b", 5, 6.0), ("b", 6, 1.0), ("c", 7, 0.0)])
    # Restarted: the trades' windows (a: 8.0, b: 5.0) come back from the checkpoint.
    got = sorted(drain_to_json(query(), tmp_path / "run"))
    assert got == [("a", 4, 1.0), ("b", 6, 4.0)]
