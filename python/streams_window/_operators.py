"""run_operator(): an IBM Streams windowed Java operator over a Spark DataFrame."""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from streams_window import _conversion, _jvm
from streams_window.errors import ArgumentError, _calling_java

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, SparkSession
    from pyspark.sql.types import StructType

#: One value of an operator parameter, as Python gives it.
ParamScalar = str | int | float | bool
#: An operator parameter: one value or a list of values (SPL parameters take lists).
ParamValue = ParamScalar | Sequence[ParamScalar]

#: The prefixes of the Java entry points' option keys that state the SPL type of an input
#: attribute (``spl_types``) and of an output column (``output_spl_types``).
SPL_TYPE_PREFIX = "spl_type."
OUTPUT_SPL_TYPE_PREFIX = "output_spl_type."


def run_operator(
    df: DataFrame,
    operator_class: str,
    *,
    window: str,
    output_schema: str | StructType,
    partition_by: str | Sequence[str] | None = None,
    order_by: str | Sequence[str] | None = None,
    params: Mapping[str, ParamValue] | None = None,
    marker_column: str | None = None,
    batch_marker: bool = False,
    punctuation_column: str | None = None,
    event_time: str | None = None,
    late_output: bool = False,
    spl_types: Mapping[str, str] | None = None,
    output_spl_types: Mapping[str, str] | None = None,
) -> DataFrame:
    """Run an IBM Streams windowed Java operator over a DataFrame; return what it submits.

    The operator class, unchanged from IBM Streams, must be on the session's classpath (add its
    jar with ``configure(builder, extra_jars=[...])``). Its input port 0 receives ``df``'s rows
    as tuples (column names are attribute names), with the window declared by the SPL window
    clause ``window``; the tuples it submits on output port 0 become the returned DataFrame,
    whose schema is ``output_schema``. A batch ``df`` gives a batch DataFrame (the input ends
    with a final marker); a streaming ``df`` gives a streaming DataFrame whose windows live in
    Spark's state store, under the query's ``checkpointLocation``.

    Arguments are checked here before any Spark job starts: types and column names in Python,
    then the operator class, the window clause, the output schema and the operator's own
    parameters in the JVM, where the operator is initialized once as a dry run. A parameter
    the operator does not declare, and an output column whose name differs only in case from
    a name the operator uses (SPL names are case-sensitive, Spark's columns are not), are
    refused with the valid names.

    On a streaming DataFrame:

    * the result is append-only: write it in ``append`` output mode (the default); ``update``
      fails at ``start()`` with an :class:`~streams_window.errors.ArgumentError` saying so
      (``complete`` with Spark's own message: there is no aggregation to complete).
    * ``time(...)`` and ``partitionAge`` policies run on Spark's processing time, at micro-batch
      granularity: every tuple of a micro-batch arrives at the batch's time, so how many
      tuples a time window holds follows when micro-batches run.
    * a query whose window has time policies runs a micro-batch on every trigger, data or not,
      so ``processAllAvailable()`` never returns for it and ``Trigger.AvailableNow`` never
      ends: give it a ``processingTime`` trigger and wait with ``awaitTermination(timeout)`` or
      on ``query.lastProgress``, then ``stop()`` (quiet, and nothing is lost: an interrupted
      micro-batch runs again after a restart from the checkpoint).

    A ``timeInterval`` window (event-time panes) needs ``event_time``, the column that places
    each row in its panes; its panes complete when the watermark reaches their end. On a batch
    DataFrame the watermark is at the end of time once the input is read: every pane triggers
    once, on complete, and closes. On a streaming DataFrame the watermark is Spark's own: call
    ``df.withWatermark(event_time, delay)`` first. A pane then triggers in the first micro-batch
    whose watermark reaches its end (a micro-batch without data too: Spark runs one when the
    watermark moves); a late row (older than the watermark) still reaches its pane until the pane
    closes (``discardAge``) and triggers it again when the watermark next moves (as IBM's runtime
    does at its next watermark); later rows are dropped and counted. Such a query needs no
    processing-time trigger: ``processAllAvailable()`` returns.

    Args:
        df: the input rows (a classic PySpark DataFrame, batch or streaming).
        operator_class: the operator's Java class name, e.g. ``"com.acme.VSum"``.
        window: the SPL window clause of input port 0, e.g. ``"partitioned, sliding, count(3)"``
            (see :func:`streams_window.parse_window`).
        output_schema: output port 0's schema: a DDL string (``"key string, total double"``)
            or a ``StructType``.
        partition_by: the column(s) that partition a ``partitioned`` window; each partition is a
            Spark group, so partitions spread over executors. Required for a partitioned
            window, refused for one that is not (that one runs as a single group).
        order_by: the column(s) whose ascending order is the arrival order inside a partition
            (and inside each micro-batch of a stream); ties keep their input order. Without
            it, the input's own order.
        params: the operator's parameters. A value is a ``str``, ``int``, ``float`` or
            ``bool``, or a list of them; each becomes the string SPL would pass (booleans as
            ``"true"``/``"false"``).
        marker_column: a boolean column; rows where it is true are not tuples but window
            markers (punctuation), e.g. for a ``tumbling, punct()`` window. The column is not
            part of the operator's input schema.
        batch_marker: end each micro-batch (the whole input, for a batch DataFrame) with a
            window marker.
        punctuation_column: the name of an extra string column of the result that shows the
            operator's output punctuation: rows where it is ``"WINDOW_MARKER"`` or
            ``"FINAL_MARKER"`` are marks (their other columns are null); it is null on tuples.
        event_time: the event-time column of a ``timeInterval`` window: a timestamp, or a
            double of seconds since the epoch (a stream needs a timestamp column carrying
            Spark's watermark). Required for a ``timeInterval`` window, refused for others.
        late_output: return the tuples a ``timeInterval`` window drops, because every pane
            they belong to has closed, instead of dropping them unseen: each is a row whose
            ``late_tuple`` column (a struct of the input's columns, added last) holds it, with
            the ``partition_by`` output columns set and the others null; ``late_tuple`` is null
            on every other row. Refused for other windows, which drop no tuple.
        spl_types: the SPL type of input attributes whose default is not the one the operator
            was written for: column name -> SPL type, e.g. ``{"amount": "decimal64"}``. By
            default a string column is an ``rstring``, a decimal a ``decimal128``, a bigint an
            ``int64``...; a stated type must fit the column (``decimal32``/``64``/``128`` take
            decimals, rounding to their digits; every integer type takes every integer column,
            each value checked against its range; ``ustring`` and ``rstring[n]`` take strings;
            ``optional<T>`` takes a column with nulls; lists, sets, maps and tuples take arrays,
            maps and structs whose parts fit). The table is in docs/python.md.
        output_spl_types: the same for columns of ``output_schema``: the SPL type of the output
            attribute, e.g. ``{"total": "decimal64", "n": "uint32"}``; the column must hold
            its values (``uint32`` goes into a bigint).

    Returns:
        The submitted tuples, as a DataFrame with ``output_schema`` (plus
        ``punctuation_column``, then ``late_tuple``).

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a column named by ``partition_by``, ``order_by`` or ``marker_column`` is
            not in ``df`` (the message lists its columns), or another value is wrong.
        streams_window.errors.WindowClauseError: ``window`` cannot be read (it names the token
            and its position).
        streams_window.errors.ArgumentError: the JVM refused an argument: operator class not
            found or not an ``Operator``, bad output schema, missing operator parameter, an
            ``spl_types`` entry naming no column, naming no SPL type, or a type that does not
            fit the column (the message says what would), ...
        streams_window.errors.OperatorError: the operator failed its dry run.
        streams_window.errors.StreamsWindowError: streams-window's jar is not on the session.

    An operator that fails *while Spark runs it*, or input it cannot take (a null in a tuple
    column), fails the action that runs the query (``collect()``, a write, a streaming query's
    ``awaitTermination()``) with an :class:`~streams_window.errors.OperatorError` whose first
    line is the cause.

    Example::

        import streams_window as sw

        sums = sw.run_operator(
            df, "io.streamswindow.examples.WindowSum",
            window="partitioned, tumbling, count(4)",
            partition_by="key", order_by="seq",
            params={"attr": "cost"},
            output_schema="key string, seq long, total double, count long",
        )
        sums.show()

        # An operator written for decimal64 input: its sums round as on Streams.
        totals = sw.run_operator(
            payments, "io.streamswindow.examples.DecimalSum", window="tumbling, count(3)",
            params={"attr": "amount"}, spl_types={"amount": "decimal64"},
            output_schema="total decimal(38,18)",
        )
    """
    call = OperatorCall.check(
        "run_operator",
        df,
        operator_class,
        window=window,
        output_schema=output_schema,
        partition_by=partition_by,
        order_by=order_by,
        params=params,
        spl_types=spl_types,
        output_spl_types=output_spl_types,
    )
    options: dict[str, str] = {"batch_marker": _flag(batch_marker, "batch_marker")}
    if marker_column is not None:
        _check_marker_column(df, marker_column)
        options["marker_column"] = marker_column
    if punctuation_column is not None:
        _check_name(punctuation_column, "punctuation_column")
        call.check_new_output_column(punctuation_column)
        options["punctuation_column"] = punctuation_column
    if event_time is not None:
        _check_event_time(df, event_time)
        options["event_time"] = event_time
    options["late_output"] = _flag(late_output, "late_output")
    options.update(call.type_options)

    spark = call.spark
    entry = _jvm.entry_class(spark, "WindowedOperators")
    with _calling_java(f"run_operator({operator_class!r}, window={window!r})"):
        jdf = entry.runOperator(*call.java_arguments(), _jvm.java_map(spark, options))
    return _jvm.wrap_dataframe(jdf, spark)


