"""Bad input and failing operators surface as Python exceptions that say what is wrong."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from py4j.protocol import Py4JJavaError
from pyspark.sql import DataFrame, SparkSession

import streams_window as sw
from streams_window import _jvm
from streams_window.errors import (
    ArgumentError,
    OperatorError,
    StreamsWindowError,
    WindowClauseError,
    translate,
    translated,
)
from support import FAILING_OPERATOR, INCREMENTAL_AVERAGE, READINGS_SCHEMA, WINDOW_SUM, readings


@pytest.fixture()
def df(any_spark: SparkSession) -> DataFrame:
    """Readings on the classic session, then on the Spark Connect one: every test that takes it
    checks that both session kinds refuse the same input with the same exception."""
    return any_spark.createDataFrame(readings(["a", "b"], 6), READINGS_SCHEMA)


def window_sum(df: DataFrame, **overrides: Any) -> DataFrame:
    arguments: dict[str, Any] = dict(
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema="key string, total double",
    )
    arguments.update(overrides)
    operator = arguments.pop("operator_class", WINDOW_SUM)
    return sw.run_operator(df, operator, **arguments)


# --- the operator class ------------------------------------------------------------------------


def test_an_unknown_operator_class_says_to_add_its_jar(df: DataFrame) -> None:
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, operator_class="com.acme.NoSuchOperator")

    error = raised.value
    assert isinstance(error, ValueError)
    assert "Operator class com.acme.NoSuchOperator was not found" in str(error)
    assert 'streams_window.configure(builder, extra_jars=["my-operators.jar"])' in str(error)
    assert error.java_class == "java.lang.IllegalArgumentException"
    assert error.java_message == str(error)


def test_a_class_that_is_not_an_operator_is_refused(df: DataFrame) -> None:
    with pytest.raises(ArgumentError, match="java.lang.String is not an IBM Streams operator"):
        window_sum(df, operator_class="java.lang.String")


# --- the window clause -------------------------------------------------------------------------


def test_a_bad_window_clause_names_the_token_and_its_position(df: DataFrame) -> None:
    clause = "partitioned, tumbling, cont(4)"

    with pytest.raises(WindowClauseError) as raised:
        window_sum(df, window=clause)

    error = raised.value
    assert isinstance(error, ValueError) and isinstance(error, ArgumentError)
    assert (error.clause, error.token, error.position) == (clause, "cont", clause.index("cont"))
    assert f"unexpected 'cont' at position {clause.index('cont')}" in str(error)
    assert error.java_class == "io.streamswindow.clause.WindowClauseException"


def test_a_missing_comma_is_said_in_one_short_line_then_the_form_of_a_clause(
    df: DataFrame,
) -> None:
    clause = "partitioned, tumbling count(2)"

    with pytest.raises(WindowClauseError) as raised:
        window_sum(df, window=clause)

    # Before: one line of 700 characters, with "(did you mean 'count'? the words are
    # case-sensitive)" for the right word in the wrong place.
    lines = str(raised.value).splitlines()
    assert lines[0] == (
        f'bad window clause "{clause}": unexpected \'count\' at position 22;'
        " expected ',' after tumbling"
    )
    assert lines[1].startswith("A window clause reads: ")
    assert len(lines) == 2


def test_parse_window_reads_the_parts_of_a_clause(spark: SparkSession) -> None:
    window = sw.parse_window("sliding, time(300), count(2), partitioned, partitionAge(60)")

    assert window == sw.WindowClause(
        clause="partitioned, sliding, time(300.0), count(2), partitionAge(60.0)",
        type=sw.WindowType.SLIDING,
        eviction="time(300.0)",
        trigger="count(2)",
        partitioned=True,
        partition_eviction="partitionAge(60.0)",
    )
    tumbling = sw.parse_window("tumbling, punct()", spark=spark)
    assert (tumbling.type, tumbling.eviction, tumbling.trigger) == (
        sw.WindowType.TUMBLING,
        "punct()",
        None,
    )
    assert (tumbling.partitioned, tumbling.partition_eviction) == (False, None)
    assert str(tumbling) == tumbling.clause


def test_parse_window_reads_a_time_interval_clause(spark: SparkSession) -> None:
    window = sw.parse_window("timeInterval, creationPeriod(5), intervalDuration(10), partitioned")

    assert window == sw.WindowClause(
        clause="partitioned, timeInterval, intervalDuration(10.0), creationPeriod(5.0)",
        type=sw.WindowType.TIME_INTERVAL,
        eviction=None,
        trigger=None,
        partitioned=True,
        partition_eviction=None,
        time_interval="intervalDuration(10.0), creationPeriod(5.0)",
    )


def test_a_time_interval_window_without_event_time_is_refused_saying_to_give_it(
    df: DataFrame,
) -> None:
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, window="timeInterval, intervalDuration(10.0)", partition_by=None)

    assert str(raised.value).startswith(
        'The window "timeInterval, intervalDuration(10.0)" is a timeInterval window: give'
        " event_time, the timestamp (or double seconds) column"
    )


def test_parse_window_reports_the_end_of_a_short_clause(spark: SparkSession) -> None:
    with pytest.raises(WindowClauseError) as raised:
        sw.parse_window("sliding,")

    assert raised.value.token == ""
    assert raised.value.position == len("sliding,")


def test_parse_window_takes_a_string(spark: SparkSession) -> None:
    with pytest.raises(TypeError, match="takes the clause as a string; got int"):
        sw.parse_window(4)  # type: ignore[arg-type]


# --- columns and other arguments, checked in Python ------------------------------------------


def test_a_missing_partition_column_lists_the_columns_found(df: DataFrame) -> None:
    with pytest.raises(ValueError) as raised:
        window_sum(df, partition_by="customer")

    assert str(raised.value) == (
        "partition_by column 'customer' is not in the DataFrame;"
        " its columns are ['key', 'seq', 'cost']"
    )


def test_a_partition_column_differing_in_case_says_so(df: DataFrame) -> None:
    with pytest.raises(ValueError) as raised:
        window_sum(df, partition_by="Key")

    assert str(raised.value) == (
        "partition_by column 'Key' is not in the DataFrame ('key' differs only in case; SPL names"
        " are case-sensitive); its columns are ['key', 'seq', 'cost']"
    )


def test_a_missing_order_column_lists_the_columns_found(df: DataFrame) -> None:
    with pytest.raises(ValueError, match=r"order_by column 'ts' .* are \['key', 'seq', 'cost'\]"):
        window_sum(df, order_by=["seq", "ts"])


def test_an_order_column_must_have_an_order(spark: SparkSession) -> None:
    tagged = spark.createDataFrame([("a", [1, 2], 1.0)], "key string, tags array<int>, cost double")
    with pytest.raises(ArgumentError, match="order_by column 'tags' is of type array<int>"):
        window_sum(tagged, order_by="tags")


def test_a_marker_column_cannot_also_order_the_rows(spark: SparkSession) -> None:
    marked = spark.createDataFrame(
        [("a", 1, 1.0, False)], "key string, seq long, cost double, m boolean"
    )
    with pytest.raises(ArgumentError, match="marker_column 'm' marks rows as punctuation"):
        window_sum(marked, order_by=["seq", "m"], marker_column="m")


def test_a_marker_column_must_be_boolean(df: DataFrame) -> None:
    with pytest.raises(ValueError, match="marker_column 'seq' must be a boolean column.*bigint"):
        window_sum(df, marker_column="seq")


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"operator_class": 42}, "operator_class takes a string; got int"),
        ({"window": 4}, "window takes a string; got int"),
        ({"output_schema": {"total"}}, "output_schema takes a DDL string .* got set"),
        ({"output_schema": ["total double", 3]}, r"output_schema\[1\] takes a DDL string .* got int"),
        ({"partition_by": {"key"}}, "partition_by takes a column name or a list .* got set"),
        ({"params": [("attr", "cost")]}, "params takes a mapping .* got list"),
        ({"params": {"attr": None}}, "parameter 'attr' has a value of type NoneType"),
        ({"batch_marker": "yes"}, "batch_marker takes True or False; got str"),
    ],
)
def test_arguments_of_the_wrong_type_are_refused_before_the_jvm(
    df: DataFrame, overrides: dict[str, Any], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        window_sum(df, **overrides)


def test_a_dataframe_is_required() -> None:
    with pytest.raises(TypeError, match="takes a pyspark.sql.DataFrame as df; got list"):
        sw.run_operator([], WINDOW_SUM, window="tumbling, count(4)", output_schema="x long")  # type: ignore[arg-type]


def test_a_partition_column_the_default_partitioner_cannot_key_by_is_refused_at_once(
    spark: SparkSession,
) -> None:
    df = spark.createDataFrame([(0.5, 1, 2.0)], "zone double, seq long, cost double")
    # Refused when the plan is built, before any job: WindowSum registers no partitioner, and
    # WindowUtilities' attribute partitioner keys by strings, booleans and integers only.
    with pytest.raises(ArgumentError, match="Partition attribute 'zone' has type float64"):
        window_sum(df, partition_by="zone", output_schema="zone double, total double")


def test_a_partitioned_window_needs_partition_by(df: DataFrame) -> None:
    with pytest.raises(ArgumentError, match="is partitioned: give partition_by"):
        window_sum(df, partition_by=None)


def test_a_bad_output_schema_is_a_value_error(df: DataFrame) -> None:
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, output_schema="key string, total doubel")

    assert "output_schema 'key string, total doubel' is not a valid Spark DDL schema" in str(
        raised.value
    )
    assert "doubel" in str(raised.value)


def test_a_parameter_the_operator_cannot_convert_is_an_argument_error(df: DataFrame) -> None:
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, operator_class=FAILING_OPERATOR, params={"failAt": "soon"})

    message = str(raised.value)
    assert f"Operator {FAILING_OPERATOR}" in message
    assert "Parameter 'failAt'" in message and "'soon' cannot be converted to int" in message


# --- wrong names that used to give wrong rows or fail only inside a job: refused at once --------


def test_an_output_column_differing_in_case_from_an_input_attribute_is_refused(
    df: DataFrame,
) -> None:
    # Spark matches column names whatever their case; SPL does not, so assign() would leave
    # KEY empty on every row.
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, output_schema="KEY string, total double")

    assert str(raised.value) == (
        "output_schema column 'KEY' differs only in case from 'key', the input attribute: SPL"
        " attribute names are case-sensitive, so the operator would never set this column and"
        " every row would hold its default value. Name the column 'key'"
    )


def test_an_output_column_differing_in_case_from_a_name_the_operator_sets_is_refused(
    df: DataFrame,
) -> None:
    # WindowSum sets "total" only when the output schema has it; "Total" gave 0.0 on every row.
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, output_schema="key string, Total double")

    assert str(raised.value).startswith(
        "output_schema column 'Total' differs only in case from 'total', the name WindowSum's"
        " code uses: SPL attribute names are case-sensitive"
    )


@pytest.mark.parametrize("column", ["totals", "totalCost"])
def test_an_output_column_close_to_a_name_the_operator_sets_is_refused(
    df: DataFrame, column: str
) -> None:
    # A typo (totals) or a longer name (totalCost for the total WindowSum sets) named by no input
    # attribute, parameter or string of the operator's code: the column would never be set.
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, output_schema=f"key string, {column} double")

    assert str(raised.value).startswith(
        f"output_schema column '{column}' is no name the operator uses (did you mean 'total',"
        " which WindowSum's code names?)"
    )


def test_output_columns_the_operator_uses_exactly_are_accepted(df: DataFrame) -> None:
    # The check must not refuse a column that matches exactly: an input attribute, or a name the
    # operator sets. (A column unlike every known name, which the operator would leave empty, is
    # refused: test_wrong_values.py.)
    rows = window_sum(df, output_schema="key string, seq long, total double, count long").collect()
    assert rows and all(row["count"] > 0 for row in rows)


def test_a_misspelled_parameter_is_refused_naming_the_declared_ones(df: DataFrame) -> None:
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, params={"atr": "cost"})

    assert str(raised.value) == (
        f"Operator {WINDOW_SUM} has no parameter 'atr' (did you mean 'attr'?); its parameters"
        " are: attr"
    )


THRESHOLD_FILTER = "io.streamswindow.examples.ThresholdFilter"
PARAMETER_COLUMNS = "io.streamswindow.examples.ParameterColumns"
# The end of every refusal of a parameter an operator without @PrimitiveOperator never read.
NOT_READ_RULE = (
    ". An operator without @PrimitiveOperator takes the parameters it reads when initialized or"
    " names in its code, or any if it calls getParameterNames()"
)


def threshold_filter(df: DataFrame, params: dict[str, Any]) -> DataFrame:
    # ThresholdFilter reads attr and threshold from its context in initialize, label per tuple.
    return sw.run_operator(
        df,
        THRESHOLD_FILTER,
        window="tumbling, count(4)",
        order_by="seq",
        params=params,
        output_schema="key string, seq long, cost double, label string",
    )


def test_an_extra_parameter_of_an_operator_that_declares_none_is_refused_when_never_read(
    df: DataFrame,
) -> None:
    # IncrementalAverage is not a @PrimitiveOperator: SPL's JavaOp would pass "unused" on; the
    # dry run saw the operator read only attr (its @Parameter setter), and its code has no
    # "unused".
    with pytest.raises(ArgumentError) as raised:
        sw.run_operator(
            df,
            INCREMENTAL_AVERAGE,
            window="partitioned, sliding, count(3)",
            partition_by="key",
            order_by="seq",
            params={"attr": "cost", "unused": 1},
            output_schema="key string, average double, count long",
        )

    assert str(raised.value) == (
        f"Operator {INCREMENTAL_AVERAGE} does not read parameter 'unused'; the parameters it read"
        " are: attr" + NOT_READ_RULE
    )


def test_a_misspelled_parameter_an_operator_reads_from_its_context_is_refused(
    df: DataFrame,
) -> None:
    # threshold is optional (default 0): "treshold" used to pass every row through silently.
    with pytest.raises(ArgumentError) as raised:
        threshold_filter(df, {"attr": "cost", "treshold": 2.0})

    assert str(raised.value) == (
        f"Operator {THRESHOLD_FILTER} does not read parameter 'treshold' (did you mean"
        " 'threshold'?); the parameters it read are: attr, threshold" + NOT_READ_RULE
    )


def test_a_misspelling_of_a_parameter_read_only_per_tuple_is_matched_in_the_code(
    df: DataFrame,
) -> None:
    # label is read only when a tuple passes, so the dry run never saw it read; the hint comes
    # from the names in the operator's code.
    with pytest.raises(ArgumentError) as raised:
        threshold_filter(df, {"attr": "cost", "labels": "high"})

    assert str(raised.value) == (
        f"Operator {THRESHOLD_FILTER} does not read parameter 'labels' (did you mean 'label'?);"
        " the parameters it read are: attr, threshold" + NOT_READ_RULE
    )


def test_parameters_read_in_initialize_or_only_per_tuple_are_accepted(df: DataFrame) -> None:
    rows = threshold_filter(df, {"attr": "cost", "threshold": 40.0, "label": "high"}).collect()

    expected = sorted(
        (key, seq, cost, "high") for key, seq, cost in readings(["a", "b"], 6) if cost >= 40.0
    )
    assert expected  # some rows pass and some do not: the threshold was applied
    assert len(expected) < 12
    assert sorted(tuple(row) for row in rows) == expected


def test_an_operator_that_lists_its_parameters_takes_any(df: DataFrame) -> None:
    # ParameterColumns calls getParameterNames() in initialize: like JavaOp, it takes any name.
    rows = sw.run_operator(
        df,
        PARAMETER_COLUMNS,
        window="tumbling, count(4)",
        order_by="seq",
        params={"label": "x", "unused": 1},
        output_schema="key string, seq long, label string",
    ).collect()

    assert len(rows) == 12
    assert {row.label for row in rows} == {"x"}


def test_a_parameter_never_read_is_refused_on_a_stream(any_spark: Any, tmp_path: Path) -> None:
    source = tmp_path / "input"
    source.mkdir()
    stream = any_spark.readStream.schema(READINGS_SCHEMA).json(str(source))

    with pytest.raises(ArgumentError) as raised:
        threshold_filter(stream, {"attr": "cost", "treshold": 2.0})

    assert str(raised.value).startswith(
        f"Operator {THRESHOLD_FILTER} does not read parameter 'treshold' (did you mean"
        " 'threshold'?); the parameters it read are: attr, threshold. "
    )


def test_a_parameter_naming_a_missing_attribute_is_refused_when_the_plan_is_built(
    df: DataFrame,
) -> None:
    with pytest.raises(ArgumentError) as raised:
        window_sum(df, params={"attr": "Cost"})

    assert str(raised.value) == (
        f'Operator {WINDOW_SUM} (window "partitioned, tumbling, count(4)"): Parameter attr'
        " names 'Cost', which is not an input attribute ('cost' differs only in case); the"
        " input attributes are: key, seq, cost"
    )


# --- output that does not fit output_schema, and failing operators (at run time) -------------


def test_an_output_column_of_the_wrong_type_fails_naming_the_operator_and_column(
    df: DataFrame,
) -> None:
    out = window_sum(df, output_schema="key string, total string")

    # collect() raises our error by itself: no translated() needed.
    with pytest.raises(OperatorError) as raised:
        out.collect()

    error = raised.value
    assert error.operator == WINDOW_SUM
    assert error.window == "partitioned, tumbling, count(4)"
    assert error.key in ("[a]", "[b]")
    assert error.cause_class == "java.lang.UnsupportedOperationException"
    assert str(error).splitlines()[0] == (
        "java.lang.UnsupportedOperationException: setDouble is not supported for attribute"
        " total of SPL type rstring (Java type com.ibm.streams.operator.types.RString): setDouble"
        " writes a float64 attribute. On Spark, declare column 'total' as double in output_schema"
    )


def test_an_output_column_the_schema_lacks_fails_naming_the_attribute(df: DataFrame) -> None:
    out = sw.run_operator(
        df,
        INCREMENTAL_AVERAGE,
        window="partitioned, sliding, count(3)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema="key string, count long",  # no "average", which the operator sets
    )

    with pytest.raises(OperatorError) as raised:
        out.collect()

    assert raised.value.operator == INCREMENTAL_AVERAGE
    # An IllegalArgumentException that names the attribute by type, so that the run can say the
    # output port's attributes are output_schema's columns.
    assert raised.value.cause_class == "io.streamswindow.schema.UnknownAttributeException"
    assert "Attribute average is not in the schema" in raised.value.cause_message
    assert str(raised.value).splitlines()[0].endswith(
        "The output port's attributes are output_schema's columns: add 'average' to"
        " output_schema, or rename the column the operator should set to it"
    )


def failing_on_tuple_3(df: DataFrame) -> DataFrame:
    """FailingOperator over one window that is not partitioned: it throws on the third tuple."""
    return window_sum(
        df,
        operator_class=FAILING_OPERATOR,
        window="tumbling, count(4)",
        partition_by=None,
        params={"failAt": 3},
    )


def test_a_failing_operator_names_itself_the_window_and_the_cause(df: DataFrame) -> None:
    out = failing_on_tuple_3(df)

    # Left to PySpark 4.2, a failed job is Py4J's raw Py4JJavaError (a SparkException is not
    # one of the Java exceptions PySpark converts); importing streams_window converts ours.
    with pytest.raises(OperatorError) as raised:
        out.collect()
    error = raised.value

    assert isinstance(error, RuntimeError)
    assert str(error) == (
        "java.lang.IllegalStateException: FailingOperator fails on tuple 3 as configured\n"
        f'  in operator {FAILING_OPERATOR}, window "tumbling, count(4)"'
    )
    assert error.__cause__ is None and error.__suppress_context__  # no Py4J dump behind it
    assert (error.operator, error.window, error.key) == (
        FAILING_OPERATOR,
        "tumbling, count(4)",
        None,
    )
    assert error.cause_class == "java.lang.IllegalStateException"
    assert error.cause_message == "FailingOperator fails on tuple 3 as configured"
    assert error.java_class == "io.streamswindow.spark.errors.WindowedOperatorException"


def test_a_null_in_a_tuple_column_names_the_column_and_the_key(spark: SparkSession) -> None:
    holes = spark.createDataFrame(
        [("a", 1, 1.0), ("b", 2, None), ("a", 3, 2.0)], "key string, seq long, cost double"
    )
    with pytest.raises(OperatorError) as raised:
        window_sum(holes).collect()
    error = raised.value

    assert str(error).splitlines()[0] == (
        "java.lang.IllegalArgumentException: Column 'cost' holds a null, and SPL attributes"
        " cannot be null: filter or fill it first, or state an optional<T> SPL type for it"
        " (spl_types)"
    )
    assert error.key == "[b]"
    assert error.cause_class == "java.lang.IllegalArgumentException"
    assert "Column 'cost' holds a null" in error.cause_message


# --- the jar, and translation without a JVM ----------------------------------------------------


def test_a_missing_entry_class_says_to_configure_the_session(spark: SparkSession) -> None:
    # What a session without our jar sees: Py4J gives a JavaPackage for an unknown class.
    with pytest.raises(StreamsWindowError) as raised:
        _jvm.entry_class(spark, "NoSuchEntryPoint")

    message = str(raised.value)
    assert "streams-window's jar is not on this SparkSession" in message
    assert "io.streamswindow.spark.NoSuchEntryPoint" in message
    assert "streams_window.configure(" in message


def test_pyspark_s_conversion_is_replaced_only_on_opt_in() -> None:
    # In a fresh interpreter: this one's session was built with configure(), which opts in.
    script = (
        "import pyspark.errors.exceptions.captured as captured\n"
        "import streams_window as sw\n"
        "print(getattr(captured.convert_exception, 'streams_window', False))\n"
        "sw.errors.install()\n"
        "print(getattr(captured.convert_exception, 'streams_window', False))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert ran.stdout.split() == ["False", "True"]


def test_translate_leaves_python_errors_alone() -> None:
    assert translate(ValueError("not from the JVM")) is None
    ours = StreamsWindowError("already ours")
    assert translate(ours) is ours
    with pytest.raises(KeyError), translated():
        raise KeyError("passes through")


class TextOnlyFailure(Py4JJavaError):
    """A failure that came through Py4J with its text only (no Java object reached the driver)."""

    def __init__(self, text: str) -> None:
        Exception.__init__(self, text)
        self.java_exception = None
        self.text = text

    def __str__(self) -> str:
        return self.text


@pytest.mark.parametrize(
    "text",
    [
        "An error occurred while calling o9.collectToPython.\n"
        ": org.apache.spark.SparkException: Job aborted due to stage failure: Lost task 0.3"
        " (executor 1): io.streamswindow.spark.errors.WindowedOperatorException: Operator"
        ' com.acme.VSum (window "tumbling, count(4)") failed for key [x]:'
        " java.lang.ArithmeticException: / by zero\n\tat com.acme.VSum.process",
        "[STREAM_FAILED] Query [id = 1] terminated with exception:"
        " [FLATMAPGROUPSWITHSTATE_USER_FUNCTION_ERROR] An error occurred in the user provided"
        " function in flatMapGroupsWithState. Reason: Operator com.acme.VSum (window"
        ' "tumbling, count(4)") failed: java.lang.ArithmeticException: / by zero'
        " SQLSTATE: 39000\n=== Streaming Query ===",
    ],
)
def test_translate_reads_no_text_a_failure_without_its_java_exception_carries(text: str) -> None:
    # No condition reached the driver, only the message's text: the error stays PySpark's.
    assert translate(TextOnlyFailure(text)) is None


def test_parameters_become_the_strings_spl_passes() -> None:
    from streams_window._checks import parameter_strings

    assert parameter_strings(
        {"attr": "cost", "sizes": [1, 2], "strict": True, "ratio": 0.1, "off": [False]}
    ) == {
        "attr": ["cost"],
        "sizes": ["1", "2"],
        "strict": ["true"],
        "ratio": ["0.1"],
        "off": ["false"],
    }
    assert parameter_strings({"x": float("inf"), "y": float("nan")}) == {
        "x": ["Infinity"],
        "y": ["NaN"],
    }
    # A parameter without values is sent as it is: the JVM refuses it (test_java_checks.py).
    assert parameter_strings({"attr": []}) == {"attr": []}


def test_a_failing_write_raises_the_operator_error(df: DataFrame, tmp_path: Path) -> None:
    out = failing_on_tuple_3(df)
    with pytest.raises(OperatorError) as raised:
        out.write.parquet(str(tmp_path / "sums"))

    assert str(raised.value).splitlines()[0] == (
        "java.lang.IllegalStateException: FailingOperator fails on tuple 3 as configured"
    )


def test_the_reference_run_refuses_the_names_run_operator_refuses(spark: SparkSession) -> None:
    from streams_window.testing import single_instance_run

    # The reference run needs the JVM in this process: a classic session only.
    df = spark.createDataFrame(readings(["a", "b"], 6), READINGS_SCHEMA)

    with pytest.raises(ArgumentError, match="has no parameter 'atr'"):
        single_instance_run(
            df,
            WINDOW_SUM,
            window="tumbling, count(4)",
            params={"atr": "cost"},
            output_schema="total double",
        )
    with pytest.raises(ArgumentError, match="does not read parameter 'treshold'"):
        single_instance_run(
            df,
            THRESHOLD_FILTER,
            window="tumbling, count(4)",
            params={"attr": "cost", "treshold": 2.0},
            output_schema="cost double",
        )
    # The partitioning is judged as for run_operator: the same request, checked in one place.
    for window, partition_by, refusal in (
        ("partitioned, tumbling, count(4)", None, "is partitioned: give partition_by"),
        ("tumbling, count(4)", "key", "needs a partitioned window"),
    ):
        with pytest.raises(ArgumentError, match=refusal):
            single_instance_run(
                df,
                WINDOW_SUM,
                window=window,
                partition_by=partition_by,
                params={"attr": "cost"},
                output_schema="total double",
            )
