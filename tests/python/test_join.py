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


def test_an_outer_join_with_unmatched_ports_puts_each_side_s_unmatched_rows_on_its_own(
    any_spark: Any,
) -> None:
    trades, quotes = bargains(any_spark)
    with pytest.warns(sw.PlanWarning, match="input port 0's window"):
        found = sw.join(
            trades, quotes,
            left_window="sliding, count(1)", right_window="sliding, count(1)",
            equality_lhs="L.ticker", equality_rhs="R.ticker", algorithm="outer",
            unmatched_ports=True, order_by="ts",
            output={"ticker": "L.ticker", "trade": "L.ts", "quote": "R.ts"},
        ).persist()  # fmt: skip
    # As in the left outer join above, but each unmatched row goes out unchanged on its side's
    # port (1: trades, 2: quotes) as it leaves: trade IBM 1 (evicted by HPQ 2), quote IBM 3
    # (evicted by HPQ 3), quote MSFT 5 (evicted by HPQ 7); the matches stay on port 0.
    assert [tuple(r) for r in sw.output_port(found, 0).collect()] == [
        ("HPQ", 2, 3), ("IBM", 4, 5), ("HPQ", 6, 7)
    ]  # fmt: skip
    assert sw.output_port(found, 1).columns == trades.columns
    assert [tuple(r) for r in sw.output_port(found, 1).collect()] == [("IBM", 1, 100.0)]
    assert sw.output_port(found, 2).columns == quotes.columns
    assert [tuple(r) for r in sw.output_port(found, 2).collect()] == [
        ("IBM", 3, 95.0), ("MSFT", 5, 1.0)
    ]  # fmt: skip
    with pytest.raises(sw.ArgumentError, match="unmatched_ports: a Join with algorithm inner"):
        sw.join(
            trades, quotes, left_window="sliding, count(1)", right_window="sliding, count(1)",
            unmatched_ports=True, output={"ticker": "L.ticker"},
        )  # fmt: skip


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


# The same sample's data/orders.txt and data/inventory.txt, without the delay field (uint32 and
# float32 attributes as int and double columns here).
ORDERS = [
    (101, "Tom Cruise", "2011-01-23 04:23:12.456", "Stapler", 5),
    (102, "Nicole Kidman", "2011-01-23 04:25:15.412", "Printer", 3),
    (103, "Johnny Depp", "2011-02-03 11:30:00.123", "Laptop", 4),
    (104, "Dustin Hoffman", "2011-01-25 15:12:20.218", "Television", 4),
    (105, "Natalie Portman", "2011-01-26 13:15:26.765", "Space Suite", 5),
    (106, "Mark Hamill", "2011-01-26 16:19:34.512", "Lightsaber", 10),
    (107, "Carrie Fisher", "2011-01-29 08:12:34.356", "iPod", 6),
    (108, "Harrison Ford", "2011-01-29 10:15:00.000", "Airplane Engine", 5),
    (109, "Kiera Knightley", "2011-01-30 08:12:34.517", "Pearl Necklace", 6),
    (110, "Liam Neesan", "2011-01-31 04:34:12.315", "Winter Coat", 5),
    (111, "Halle Berry", "2011-02-03 15:12:15.626", "iPad", 5),
    (112, "Samuel Jackson", "2011-01-31 17:23:12.479", "iPhone", 7),
    (113, "Matt Damon", "2011-02-01 11:45:16.517", "Television", 6),
    (114, "Nicholas Cage", "2011-02-02 12:56:12.710", "iPod", 3),
    (115, "Dummy Actor", "2011-02-03 11:11:11.111", "No Product", 1),
]
INVENTORY = [
    (37, "Printer", 25, 47.87), (687, "Pearl Necklace", 15, 278.34),
    (316, "Crystal Doll", 25, 3541.56), (18, "iPhone", 34, 56.76), (290, "Lightsaber", 78, 450.15),
    (52, "Winter Coat", 20, 110.56), (962, "Gold Pen", 10, 5630.58),
    (125, "Television", 57, 790.00), (176, "Airplane Engine", 9, 67980.14),
    (167, "Stapler", 15, 3.56), (264, "Space Suite", 45, 5410.52), (510, "iPod", 34, 367.16),
    (456, "Knife Set", 45, 279.34), (890, "Camera", 134, 450.25), (111, "Dummy Product", 1, 11.11),
]  # fmt: skip
NO_ORDER = (0, "XXXXX", "XXXXX", "XXXXX", 0)


def right_outer_model(orders: list[Any], inventory: list[Any], size: int) -> list[Any]:
    """The rules of rightOuter with count(size) windows on both sides, matching product against
    productName, the sides arriving alternately, an order first: what output port 0 gets."""
    left: list[Any] = []
    right: list[list[Any]] = []  # [item, matched]
    out: list[Any] = []
    for order, item in zip(orders, inventory, strict=True):
        for held in right:
            if order[3] == held[0][1]:
                out.append((order, held[0]))
                held[1] = True
        if len(left) == size:
            left.pop(0)
        left.append(order)
        matched = False
        for held_order in left:
            if held_order[3] == item[1]:
                out.append((held_order, item))
                matched = True
        if len(right) == size:
            evicted, was_matched = right.pop(0)
            if not was_matched:
                out.append((NO_ORDER, evicted))
        right.append([item, matched])
    return out


def test_ibm_s_beginner_sample_right_outer_join_with_its_default_tuple(any_spark: Any) -> None:
    # RightOuterJoin1: both windows sliding, count(5); match: product == productName;
    # defaultTupleLHS: {orderId=0u, customerName="XXXXX", ...}; quantity2 = Inventory's quantity.
    orders = any_spark.createDataFrame(
        [(*o, 2 * n) for n, o in enumerate(ORDERS)],
        "orderId int, customerName string, orderDate string, product string, quantity int,"
        " seq int",
    )
    inventory = any_spark.createDataFrame(
        [(*i, 2 * n + 1) for n, i in enumerate(INVENTORY)],
        "productId int, productName string, quantity int, price double, seq int",
    )
    with pytest.warns(sw.PlanWarning):
        joined = sw.join(
            orders, inventory,
            left_window="sliding, count(5)", right_window="sliding, count(5)",
            algorithm="rightOuter", match="L.product == R.productName", order_by="seq",
            default_tuple_lhs='{orderId=0, customerName="XXXXX", orderDate="XXXXX",'
            ' product="XXXXX", quantity=0, seq=0}',
            output={
                "orderId": "L.orderId", "customerName": "L.customerName",
                "product": "L.product", "quantity": "L.quantity", "productId": "R.productId",
                "productName": "R.productName", "quantity2": "R.quantity",
            },
        )  # fmt: skip
        got = [tuple(row) for row in joined.collect()]
    expected = [
        (o[0], o[1], o[3], o[4], i[0], i[1], i[2])
        for o, i in right_outer_model(ORDERS, INVENTORY, 5)
    ]
    assert got == expected
    assert any(row[1] == "XXXXX" for row in got) and any(row[1] != "XXXXX" for row in got)


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
