"""spl_types and output_spl_types: the SPL type of a column where the default is not the one the
operator was written for, checked when the plan is built and kept while Spark runs it."""

from __future__ import annotations

import os
import time
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession

import streams_window as sw
from streams_window.errors import ArgumentError, OperatorError, PlanWarning
from streams_window.testing import single_instance_run
from support import WINDOW_SUM

DECIMAL_SUM = "io.streamswindow.examples.DecimalSum"
#: Three amounts of 16 digits: their sum has 17, which decimal64 (16 digits) rounds and
#: decimal128 (34 digits) keeps.
AMOUNT = Decimal("9999999999.999999")


@pytest.fixture(scope="module")
def payments(spark: SparkSession) -> DataFrame:
    return spark.createDataFrame(
        [("a", seq, AMOUNT) for seq in range(3)], "key string, seq long, amount decimal(16,6)"
    )


def decimal_sum(df: DataFrame, **arguments: Any) -> DataFrame:
    return sw.run_operator(
        df,
        DECIMAL_SUM,
        window="tumbling, count(3)",
        order_by="seq",
        params={"attr": "amount"},
        **{"output_schema": "total decimal(38,18), count long", **arguments},
    )


# --- an operator written for decimal64 ---------------------------------------------------------


def test_a_decimal64_attribute_sums_as_on_streams_unlike_the_default_decimal128(
    payments: DataFrame,
) -> None:
    default = decimal_sum(payments).collect()
    stated = decimal_sum(payments, spl_types={"amount": "decimal64"}).collect()

    # decimal128 keeps every digit; decimal64 rounds each addition to 16 digits, as SPL does.
    assert [(row.total, row["count"]) for row in default] == [(Decimal("29999999999.999997"), 3)]
    assert [(row.total, row["count"]) for row in stated] == [(Decimal("30000000000"), 3)]
    reference = single_instance_run(
        payments,
        DECIMAL_SUM,
        window="tumbling, count(3)",
        order_by="seq",
        params={"attr": "amount"},
        output_schema="total decimal(38,18), count long",
        spl_types={"amount": "decimal64"},
    )
    assert reference.collect() == stated


def test_a_stream_keeps_the_stated_type_in_the_windows_it_saves_between_micro_batches(
    spark: SparkSession, tmp_path: Path
) -> None:
    # One amount per file and micro-batch: the window saved after each holds decimal64 tuples.
    for seq in range(3):
        (tmp_path / f"part-{seq}.json").write_text(f'{{"seq": {seq}, "amount": {AMOUNT}}}\n')
        os.utime(tmp_path / f"part-{seq}.json", (time.time() - 100 + seq,) * 2)
    stream = (
        spark.readStream.schema("seq long, amount decimal(16,6)")
        .option("maxFilesPerTrigger", 1)
        .json(str(tmp_path))
    )
    query = (
        decimal_sum(stream, spl_types={"amount": "decimal64"})
        .writeStream.format("memory")
        .queryName("decimal64_sums")
        .start()
    )
    try:
        query.processAllAvailable()
        assert query.lastProgress is not None
    finally:
        query.stop()
    rows = spark.table("decimal64_sums").collect()
    assert [(row.total, row["count"]) for row in rows] == [(Decimal("30000000000"), 3)]


def test_aggregate_sums_a_decimal64_column_in_decimal64(payments: DataFrame) -> None:
    def total(**arguments: Any) -> Decimal:
        rows = sw.aggregate(
            payments,
            window="tumbling, count(3)",
            order_by="seq",
            output={"total": "Sum(amount)"},
            **arguments,
        ).collect()
        assert len(rows) == 1
        result: Decimal = rows[0].total
        return result

    assert total() == Decimal("29999999999.999997")
    assert total(spl_types={"amount": "decimal64"}) == Decimal("30000000000")


