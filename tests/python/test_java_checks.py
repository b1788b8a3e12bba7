"""The Java entry points are the one judge of the form of the arguments (docs/java.md,
"Errors"): each mistake below is made once through the facade, which checks only Python types and
passes it on, once straight at the Java entry point (as a Java or Scala job calls it), and both
messages must be the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession

import streams_window as sw
from streams_window import _jvm
from streams_window._call import AggregateCall, OperatorCall
from streams_window.errors import ArgumentError, calling

WINDOW_SUM = "io.streamswindow.examples.WindowSum"

# Each case: the facade's keyword arguments for run_operator; the Java arguments in place of the
# checked ones (OperatorCall fields), and the Java options.
OPERATOR_CASES = {
    "a blank window": (
        dict(window=" "),
        dict(windows=(" ",)),
        {},
    ),
    "a column named twice": (
        dict(partition_by=["key", "key"]),
        dict(partition_by=["key", "key"]),
        {},
    ),
    "a blank order_by column": (
        dict(order_by=[""]),
        dict(order_by=[""]),
        {},
    ),
    "a parameter without values": (
        dict(params={"attr": []}),
        dict(params={"attr": []}),
        {},
    ),
    "a blank output schema": (
        dict(output_schema=" "),
        dict(output_schema=" "),
        {},
    ),
    "a blank event_time": (
        dict(event_time=""),
        {},
        {"event_time": ""},
    ),
    "a blank SPL type": (
        dict(spl_types={"cost": " "}),
        {},
        {"spl_type.cost": " "},
    ),
}

GOOD = dict(
    window="partitioned, tumbling, count(4)",
    partition_by="key",
    order_by="seq",
    params={"attr": "cost"},
    output_schema="key string, total double",
)


@pytest.fixture
def readings(spark: SparkSession) -> DataFrame:
    return spark.createDataFrame([("a", 0, 1.0)], "key string, seq long, cost double")


def _message(call: Callable[[], Any]) -> str:
    with pytest.raises(ValueError) as raised:
        call()
    return str(raised.value)


@pytest.mark.parametrize("case", sorted(OPERATOR_CASES))
def test_run_operator_and_the_java_entry_point_refuse_alike(
    spark: SparkSession, readings: DataFrame, case: str
) -> None:
    facade_arguments, java_arguments, java_options = OPERATOR_CASES[case]
    facade = _message(lambda: sw.run_operator(readings, WINDOW_SUM, **{**GOOD, **facade_arguments}))

    good = OperatorCall.check("run_operator", readings, WINDOW_SUM, **GOOD, run_arguments={})
    fields = {**vars(good), **java_arguments, "options": java_options}
    raw = OperatorCall(**fields)

    def java() -> None:
        with calling("WindowedOperators.runOperator"):
            _jvm.run_operator(raw)

    with pytest.raises(ArgumentError) as raised:
        java()
    assert raised.value.condition == "STREAMS_WINDOW_REFUSED_ARGUMENT"
    assert str(raised.value).splitlines()[0] == facade.splitlines()[0]


@pytest.mark.parametrize(
    ("facade_arguments", "java_fields"),
    [
        (dict(output={}), dict(output=[])),
        (dict(group_by=["g", "g"]), dict(group_by=["g", "g"])),
        (dict(sliding_aggregation="fast"), dict(options={"sliding_aggregation": "fast"})),
    ],
)
def test_aggregate_and_the_java_entry_point_refuse_alike(
    spark: SparkSession,
    readings: DataFrame,
    facade_arguments: dict[str, Any],
    java_fields: dict[str, Any],
) -> None:
    arguments = dict(window="sliding, count(3)", output={"total": "Sum(cost)"})
    facade = _message(lambda: sw.aggregate(readings, **{**arguments, **facade_arguments}))

    good = AggregateCall.check(
        readings,
        **arguments,
        partition_by=None,
        order_by=None,
        group_by=None,
        aggregate_incomplete_windows=False,
        aggregate_evicted_partitions=False,
        sliding_aggregation=None,
        run_arguments={},
    )
    raw = AggregateCall(**{**vars(good), **java_fields})
    with pytest.raises(ArgumentError) as raised, calling("Aggregates.aggregate"):
        _jvm.aggregate(raw)
    assert raised.value.condition == "STREAMS_WINDOW_REFUSED_ARGUMENT"
    assert str(raised.value).splitlines()[0] == facade.splitlines()[0]


def test_an_aggregate_option_has_one_spelling_at_the_java_entry_point(
    spark: SparkSession, readings: DataFrame
) -> None:
    # A Java caller spells Aggregate's options as the facade's keywords; the operator
    # parameter's own spelling is an unknown option, with the key it resembles named.
    good = AggregateCall.check(
        readings,
        window="sliding, count(3)",
        output={"total": "Sum(cost)"},
        partition_by=None,
        order_by=None,
        group_by=None,
        aggregate_incomplete_windows=False,
        aggregate_evicted_partitions=False,
        sliding_aggregation=None,
        run_arguments={},
    )
    raw = AggregateCall(**{**vars(good), "options": {"slidingAggregation": "recompute"}})
    with pytest.raises(ArgumentError) as raised, calling("Aggregates.aggregate"):
        _jvm.aggregate(raw)
    first = str(raised.value).splitlines()[0]
    assert first.startswith("Unknown option 'slidingAggregation'"), first
    assert "did you mean 'sliding_aggregation'?" in first, first
    assert "pane_aggregation" in first, first
