"""SPL's Sort from Python: sw.sort over batch and streaming DataFrames, on classic and Spark
Connect sessions (docs/semantics.md, "SPL Sort"). The expected outputs are worked out from the
rules: a tumbling window sorted when it tumbles, ties in arrival order; a sliding count(N) window
that, once full, puts out the first in order before each new row takes its place."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from support import READINGS_SCHEMA, StreamInput, drain_to_json

import streams_window as sw

T = TypeVar("T")

# IBM's beginner sample 014_sort_at_work (Examples-for-beginners), its data/EmployeeRecords.txt
# without the delay field: name, id, title, salary.
EMPLOYEES = [
    ("Peter Mars", 345, "Design Engineer", 145.23),
    ("Mary Katz", 769, "Project Manager", 120.32),
    ("Larry Tamo", 921, "Software Engineer", 243.12),
    ("Marcia Karo", 281, "Administrative Assistant", 33.15),
    ("Gary Wall", 193, "Delivery Manager", 129.52),
    ("Marvin Tal", 810, "Test Engineer", 105.29),
    ("Marcia Karo", 290, "Executive Assistant", 93.20),
    ("John Natz", 983, "Hardware Engineer", 140.84),
    ("Alan Mira", 410, "Accounting Manager", 193.14),
    ("Peter Mars", 332, "Chemical Engineer", 117.29),
    ("Vera Zales", 350, "Demo Engineer", 98.34),
    ("Bon Pinto", 148, "Security Officer", 59.54),
    ("Marcia Karo", 149, "Nurse", 75.20),
    ("Peter Mars", 278, "Physicist", 132.23),
    ("Kevin Mayo", 739, "Documentation Specialist", 39.45),
    ("David Taco", 818, "System Admin", 90.54),
]
EMPLOYEE = "name string, id int, title string, salary double, seq int"


def employees(spark: Any) -> Any:
    return spark.createDataFrame(
        [(*row, seq) for seq, row in enumerate(EMPLOYEES)], EMPLOYEE
    )


def tumbling(rows: Sequence[T], size: int, key: Callable[[T], Any]) -> list[T]:
    """The rule: every full window of ``size`` sorted (stably), the rest never put out."""
    out: list[T] = []
    for start in range(0, len(rows) - size + 1, size):
        out.extend(sorted(rows[start : start + size], key=key))
    return out


def progressive(rows: Sequence[T], size: int, key: Callable[[T], Any]) -> tuple[list[T], list[T]]:
    """The rule of sliding, count(size): what leaves as rows arrive, and what is held at the end
    (in order), which the final marker puts out."""
    held: list[T] = []
    out: list[T] = []
    for row in rows:
        if len(held) == size:
            out.append(held.pop(0))
        at = len(held)
        while at > 0 and key(held[at - 1]) > key(row):
            at -= 1
        held.insert(at, row)
    return out, held


def names(rows: Any) -> list[tuple[str, int]]:
    return [(row["name"], row["id"]) for row in rows]


def test_ibm_s_beginner_sample_sorts_tumbling_count_windows_by_name(any_spark: Any) -> None:
    # SortByName: window tumbling, count(5); sortBy: name.
    got = sw.sort(
        employees(any_spark), window="tumbling, count(5)", sort_by="name", order_by="seq"
    ).collect()
    expected = tumbling(EMPLOYEES, 5, key=lambda e: e[0].encode())
    assert names(got) == [(name, id_) for name, id_, _, _ in expected]
    assert got[0].asDict().keys() == {"name", "id", "title", "salary", "seq"}


def test_a_punct_window_sorts_a_batch_ended_by_its_window_marker(any_spark: Any) -> None:
    # SortById: window tumbling, punct(); sortBy: id. The file's end is a window marker.
    got = sw.sort(
        employees(any_spark),
        window="tumbling, punct()",
        sort_by="id",
        order_by="seq",
        batch_marker=True,
        punctuation_column="p",
    ).collect()
    assert [(row["id"], row["p"]) for row in got] == [
        *((id_, None) for id_ in sorted(e[1] for e in EMPLOYEES)),
        (None, "WINDOW_MARKER"),
        (None, "FINAL_MARKER"),
    ]


def test_a_partitioned_window_sorts_each_partition_by_its_salary(any_spark: Any) -> None:
    # SortBySalary: window tumbling, count(3), partitioned; partitionBy: name; sortBy: salary.
    got = sw.sort(
        employees(any_spark),
        window="partitioned, tumbling, count(3)",
        partition_by="name",
        sort_by="salary",
        order_by="seq",
    ).collect()
    by_name: dict[str, list[float]] = {}
    for row in got:
        by_name.setdefault(row["name"], []).append(row["salary"])
    expected: dict[str, list[float]] = {}
    for name in {e[0] for e in EMPLOYEES}:
        mine = [e for e in EMPLOYEES if e[0] == name]
        if len(mine) >= 3:
            expected[name] = [e[3] for e in tumbling(mine, 3, key=lambda e: e[3])]
    assert by_name == expected
    assert set(expected) == {"Marcia Karo", "Peter Mars"}


def test_a_sliding_count_window_is_a_progressive_sort_flushed_at_the_end(any_spark: Any) -> None:
    # SortWithSlidingWindow: window sliding, count(3), count(1); sortBy: name.
    got = sw.sort(
        employees(any_spark),
        window="sliding, count(3), count(1)",
        sort_by="name",
        order_by="seq",
    ).collect()
    left, held = progressive(EMPLOYEES, 3, key=lambda e: e[0].encode())
    assert names(got) == [(e[0], e[1]) for e in left + held]


def test_sort_by_expressions_and_an_order_per_expression(any_spark: Any) -> None:
    got = sw.sort(
        employees(any_spark),
        window="tumbling, count(16)",
        sort_by=["length(title) / 5", "salary"],
        order=["descending", "ascending"],
        order_by="seq",
    ).collect()
    expected = sorted(EMPLOYEES, key=lambda e: (-(len(e[2]) // 5), e[3]))
    assert [row["id"] for row in got] == [e[1] for e in expected]


def test_what_spl_s_sort_refuses_is_named(any_spark: Any) -> None:
    df = employees(any_spark)
    with pytest.raises(sw.ArgumentError) as expression:
        sw.sort(df, window="tumbling, count(2)", sort_by="salary * 2")
    assert str(expression.value).splitlines()[0] == (
        "'*' at position 7: the operands are float64 and int32, and SPL needs one type on both"
        " sides (no implicit widening): write 2.0, or cast one side, e.g. (float64)2.0"
    )
    with pytest.raises(sw.ArgumentError) as window:
        sw.sort(df, window="sliding, delta(id, 5), count(1)", sort_by="id")
    assert str(window.value).splitlines()[0].startswith(
        "Sort takes a sliding window only as sliding, count(N), count(1), a progressive sort"
    )
    with pytest.raises(sw.ArgumentError) as orders:
        sw.sort(df, window="tumbling, count(2)", sort_by=["id", "name"], order=["ascending"] * 3)
    assert "order has 3 values for 2 sortBy expressions" in str(orders.value)
    with pytest.raises(TypeError):
        sw.sort(df, window="tumbling, count(2)", sort_by=3)  # type: ignore[arg-type]


def test_a_progressive_sort_restarted_from_its_checkpoint_keeps_its_sorted_rows(
    spark: Any, tmp_path: Path
) -> None:
    rows = [("a", seq, cost) for seq, cost in enumerate([5.0, 1.0, 3.0, 2.0, 6.0, 0.0, 4.0, 7.0])]
    rows += [("b", seq, cost) for seq, cost in enumerate([2.0, 9.0, 1.0, 8.0])]
    source = StreamInput(tmp_path)

    def query() -> Any:
        stream = spark.readStream.schema(READINGS_SCHEMA).json(str(source.directory))
        return sw.sort(
            stream,
            window="partitioned, sliding, count(3), count(1)",
            partition_by="key",
            sort_by="cost",
            order_by="seq",
        )

    source.write(rows[:4] + rows[8:10])
    first = drain_to_json(query(), tmp_path / "run")
    source.write(rows[4:8] + rows[10:])
    both = drain_to_json(query(), tmp_path / "run")  # restarted from the checkpoint

    expected: set[tuple[Any, ...]] = set()
    for key in ("a", "b"):
        left, _ = progressive([r for r in rows if r[0] == key], 3, key=lambda r: r[2])
        expected.update(left)
    # A stream never gets the final marker: what the windows hold stays.
    assert set(both) == expected
    assert set(first) < expected