def test_an_output_attribute_of_the_stated_type_is_copied_by_assign(payments: DataFrame) -> None:
    schema = "amount decimal(16,6), total decimal(38,18)"
    # assign() copies attributes of the same name and type: a decimal128 output attribute does
    # not take the decimal64 input's value and keeps its default. The parameter attr names
    # amount, so the operator might set it: the plan runs, with a warning naming both types.
    with pytest.warns(PlanWarning) as caught:
        unmatched = decimal_sum(payments, output_schema=schema, spl_types={"amount": "decimal64"})
    with warnings.catch_warnings():
        warnings.simplefilter("error", PlanWarning)
        matched = decimal_sum(
            payments,
            output_schema=schema,
            spl_types={"amount": "decimal64"},
            output_spl_types={"amount": "decimal64", "total": "decimal64"},
        )

    assert [str(warning.message) for warning in caught] == [
        "output_schema column 'amount' is SPL decimal128 and the input attribute 'amount' is SPL"
        " decimal64: assign() copies an attribute only into one of the same SPL type, so"
        " 'amount' holds what DecimalSum's code sets, and its default value where the code sets"
        " nothing. To have assign() copy it, give both one SPL type: state spl_types={'amount':"
        " 'decimal128'}, or state output_spl_types={'amount': 'decimal64'}"
    ]

    assert [tuple(row) for row in unmatched.collect()] == [(Decimal("0E-6"), Decimal("3E+10"))]
    assert [tuple(row) for row in matched.collect()] == [(AMOUNT, Decimal("3E+10"))]


# --- unsigned integers and optional values -------------------------------------------------------


def test_unsigned_attributes_read_from_integer_columns_compute_as_spl_does(
    spark: SparkSession,
) -> None:
    counts = spark.createDataFrame([(1, 200), (2, 100), (3, 7)], "seq long, n long")
    result = sw.aggregate(
        counts,
        window="tumbling, count(3)",
        order_by="seq",
        output={"largest": "Max(n)", "total": "Sum(n)"},
        spl_types={"n": "uint8"},
    )

    # uint8 goes out as a smallint (Spark has no unsigned types); its sum wraps at 256 as
    # SPL's uint8 arithmetic does, and 200 is its largest value.
    assert result.dtypes == [("largest", "smallint"), ("total", "smallint")]
    assert [tuple(row) for row in result.collect()] == [(200, (200 + 100 + 7) % 256)]


def test_a_value_outside_the_stated_integer_type_fails_the_action_naming_column_and_range(
    spark: SparkSession,
) -> None:
    counts = spark.createDataFrame([(1, 200), (2, 300)], "seq long, n long")
    result = sw.aggregate(
        counts, window="tumbling, count(2)", output={"total": "Sum(n)"}, spl_types={"n": "uint8"}
    )

    with pytest.raises(OperatorError) as raised:
        result.collect()
    assert str(raised.value).splitlines()[0] == (
        "java.lang.IllegalArgumentException: Column 'n' holds 300, which SPL type uint8 cannot"
        " hold (0 to 255)"
    )


def test_an_optional_attribute_takes_the_nulls_of_its_column_and_gives_them_back(
    spark: SparkSession,
) -> None:
    notes = spark.createDataFrame(
        [("a", 1, 1.0, "first"), ("a", 2, 2.0, None)],
        "key string, seq long, cost double, note string",
    )
    arguments: dict[str, Any] = dict(
        window="tumbling, count(2)",
        order_by="seq",
        params={"attr": "cost"},
        output_schema="note string, total double",
    )
    with pytest.raises(OperatorError, match="Column 'note' holds a null"):
        sw.run_operator(notes, WINDOW_SUM, **arguments).collect()

    sums = sw.run_operator(
        notes,
        WINDOW_SUM,
        spl_types={"note": "optional<rstring>"},
        output_spl_types={"note": "optional<rstring>"},
        **arguments,
    )
    # WindowSum copies the window's last tuple: its note has no value, a null again.
    assert [tuple(row) for row in sums.collect()] == [(None, 3.0)]


# --- what is refused, and where ----------------------------------------------------------------


def test_a_name_that_is_no_column_is_refused_naming_the_columns(payments: DataFrame) -> None:
    with pytest.raises(ArgumentError) as raised:
        decimal_sum(payments, spl_types={"amout": "decimal64"})

    assert str(raised.value) == (
        "spl_types names 'amout', which is not a column of the operator's input (did you mean"
        " 'amount'?); its columns are [key, seq, amount]"
    )
    assert raised.value.java_class == "java.lang.IllegalArgumentException"
    with pytest.raises(ArgumentError, match="output_spl_types names 'totl', which is not a column"):
        decimal_sum(payments, output_spl_types={"totl": "decimal64"})


