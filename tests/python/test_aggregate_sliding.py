"""sw.aggregate on sliding windows: incremental aggregation against recomputation on Spark.

Each randomised window is aggregated twice, ``sliding_aggregation="incremental"`` (the default)
and ``"recompute"``; every output column must be equal, except the float sums, means and
deviations, which are checked against exact arithmetic (fractions) with the bounds
docs/decisions.md states: the incremental sum is the exact sum rounded once (``math.fsum``), its
mean and deviations are within a relative 2^-52 of the exact ones, and the recomputing fold is
within the classical bounds of a left-to-right sum, SPL's running mean and a two-pass deviation.
"""

from __future__ import annotations

import math
import random
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.streaming import StreamingQuery

import streams_window as sw
from support import StreamInput

SCHEMA = (
    "key string, g string, seq long, i int, l long, d double, m decimal(10,2), s string,"
    " t double, o double"
)

OUTPUT = {
    "n": "Count()",
    "all": "CountAll()",
    "groups": "CountGroups()",
    "sizes": "CountByGroup()",
    "distinct": "CountDistinct(s)",
    "by_distinct": "CountByDistinct(i)",
    "distinct_g": "CollectDistinct(g)",
    "sum_i": "Sum(i)",
    "sum_l": "Sum(l)",
    "sum_m": "Sum(m)",
    "sum_d": "Sum(d)",
    "sum_s": "Sum(s)",
    "avg_i": "Average(i)",
    "avg_l": "Average(l)",
    "avg_m": "Average(m)",
    "avg_d": "Average(d)",
    "min_d": "Min(d)",
    "max_s": "Max(s)",
    "min_m": "Min(m)",
    "min_count": "MinCount(i)",
    "max_count": "MaxCount(d)",
    "arg_min": "ArgMin(d, s)",
    "arg_max": "ArgMax(i, l)",
    "first": "First(s)",
    "last": "Last(d)",
    "any": "Any(i)",
    "seqs": "Collect(seq)",
    "values": "Collect(d)",
    "sd_i": "SampleStdDev(i)",
    "psd_l": "PopulationStdDev(l)",
    "sd_d": "SampleStdDev(d)",
    "psd_d": "PopulationStdDev(d)",
    "sd_m": "SampleStdDev(m)",
}

# The outputs whose incremental value may differ from the recomputed one in the last bits.
FLOAT_OUTPUTS = {"sum_d", "avg_d", "sd_d", "psd_d"}

U = 2.0**-53  # the unit roundoff of a double

WINDOWS = [
    # (window clause, partitioned, group_by, aggregate_incomplete_windows)
    ("partitioned, sliding, count(5), count(1)", True, None, False),
    ("partitioned, sliding, count(9), count(3)", True, "g", False),
    # A batch reads its input at one instant, so time policies are refused there (docs/python.md,
    # "Batch and streaming"); incomplete windows are covered by a count window instead.
    ("partitioned, sliding, count(6), count(2)", True, None, True),
    ("sliding, delta(o, 3.0), count(1)", False, "g", False),  # values in order: first in, first out
    ("partitioned, sliding, delta(t, 1.5), count(2)", True, "g", False),  # out of order
    ("partitioned, sliding, count(4), delta(o, 1.5)", True, None, True),
]


def random_double(rng: random.Random) -> float:
    """Ties and exact quarters, values that round, and large ones that cancel."""
    kind = rng.randrange(4)
    if kind == 0:
        return rng.randint(-40, 40) / 4
    if kind == 1:
        return rng.gauss(0, 1) * 10.0 ** rng.randint(-3, 3)
    if kind == 2:
        return rng.choice([1e15, -1e15]) + rng.gauss(0, 1)
    return 0.1 * rng.randrange(10)