@dataclass(frozen=True)
class OperatorCall:
    """The checked arguments shared by run_operator() and testing.single_instance_run()."""

    function: str
    df: DataFrame
    spark: SparkSession
    operator_class: str
    window: str
    output_schema: str | StructType
    partition_by: list[str]
    order_by: list[str]
    params: dict[str, list[str]]
    #: The SPL types stated for input and output columns, as the entry points' options.
    type_options: dict[str, str]

    @classmethod
    def check(
        cls,
        function: str,
        df: DataFrame,
        operator_class: str,
        *,
        window: str,
        output_schema: str | StructType,
        partition_by: str | Sequence[str] | None,
        order_by: str | Sequence[str] | None,
        params: Mapping[str, ParamValue] | None,
        spl_types: Mapping[str, str] | None = None,
        output_spl_types: Mapping[str, str] | None = None,
    ) -> OperatorCall:
        from pyspark.sql.types import StructType

        spark = _jvm.classic_session(df, function)
        _check_name(operator_class, "operator_class")
        _check_name(window, "window")
        if not isinstance(output_schema, (str, StructType)):
            raise TypeError(
                "output_schema takes a DDL string such as 'key string, total double' or a"
                f" StructType; got {type(output_schema).__name__}"
            )
        if isinstance(output_schema, str) and not output_schema.strip():
            raise ValueError("output_schema is empty: give the schema of output port 0")
        partitions = _column_list(partition_by, "partition_by")
        order = _column_list(order_by, "order_by")
        _require_columns(df, partitions, "partition_by")
        _require_columns(df, order, "order_by")
        type_options = spl_type_options(spl_types, "spl_types", SPL_TYPE_PREFIX)
        type_options.update(
            spl_type_options(output_spl_types, "output_spl_types", OUTPUT_SPL_TYPE_PREFIX)
        )
        return cls(
            function,
            df,
            spark,
            operator_class,
            window,
            output_schema,
            partitions,
            order,
            parameter_strings(params),
            type_options,
        )

    def check_new_output_column(self, name: str) -> None:
        """Refuses an extra output column whose name ``output_schema`` already has."""
        from pyspark.sql.types import StructType

        if isinstance(self.output_schema, StructType) and name in self.output_schema.names:
            raise ValueError(
                f"punctuation_column {name!r} is already a column of output_schema"
                f" {self.output_schema.names}: choose another name"
            )

    def output_ddl(self) -> str:
        """``output_schema`` as a DDL string, checked by Spark's own DDL parser.

        A StructType is converted exactly (through its JSON form). A string is parsed here, so
        that a typo is reported as the ValueError it is (the JVM entry point lets Spark's
        ParseException through).
        """
        from pyspark.sql.types import StructType

        types = _jvm.jvm(self.spark).org.apache.spark.sql.types
        if isinstance(self.output_schema, StructType):
            with _calling_java("converting output_schema to DDL"):
                return str(types.DataType.fromJson(self.output_schema.json()).toDDL())
        try:
            types.StructType.fromDDL(self.output_schema)
        except Exception as error:
            if not _conversion.came_through_py4j(error):
                raise
            raise ArgumentError(
                f"output_schema {self.output_schema!r} is not a valid Spark DDL schema (such as"
                f" 'key string, total double'): {_first_line(error)}",
                java_class=_conversion.java_class_and_message(error)[0],
                java_message=_first_line(error),
            ) from error
        return self.output_schema

    def java_arguments(self) -> tuple[Any, ...]:
        """The arguments the Java entry points share, in their order, as Java objects."""
        spark = self.spark
        return (
            self.df._jdf,
            self.operator_class,
            self.window,
            _jvm.java_list(spark, self.partition_by),
            _jvm.java_list(spark, self.order_by),
            _jvm.java_map(spark, self.params),
            self.output_ddl(),
        )


