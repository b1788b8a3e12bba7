"""No silent wrong values: what used to give a column of defaults, or fail only at collect()
with a message that did not say the fix, refused or warned of when the plan is built, and
run-time type errors that say how to fix them (docs/decisions.md, "Output columns nothing would
set")."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession

import streams_window as sw
from streams_window.errors import ArgumentError, OperatorError, PlanWarning
from support import INCREMENTAL_AVERAGE, WINDOW_SUM

FORWARD = "io.streamswindow.examples.Forward"


@pytest.fixture()
def df(any_spark: SparkSession) -> DataFrame:
    """A float column v beside a double cost: on the classic session, then on Spark Connect."""
    return any_spark.createDataFrame(
        [("a", 0, 1.5, 0.25), ("a", 1, 2.5, 0.5), ("b", 2, 3.5, 0.75), ("b", 3, 4.5, 1.0)],
        "key string, seq long, cost double, v float",
    )


def forward(df: DataFrame, **arguments: Any) -> DataFrame:
    return sw.run_operator(df, FORWARD, window=None, **arguments)


# --- (a) an output column that shares an input attribute's name with another SPL type --------


def test_a_float_column_declared_double_that_only_assign_would_set_is_refused(
    df: DataFrame,
) -> None:
    # Before: v came out 0.0 on every row, since assign() copies float32 into float32 only.
    with pytest.raises(ArgumentError) as raised:
        forward(df, output_schema="key string, v double")

    assert str(raised.value) == (
        "output_schema column 'v' is SPL float64 and the input attribute 'v' is SPL float32:"
        " assign() copies an attribute only into one of the same SPL type, and Forward's code"
        " never names 'v', so nothing would set it and every row would hold its default value."
        " Give both one SPL type: cast the input column to double (df.withColumn('v',"
        " df['v'].cast('double'))), or declare the output column as float in output_schema, or"
        " state spl_types={'v': 'float64'}, or state output_spl_types={'v': 'float32'}"
    )


@pytest.mark.parametrize(
    "fix",
    [
        {"spl_types": {"v": "float64"}},
        {"output_spl_types": {"v": "float32"}},
        {"output_schema": "key string, v float"},
    ],
    ids=["spl_types", "output_spl_types", "declared-float"],
)
def test_each_fix_the_refusal_names_copies_the_values(df: DataFrame, fix: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"output_schema": "key string, v double"}
    arguments.update(fix)
    with warnings.catch_warnings():
        warnings.simplefilter("error", PlanWarning)
        rows = forward(df, **arguments).collect()

    assert sorted((row.key, row.v) for row in rows) == [
        ("a", 0.25),
        ("a", 0.5),
        ("b", 0.75),
        ("b", 1.0),
    ]


def test_the_cast_the_refusal_names_copies_the_values(df: DataFrame) -> None:
    cast = df.withColumn("v", df["v"].cast("double"))

    rows = forward(cast, output_schema="key string, v double").collect()

    assert sorted(row.v for row in rows) == [0.25, 0.5, 0.75, 1.0]


def test_a_column_of_another_type_that_the_operator_names_is_warned_of(
    any_spark: SparkSession,
) -> None:
    # WindowSum sets total itself: it may be right, so the plan runs, with a warning the user sees.
    frame = any_spark.createDataFrame(
        [("a", 0, 1.0, 9.0), ("a", 1, 2.0, 9.0)], "key string, seq long, cost double, total float"
    )

    with pytest.warns(PlanWarning) as caught:
        out = sw.run_operator(
            frame,
            WINDOW_SUM,
            window="tumbling, count(2)",
            params={"attr": "cost"},
            output_schema="key string, total double",
        )

    assert [str(warning.message) for warning in caught] == [
        "output_schema column 'total' is SPL float64 and the input attribute 'total' is SPL"
        " float32: assign() copies an attribute only into one of the same SPL type, so 'total'"
        " holds what WindowSum's code sets, and its default value where the code sets nothing."
        " To have assign() copy it, give both one SPL type: cast the input column to double"
        " (df.withColumn('total', df['total'].cast('double'))), or declare the output column as"
        " float in output_schema, or state spl_types={'total': 'float64'}, or state"
        " output_spl_types={'total': 'float32'}"
    ]
    assert caught[0].filename == __file__  # pointing at the user's call
    assert [row.total for row in out.collect()] == [3.0]


def test_columns_of_the_same_type_give_no_warning(df: DataFrame) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", PlanWarning)
        out = forward(df, output_schema="key string, cost double, v float")

    assert out.schema.fields[0].metadata == {}


# --- (b) output names nothing would set ---------------------------------------------------------


@pytest.mark.parametrize(
    ("operator", "column", "meant"),
    [(WINDOW_SUM, "cnt", "count"), (INCREMENTAL_AVERAGE, "avg", "average")],
)
def test_an_abbreviated_output_column_is_refused_at_plan_time(
    df: DataFrame, operator: str, column: str, meant: str
) -> None:
    # Before: the plan passed, and collect() failed 17 s later with "did you mean 'v'".
    with pytest.raises(ArgumentError) as raised:
        sw.run_operator(
            df,
            operator,
            window="partitioned, sliding, count(2)",
            partition_by="key",
            order_by="seq",
            params={"attr": "cost"},
            output_schema=f"key string, {column} double",
        )

    name = operator.rsplit(".", 1)[1]
    assert str(raised.value) == (
        f"output_schema column '{column}' is no name the operator uses (did you mean '{meant}',"
        f" which {name}'s code names?): it is not an input attribute, which assign() would copy,"
        f" nor a parameter's value, nor a string of {name}'s code, which sets attributes by name"
        " only, so nothing would set it and every row would hold its default value. Name the"
        f" column '{meant}'"
    )


def test_an_output_column_unlike_every_name_lists_the_names_the_code_holds(df: DataFrame) -> None:
    with pytest.raises(ArgumentError) as raised:
        sw.run_operator(
            df,
            WINDOW_SUM,
            window="tumbling, count(2)",
            params={"attr": "cost"},
            output_schema="key string, note string",
        )

    assert str(raised.value) == (
        "output_schema column 'note' is no name the operator uses: it is not an input attribute,"
        " which assign() would copy, nor a parameter's value, nor a string of WindowSum's code,"
        " which sets attributes by name only, so nothing would set it and every row would hold"
        " its default value. The names WindowSum's code holds that output_schema lacks: count,"
        " total. Name the column as the operator sets it, or leave it out"
    )


def test_output_columns_named_by_a_parameter_are_accepted(df: DataFrame) -> None:
    # ParameterColumns sets the rstring column named like each parameter: no string of its code
    # names the column, the parameter does.
    rows = sw.run_operator(
        df,
        "io.streamswindow.examples.ParameterColumns",
        window=None,
        params={"note": "seen"},
        output_schema="key string, note string",
    ).collect()

    assert len(rows) == 4 and {row.note for row in rows} == {"seen"}


# --- (c) run-time type errors say the fix ------------------------------------------------------


def test_a_getter_on_a_string_attribute_names_the_types_and_the_fix(df: DataFrame) -> None:
    # WindowSum calls getDouble on its attr: here the rstring key.
    out = sw.run_operator(
        df,
        WINDOW_SUM,
        window="tumbling, count(2)",
        params={"attr": "key"},
        output_schema="total double",
    )

    with pytest.raises(OperatorError) as raised:
        out.collect()

    assert raised.value.cause_class == "java.lang.UnsupportedOperationException"
    assert str(raised.value).splitlines()[0] == (
        "java.lang.UnsupportedOperationException: getDouble is not supported for attribute key"
        " of SPL type rstring (Java type com.ibm.streams.operator.types.RString): getDouble"
        " reads a float64 attribute. On Spark, cast column 'key' to double before the operator"
        " runs (df.withColumn('key', df['key'].cast('double')))"
    )


def test_a_getter_on_an_integer_column_offers_the_cast(
    any_spark: SparkSession,
) -> None:
    # WindowSum's getDouble on a bigint column: an integer is no float, so spl_types cannot
    # help and only the cast is offered.
    frame = any_spark.createDataFrame([("a", 1), ("a", 2)], "key string, n bigint")
    out = sw.run_operator(
        frame,
        WINDOW_SUM,
        window="tumbling, count(2)",
        params={"attr": "n"},
        output_schema="total double",
    )

    with pytest.raises(OperatorError) as raised:
        out.collect()

    assert str(raised.value).splitlines()[0] == (
        "java.lang.UnsupportedOperationException: getDouble is not supported for attribute n"
        " of SPL type int64 (Java type java.lang.Long): getDouble reads a float64 attribute. On"
        " Spark, cast column 'n' to double before the operator runs (df.withColumn('n',"
        " df['n'].cast('double')))"
    )