def random_rows(seed: int, count: int = 240) -> list[tuple[Any, ...]]:
    rng = random.Random(seed)
    rows = []
    for seq in range(count):
        rows.append(
            (
                rng.choice("abc"),
                rng.choice("xyz"),
                seq,
                rng.randint(-5, 5) if rng.randrange(6) else rng.randint(-(2**31), 2**31 - 1),
                rng.randint(-100, 100),
                random_double(rng),
                Decimal(rng.randint(-99999, 99999)) / 100,
                rng.choice("wxyz"),
                seq * 0.25 + rng.randrange(8) * 0.5,  # moves on, out of order
                seq * 0.5,  # in order
            )
        )
    return rows


def aggregate(df: DataFrame, window: tuple[str, bool, str | None, bool], mode: str) -> DataFrame:
    clause, partitioned, group_by, incomplete = window
    return sw.aggregate(
        df,
        window=clause,
        partition_by="key" if partitioned else None,
        order_by="seq",
        group_by=group_by,
        aggregate_incomplete_windows=incomplete,
        sliding_aggregation=mode,
        output=OUTPUT,
    )


def hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def exact_key(row: dict[str, Any]) -> tuple[Any, ...]:
    """The row's exactly compared columns: equal in both runs, and unique per firing and group."""
    return tuple(hashable(v) for k, v in sorted(row.items()) if k not in FLOAT_OUTPUTS)


class Exact:
    """Exact sums, mean and deviations of a group's doubles."""

    def __init__(self, values: list[float]) -> None:
        self.values = values
        self.n = len(values)
        self.sum = sum((Fraction(v) for v in values), Fraction(0))
        self.magnitudes = sum((Fraction(abs(v)) for v in values), Fraction(0))
        self.largest = max(Fraction(abs(v)) for v in values)

    def mean(self) -> Fraction:
        return self.sum / self.n

    def squares(self) -> Fraction:
        mean = self.mean()
        return sum(((Fraction(v) - mean) ** 2 for v in self.values), Fraction(0))

    def deviation(self, sample: bool) -> Fraction | Decimal:
        divisor = self.n - 1 if sample else self.n
        if divisor <= 0:
            return Fraction(0)
        variance = self.squares() / divisor
        with localcontext() as context:
            context.prec = 60
            return (Decimal(variance.numerator) / Decimal(variance.denominator)).sqrt()


def within(actual: float, expected: Fraction | Decimal, bound: Fraction, what: str) -> None:
    error = abs(Fraction(actual) - Fraction(expected))
    assert error <= bound, f"{what}: {actual} is {float(error)} from {float(expected)}"


def check_incremental(row: dict[str, Any], exact: Exact) -> None:
    assert row["sum_d"] == math.fsum(exact.values), "Sum is the exact sum rounded once"
    within(row["avg_d"], exact.mean(), abs(exact.mean()) * Fraction(2.0**-52), "Average")
    for column, sample in (("sd_d", True), ("psd_d", False)):
        deviation = exact.deviation(sample)
        within(row[column], deviation, Fraction(deviation) * Fraction(2.0**-52), column)


def check_recomputed(row: dict[str, Any], exact: Exact) -> None:
    n = exact.n
    within(row["sum_d"], exact.sum, exact.magnitudes * Fraction((n - 1) * U * 1.001), "fold Sum")
    harmonic = sum(1 / k for k in range(1, n + 1))
    bound = exact.largest * Fraction((n + 4 * harmonic + 1) * U * 1.001)
    within(row["avg_d"], exact.mean(), bound, "fold Average")
    for column, sample in (("sd_d", True), ("psd_d", False)):
        divisor = n - 1 if sample else n
        if divisor <= 0:
            assert row[column] == 0.0
            continue
        # Two passes: the mean is off by at most 2u·Σ|x|, which adds n times its square.
        delta = exact.magnitudes * Fraction(2 * U)
        low = exact.squares() * Fraction(1 - (n + 4) * U) / divisor
        high = (exact.squares() + n * delta**2) * Fraction(1 + (n + 4) * U) / divisor
        value = Fraction(row[column]) ** 2
        assert low * Fraction(1 - 6 * U) <= value <= high * Fraction(1 + 6 * U), column