def parameter_strings(params: Mapping[str, ParamValue] | None) -> dict[str, list[str]]:
    """Operator parameters as SPL passes them: each a list of strings.

    Example::

        parameter_strings({"attr": "cost", "sizes": [1, 2], "strict": True})
        # {'attr': ['cost'], 'sizes': ['1', '2'], 'strict': ['true']}
    """
    if params is None:
        return {}
    if not isinstance(params, Mapping):
        raise TypeError(
            "params takes a mapping of parameter name to value(s), such as {'attr': 'cost'};"
            f" got {type(params).__name__}"
        )
    converted: dict[str, list[str]] = {}
    for name, value in params.items():
        if not isinstance(name, str) or not name:
            raise TypeError(f"params names must be non-empty strings; got {name!r}")
        if isinstance(value, (list, tuple)):
            if not value:
                raise ValueError(f"parameter {name!r} has no values: give at least one")
            converted[name] = [_parameter_string(name, item) for item in value]
        else:
            converted[name] = [_parameter_string(name, value)]
    return converted


def spl_type_options(types: Mapping[str, str] | None, argument: str, prefix: str) -> dict[str, str]:
    """SPL types stated for columns, as the Java entry points' options: ``prefix + column``.

    Only the Python types are checked here. Whether a name is a column, the text an SPL type,
    and the type one that fits the column is for the JVM to say, when the plan is built (an
    :class:`~streams_window.errors.ArgumentError` naming the column, both types and what would
    fit): one judge of what the plan accepts.

    Example::

        spl_type_options({"amount": "decimal64"}, "spl_types", "spl_type.")
        # {'spl_type.amount': 'decimal64'}
    """
    if types is None:
        return {}
    if not isinstance(types, Mapping):
        raise TypeError(
            f"{argument} takes a mapping of column name to SPL type, such as"
            f" {{'amount': 'decimal64'}}; got {type(types).__name__}"
        )
    options: dict[str, str] = {}
    for column, spl_type in types.items():
        if not isinstance(column, str):
            raise TypeError(f"{argument} names columns by strings; got {column!r}")
        if not column.strip():
            raise ValueError(f"{argument} has an empty column name")
        if not isinstance(spl_type, str):
            raise TypeError(
                f"{argument}[{column!r}] takes an SPL type as text, such as 'decimal64';"
                f" got {type(spl_type).__name__}"
            )
        if not spl_type.strip():
            raise ValueError(
                f"{argument}[{column!r}] is empty: give an SPL type such as 'decimal64'"
            )
        options[prefix + column] = spl_type
    return options


