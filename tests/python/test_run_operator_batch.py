"""run_operator() on batch DataFrames: Spark's result is the Streams reference's, row for row."""

from __future__ import annotations

import random

import pytest
from pyspark.sql import SparkSession
from pyspark.sql.types import DoubleType, LongType, StringType, StructField, StructType

import streams_window as sw
from streams_window.testing import single_instance_run
from support import (
    INCREMENTAL_AVERAGE,
    READINGS_SCHEMA,
    SUMS_SCHEMA,
    WINDOW_SUM,
    plain,
    readings,
    shuffled,
    sliding_averages,
    tumbling_sums,
)

KEYS = ["a", "b", "c", "d", "e"]


def test_partitioned_tumbling_sum_over_shuffled_partitions_equals_the_streams_run(
    any_spark: SparkSession, spark: SparkSession
) -> None:
    rows = readings(KEYS, 41)  # 41 per key: each key ends with a partial window
    df = any_spark.createDataFrame(shuffled(rows), READINGS_SCHEMA).repartition(4)
    # The reference run is the classic session's (it runs in this process's JVM).
    reference = spark.createDataFrame(shuffled(rows), READINGS_SCHEMA)
    arguments = dict(
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema=SUMS_SCHEMA,
    )

    actual = plain(sw.run_operator(df, WINDOW_SUM, **arguments).collect())

    assert actual == plain(single_instance_run(reference, WINDOW_SUM, **arguments).collect())
    assert actual == tumbling_sums(rows, 4)
    assert len(actual) == len(KEYS) * 10


def test_partitioned_sliding_average_equals_the_streams_run(spark: SparkSession) -> None:
    rows = readings(KEYS, 17)
    df = spark.createDataFrame(shuffled(rows, seed=3), READINGS_SCHEMA).repartition(3)
    arguments = dict(
        window="partitioned, sliding, count(3)",
        partition_by=["key"],
        order_by=["seq"],
        params={"attr": "cost"},
        output_schema="key string, seq long, cost double, average double, count long",
    )

    actual = plain(sw.run_operator(df, INCREMENTAL_AVERAGE, **arguments).collect())

    assert actual == plain(single_instance_run(df, INCREMENTAL_AVERAGE, **arguments).collect())
    expected = sliding_averages(rows, 3)
    assert [row[:3] + row[4:] for row in actual] == [row[:3] + row[4:] for row in expected]
    # The operator adds and subtracts incrementally: the same average up to rounding.
    assert [row[3] for row in actual] == pytest.approx([row[3] for row in expected])


def test_output_schema_may_be_a_struct_type(any_spark: SparkSession) -> None:
    rows = readings(["a", "b"], 8)
    df = any_spark.createDataFrame(rows, READINGS_SCHEMA)
    schema = StructType(
        [
            StructField("key", StringType()),
            StructField("seq", LongType()),
            StructField("total", DoubleType()),
            StructField("count", LongType()),
        ]
    )

    out = sw.run_operator(
        df,
        WINDOW_SUM,
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema=schema,
    )

    assert out.schema.names == ["key", "seq", "total", "count"]
    assert plain(out.collect()) == tumbling_sums(rows, 4)


def test_the_punctuation_column_shows_window_markers_and_the_final_marker(
    any_spark: SparkSession,
) -> None:
    # Not partitioned: one group, so the output keeps the operator's submission order.
    rows = [(key, seq, cost) for key, seq, cost in readings(["a"], 10)]
    df = any_spark.createDataFrame(shuffled(rows), READINGS_SCHEMA).repartition(2)

    out = sw.run_operator(
        df,
        WINDOW_SUM,
        window="tumbling, count(4)",
        order_by="seq",
        params={"attr": "cost"},
        output_schema="seq long, total double",
        punctuation_column="punct",
    ).collect()

    assert [row.punct for row in out] == [
        None,
        "WINDOW_MARKER",
        None,
        "WINDOW_MARKER",
        "FINAL_MARKER",
    ]
    expected = [(seq, total) for _, seq, total, _ in tumbling_sums(rows, 4)]
    assert [(row.seq, row.total) for row in out if row.punct is None] == expected
    marks = [row for row in out if row.punct is not None]
    assert all(row.seq is None and row.total is None for row in marks)


