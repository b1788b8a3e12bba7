"""``partition_by_keys_only=True``: the ``partition_by`` columns key the rows on Spark (an
operator instance per value) without being attributes of the operator's input port, for
operators whose port schema is fixed and that partition with their own partitioner
(docs/python.md, "Key columns that are not attributes")."""

from __future__ import annotations

from typing import Any

import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from streams_window import _jvm
from streams_window.errors import ArgumentError
from streams_window.testing import single_instance_run
from support import READINGS_SCHEMA, plain, readings, shuffled

RUNNING_COUNT = "io.streamswindow.examples.RunningCount"
WINDOW_SUM = "io.streamswindow.examples.WindowSum"


def test_the_key_columns_group_the_rows_but_the_tuples_leave_them_out(any_spark: Any) -> None:
    rows = readings(["a", "b", "c"], 5)
    df = any_spark.createDataFrame(shuffled(rows), READINGS_SCHEMA).repartition(3)

    counted = sw.run_operator(
        df,
        RUNNING_COUNT,
        window=None,
        partition_by="key",
        partition_by_keys_only=True,
        order_by="seq",
        params={"attr": "cost"},
        # key is no attribute of the tuples, so the operator's assign() has none to copy.
        output_schema="key string, seq long, running_count long, running_sum double",
    )

    # An instance per key numbers that key's rows; the output's key is the SPL default.
    expected = []
    seen: dict[str, tuple[int, float]] = {}
    for key, seq, cost in sorted(rows, key=lambda r: r[1]):
        count, total = seen.get(key, (0, 0.0))
        seen[key] = (count + 1, total + cost)
        expected.append(("", seq, count + 1, total + cost))
    assert plain(counted.collect()) == sorted(expected)


def test_the_reference_run_leaves_them_out_too(spark: SparkSession) -> None:
    df = spark.createDataFrame(readings(["a", "b"], 3), READINGS_SCHEMA)
    arguments: dict[str, Any] = dict(
        window=None,
        partition_by="key",
        partition_by_keys_only=True,
        order_by="seq",
        output_schema="key string, seq long, cost double, running_count long",
    )

    # One instance, as on Streams: it counts every row, and no tuple has a key.
    reference = plain(single_instance_run(df, RUNNING_COUNT, **arguments).collect())

    assert [(key, count) for key, _seq, _cost, count in reference] == [
        ("", n) for n in range(1, 7)
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (dict(window=None), "partition_by_keys_only leaves the partition_by columns out"),
        (
            dict(window=None, partition_by="key", order_by=["key", "seq"]),
            "order_by names 'key', a partition_by column, which partition_by_keys_only leaves out",
        ),
        (
            dict(window=None, partition_by="key", spl_types={"key": "ustring"}),
            "names 'key', a partition_by column",
        ),
        (
            # WindowSum registers no partitioner: the default one would read key from the tuples.
            dict(
                window="partitioned, tumbling, count(2)", partition_by="key", params={"attr": "cost"}
            ),
            "the window is partitioned and the operator registered no partitioner",
        ),
    ],
)
def test_settings_that_need_the_key_columns_as_attributes_are_refused(
    spark: SparkSession, arguments: dict[str, Any], message: str
) -> None:
    df = spark.createDataFrame(readings(["a"], 2), READINGS_SCHEMA)
    operator = WINDOW_SUM if arguments["window"] else RUNNING_COUNT
    with pytest.raises(ArgumentError, match=message):
        sw.run_operator(
            df,
            operator,
            partition_by_keys_only=True,
            # Columns the operator sets: one it never sets would be refused first.
            output_schema=(
                "seq long, total double"
                if operator == WINDOW_SUM
                else "seq long, running_count long"
            ),
            **arguments,
        )


def test_aggregate_takes_no_keys_only_partitioning(spark: SparkSession) -> None:
    # SPL's Aggregate partitions by the partition_by attributes; it has no keyword for it, and
    # its Java entry point refuses the option.
    df = spark.createDataFrame(readings(["a"], 2), READINGS_SCHEMA)
    with pytest.raises(Exception, match="aggregate partitions its window by the partition_by"):
        _jvm.entry_class(spark, "Aggregates").aggregate(
            df._jdf,
            "partitioned, tumbling, count(2)",
            _jvm.java_list(spark, ["key"]),
            _jvm.java_list(spark, []),
            _jvm.java_list(spark, ["total=Sum(cost)"]),
            _jvm.java_list(spark, []),
            _jvm.java_map(spark, {"partition_by_keys_only": "true"}),
        )