def _parameter_string(name: str, value: Any) -> str:
    # bool first: it is an int too, and SPL spells booleans in lower case.
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        number = float(value)
        if math.isnan(number):
            return "NaN"
        if math.isinf(number):
            return "Infinity" if number > 0 else "-Infinity"
        return repr(number)  # the shortest text that reads back as the same double
    raise TypeError(
        f"parameter {name!r} has a value of type {type(value).__name__} ({value!r}); a"
        " parameter value is a str, int, float or bool, or a list of them"
    )


def _check_name(value: Any, argument: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{argument} takes a string; got {type(value).__name__}")
    if not value.strip():
        raise ValueError(f"{argument} is empty")


def _flag(value: Any, argument: str) -> str:
    if not isinstance(value, bool):
        raise TypeError(f"{argument} takes True or False; got {type(value).__name__}")
    return "true" if value else "false"


def _column_list(columns: str | Sequence[str] | None, argument: str) -> list[str]:
    if columns is None:
        return []
    if isinstance(columns, str):
        columns = [columns]
    if not isinstance(columns, (list, tuple)):
        raise TypeError(
            f"{argument} takes a column name or a list of column names; got"
            f" {type(columns).__name__}"
        )
    for column in columns:
        _check_name(column, f"{argument} column")
    if len(set(columns)) != len(columns):
        raise ValueError(f"{argument} names a column twice: {list(columns)}")
    return list(columns)


def _require_columns(df: DataFrame, columns: list[str], argument: str) -> None:
    found = df.columns
    for column in columns:
        if column not in found:
            # Spark finds columns whatever their case; SPL attributes (and so we) do not.
            same = [name for name in found if name.lower() == column.lower()]
            hint = f" ({same[0]!r} differs only in case; names are case-sensitive)" if same else ""
            raise ValueError(
                f"{argument} column {column!r} is not in the DataFrame{hint}; its columns are"
                f" {found}"
            )


def _check_marker_column(df: DataFrame, column: str) -> None:
    from pyspark.sql.types import BooleanType

    _check_name(column, "marker_column")
    _require_columns(df, [column], "marker_column")
    data_type = df.schema[column].dataType
    if not isinstance(data_type, BooleanType):
        raise ValueError(
            f"marker_column {column!r} must be a boolean column (true marks a window marker);"
            f" it is {data_type.simpleString()}"
        )


def _check_event_time(df: DataFrame, column: str) -> None:
    """Refuses an event_time that is not a timestamp or double column of ``df``."""
    from pyspark.sql.types import DoubleType, TimestampType

    _check_name(column, "event_time")
    _require_columns(df, [column], "event_time")
    data_type = df.schema[column].dataType
    if not isinstance(data_type, (TimestampType, DoubleType)):
        raise ValueError(
            f"event_time column {column!r} is {data_type.simpleString()}: it must be a timestamp,"
            " or a double of seconds since the epoch"
        )


def _first_line(error: BaseException) -> str:
    # Spark's parse errors start with a blank line, then the message, then the SQL excerpt.
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__