def test_a_type_that_cannot_hold_the_column_says_what_would(payments: DataFrame) -> None:
    with pytest.raises(ArgumentError) as raised:
        decimal_sum(payments, spl_types={"key": "decimal64"})

    assert str(raised.value) == (
        "spl_types gives column 'key' (Spark type string) the SPL type decimal64, which does not"
        " fit it: decimal64 takes decimal columns (values rounded to its 16 digits); a string"
        " column takes rstring (the default), ustring, rstring[n] or xml, or optional<T> of one"
        " of those (a null becomes no value)"
    )
    with pytest.raises(ArgumentError) as raised:
        decimal_sum(
            payments,
            output_schema="total decimal(38,18), count int",
            output_spl_types={"count": "uint32"},
        )
    assert str(raised.value).startswith(
        "output_spl_types gives column 'count' (Spark type int) the SPL type uint32, which does"
        " not fit it: uint32 goes into bigint or decimal(p,0) with p >= 10 columns"
    )


def test_text_that_is_no_spl_type_is_refused_with_the_parsers_reason(payments: DataFrame) -> None:
    with pytest.raises(ArgumentError) as raised:
        decimal_sum(payments, spl_types={"amount": "decimal65"})

    message = str(raised.value)
    assert message.startswith(
        "spl_types gives column 'amount' the type \"decimal65\", which is not an SPL type:"
    )
    assert "unknown SPL type decimal65" in message


def test_the_operator_refuses_the_default_type_it_was_not_written_for(
    spark: SparkSession,
) -> None:
    # A double column is a float64: DecimalSum's own check, in its dry run on the driver.
    floats = spark.createDataFrame([(1, 1.5)], "seq long, amount double")
    with pytest.raises(ArgumentError, match="of SPL type float64; DecimalSum sums decimal32"):
        decimal_sum(floats)


def test_every_entry_point_asks_the_one_judge(payments: DataFrame) -> None:
    reason = "spl_types names 'amout', which is not a column"
    with pytest.raises(ArgumentError, match=reason):
        sw.aggregate(
            payments,
            window="tumbling, count(3)",
            output={"total": "Sum(amount)"},
            spl_types={"amout": "decimal64"},
        )
    with pytest.raises(ArgumentError, match=reason):
        single_instance_run(
            payments,
            DECIMAL_SUM,
            window="tumbling, count(3)",
            params={"attr": "amount"},
            output_schema="total decimal(38,18)",
            spl_types={"amout": "decimal64"},
        )


def test_stated_types_must_keep_what_the_plan_needs_of_a_column(payments: DataFrame) -> None:
    with pytest.raises(
        ArgumentError,
        match=("order_by column 'seq' has SPL type optional<int64>, which has no order"),
    ):
        decimal_sum(payments, spl_types={"seq": "optional<int64>"})
    marked = payments.selectExpr("*", "false AS m")
    with pytest.raises(ArgumentError, match="spl_types names 'm', the marker_column"):
        decimal_sum(marked, marker_column="m", spl_types={"m": "boolean"})


@pytest.mark.parametrize(
    ("spl_types", "error", "message"),
    [
        (["amount"], TypeError, "spl_types takes a mapping of column name to SPL type"),
        ({"amount": 64}, TypeError, r"spl_types\['amount'\] takes an SPL type as text"),
        ({1: "decimal64"}, TypeError, "spl_types names columns by strings"),
    ],
)
def test_arguments_of_the_wrong_python_type_are_refused_before_the_jvm(
    payments: DataFrame, spl_types: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as raised:
        decimal_sum(payments, spl_types=spl_types)
    assert not isinstance(raised.value, ArgumentError)


@pytest.mark.parametrize(
    ("spl_types", "message"),
    [
        ({"amount": " "}, r"spl_types\['amount'\] is empty: give an SPL type such as 'decimal64'"),
        ({"": "decimal64"}, "spl_types has an empty column name"),
    ],
)
def test_blank_entries_are_refused_by_the_jvm(
    payments: DataFrame, spl_types: Any, message: str
) -> None:
    with pytest.raises(ArgumentError, match=message) as raised:
        decimal_sum(payments, spl_types=spl_types)
    assert raised.value.condition == "STREAMS_WINDOW_REFUSED_ARGUMENT"