def test_marker_column_rows_tumble_a_punctuation_window(any_spark: SparkSession) -> None:
    # seq, cost, marker: markers after seq 2, after seq 5, twice after seq 6, and none at the
    # end, so the last two tuples stay in the window (a final marker does not flush it).
    marks_after = {2: 1, 5: 1, 6: 2}
    data: list[tuple[int, float | None, bool]] = []
    position = 0
    for seq in range(9):
        data.append((position, float(seq + 1), False))
        position += 1
        for _ in range(marks_after.get(seq, 0)):
            data.append((position, None, True))
            position += 1
    df = any_spark.createDataFrame(shuffled(data), "seq long, cost double, mark boolean")

    out = sw.run_operator(
        df,
        WINDOW_SUM,
        window="tumbling, punct()",
        order_by="seq",
        marker_column="mark",
        params={"attr": "cost"},
        output_schema="total double, count long",
    ).collect()

    # Independent expectation: the tuples between markers, empty stretches giving nothing.
    expected, current = [], []
    for _, cost, mark in data:
        if not mark:
            current.append(cost)
        elif current:
            expected.append((sum(current), len(current)))
            current = []
    assert (
        [(row["total"], row["count"]) for row in out] == expected == [(6.0, 3), (15.0, 3), (7.0, 1)]
    )


def test_a_batch_marker_ends_the_input_with_a_window_marker(spark: SparkSession) -> None:
    rows = readings(["a", "b"], 6)
    df = spark.createDataFrame(rows, READINGS_SCHEMA)

    out = sw.run_operator(
        df,
        WINDOW_SUM,
        window="partitioned, tumbling, punct()",
        partition_by="key",
        order_by="seq",
        batch_marker=True,
        params={"attr": "cost"},
        output_schema=SUMS_SCHEMA,
    )

    # One marker at the end of the input tumbles each key's whole window.
    assert plain(out.collect()) == tumbling_sums(rows, 6)


def test_a_key_of_several_columns_and_types_reaches_each_tuple(spark: SparkSession) -> None:
    # Key columns travel once per packed row, not in each tuple; WindowSum copies them from each
    # window's last tuple, so every output row shows them back.
    keys = [(1, True, "x"), (2, True, "y"), (2, False, "y")]
    rows = [
        (region, active, site, seq, float(seq % 7))
        for seq in range(48)
        for region, active, site in keys
    ]
    schema = "region int, active boolean, site string, seq long, cost double"
    df = spark.createDataFrame(shuffled(rows, seed=5), schema).repartition(3)
    arguments = dict(
        window="partitioned, tumbling, count(4)",
        partition_by=["region", "active", "site"],
        order_by="seq",
        params={"attr": "cost"},
        output_schema="region int, active boolean, site string, seq long, total double, count long",
    )

    actual = sw.run_operator(df, WINDOW_SUM, **arguments).collect()

    assert plain(actual) == plain(single_instance_run(df, WINDOW_SUM, **arguments).collect())
    assert len(actual) == 3 * 12
    assert {(row.region, row.active, row.site) for row in actual} == set(keys)


def test_rows_in_no_order_with_ties_arrive_stably_sorted_across_input_partitions(
    spark: SparkSession,
) -> None:
    # Each input partition holds its keys' rows in no order, with many equal seqs: the packer sorts
    # each key's rows and the group merges the partitions' runs; rows of equal seq must arrive in
    # input order (partition, then place), which the windows' sums show.
    rng = random.Random(13)
    rows = [
        (key, rng.randrange(150), float(index))
        for index in range(1800)
        for key in [("a", "b", "c")[rng.randrange(3)]]
    ]
    df = spark.createDataFrame(spark.sparkContext.parallelize(rows, 3), READINGS_SCHEMA)
    arguments = dict(
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema=SUMS_SCHEMA,
    )

    actual = plain(sw.run_operator(df, WINDOW_SUM, **arguments).collect())

    # sorted() is stable: the rows in input order, sorted by seq.
    assert actual == tumbling_sums(rows, 4)
    assert actual == plain(single_instance_run(df, WINDOW_SUM, **arguments).collect())