@pytest.mark.parametrize(
    "window", WINDOWS, ids=[w[0] + (f" groupBy {w[2]}" if w[2] else "") for w in WINDOWS]
)
def test_incremental_outputs_are_the_recomputed_ones(spark: SparkSession, window) -> None:
    df = spark.createDataFrame(random_rows(WINDOWS.index(window)), SCHEMA).repartition(3)
    incremental = [r.asDict() for r in aggregate(df, window, "incremental").collect()]
    recomputed = [r.asDict() for r in aggregate(df, window, "recompute").collect()]
    assert len(incremental) == len(recomputed) > 20
    incremental.sort(key=exact_key)
    recomputed.sort(key=exact_key)
    for inc, rec in zip(incremental, recomputed, strict=True):
        assert exact_key(inc) == exact_key(rec)
        exact = Exact(inc["values"])
        check_incremental(inc, exact)
        check_recomputed(rec, exact)


ROLLING_OUTPUT = {
    "seq": "Last(seq)",
    "avg": "Average(cost)",
    "total": "Sum(cost)",
    "top": "Max(cost)",
    "sd": "SampleStdDev(cost)",
    "n": "Count()",
}
ROLLING_SCHEMA = "key string, seq long, avg double, total double, top double, sd double, n int"


def rolling(df: DataFrame) -> DataFrame:
    return sw.aggregate(
        df,
        window="partitioned, sliding, count(7), count(1)",
        partition_by="key",
        order_by="seq",
        output=ROLLING_OUTPUT,
    )


def test_a_restarted_stream_gives_the_batch_rows_to_the_last_bit(
    spark: SparkSession, tmp_path: Path
) -> None:
    rng = random.Random(16)
    rows = [
        (rng.choice("ab"), seq, rng.gauss(0, 1) * 10.0 ** rng.randint(-2, 6)) for seq in range(150)
    ]
    source = StreamInput(tmp_path)
    output, checkpoint = tmp_path / "output", tmp_path / "checkpoint"

    def start() -> StreamingQuery:
        stream = (
            spark.readStream.schema("key string, seq long, cost double")
            .option("maxFilesPerTrigger", 1)
            .json(str(source.directory))
        )
        return (
            rolling(stream)
            .writeStream.format("json")
            .option("path", str(output))
            .option("checkpointLocation", str(checkpoint))
            .start()
        )

    parts = [rows[i : i + 30] for i in range(0, len(rows), 30)]
    for part in parts[:2]:
        source.write(part)
    query = start()
    query.processAllAvailable()
    query.stop()
    for part in parts[2:]:
        source.write(part)
    query = start()  # every key's window is rebuilt from the saved state in each micro-batch
    query.processAllAvailable()
    query.stop()

    streamed = spark.read.schema(ROLLING_SCHEMA).json(str(output)).collect()
    batch = rolling(spark.createDataFrame(rows, "key string, seq long, cost double")).collect()
    assert len(streamed) == len(batch) == 150 - 2 * 6
    assert sorted(map(tuple, streamed)) == sorted(map(tuple, batch))


def test_sliding_aggregation_is_checked(spark: SparkSession) -> None:
    df = spark.createDataFrame([("a", "x", 1, 1, 1, 1.0, Decimal(1), "w", 0.0, 0.0)], SCHEMA)
    with pytest.raises(
        ValueError, match="sliding_aggregation must be one of 'incremental', 'recompute'"
    ):
        sw.aggregate(
            df, window="sliding, count(2)", output={"n": "Count()"}, sliding_aggregation="fast"
        )
    with pytest.raises(TypeError, match="sliding_aggregation takes a string"):
        sw.aggregate(
            df, window="sliding, count(2)", output={"n": "Count()"}, sliding_aggregation=True
        )
    with pytest.raises(
        sw.ArgumentError, match="slidingAggregation is only valid for sliding windows"
    ):
        sw.aggregate(
            df,
            window="tumbling, count(2)",
            output={"n": "Count()"},
            sliding_aggregation="recompute",
        )
