"""IBM's sorting listener on Spark: the example TumblingSort (IBM's TumblingWindowSort behind an
operator, as IBM's sample has it) on DataFrames with a string column, which Spark hands to the
operator as an ``rstring``.

Without ``sortAttributes`` the tuples sort by every column whose Java type is Comparable, the
string skipped; equal tuples come out where IBM's binary search puts them, not in arrival order.
Each window here is one Spark group, so its rows come back in the order the operator submitted
them.
"""

from __future__ import annotations

from pyspark.sql import SparkSession

import streams_window as sw
from streams_window.testing import single_instance_run

TUMBLING_SORT = "io.streamswindow.examples.TumblingSort"
SCHEMA = "id string, k int, seq long"


def test_default_parameters_sort_by_the_comparable_columns_and_skip_the_string(
    spark: SparkSession,
) -> None:
    # Arrival (seq) order is also the ids' alphabetical order: sorting on id would change nothing.
    rows = [("a", 2, 1), ("b", 1, 2), ("c", 2, 3), ("d", 1, 4), ("e", 0, 5)]
    df = spark.createDataFrame(rows, SCHEMA).repartition(2)
    arguments = dict(window="tumbling, count(4)", order_by="seq", output_schema=SCHEMA)

    out = sw.run_operator(df, TUMBLING_SORT, **arguments).collect()

    # By k, then seq; "e" is still in the window at the end and is not flushed.
    assert [tuple(row) for row in out] == [("b", 1, 2), ("d", 1, 4), ("a", 2, 1), ("c", 2, 3)]
    reference = single_instance_run(df, TUMBLING_SORT, **arguments).collect()
    assert [tuple(row) for row in reference] == [tuple(row) for row in out]


def test_equal_keys_come_out_in_ibms_order(spark: SparkSession) -> None:
    rows = [("t1", 3, 1), ("t2", 1, 2), ("t3", 3, 3), ("t4", 3, 4)]
    df = spark.createDataFrame(rows, SCHEMA)

    out = sw.run_operator(
        df,
        TUMBLING_SORT,
        window="tumbling, count(4)",
        order_by="seq",
        params={"sortAttributes": ["k"]},
        output_schema=SCHEMA,
    ).collect()

    # t3 lands before t1, the equal tuple the search finds; t4 lands before t3 in turn.
    assert [row.id for row in out] == ["t2", "t4", "t3", "t1"]
