"""What a call of the facade is: the checked arguments of ``run_operator``, ``aggregate`` and
``testing.single_instance_run``, and the options the Java entry points share, whose keys are
spelled here once (:data:`RUN_OPTION_KEYS`, :data:`AGGREGATE_OPTION_KEYS`). Either transport
(``_jvm`` over Py4J, ``_connect`` over Spark Connect) takes a call as it is.

Example::

    call = OperatorCall.check("run_operator", df, "com.acme.VSum", window="tumbling, count(4)",
                              output_schema="total double", partition_by=None, order_by="seq",
                              params={"attr": "cost"}, run_arguments={"batch_marker": True},
                              connect=True)
    call.options  # {'batch_marker': 'true'}, keyed as RUN_OPTION_KEYS spells them
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from streams_window import _checks, _pyspark
from streams_window._checks import ParamValue

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, SparkSession
    from pyspark.sql.types import StructType

#: The keys of the Java entry points' options, by the facade's keyword argument that sets each:
#: both transports send these keys (over Py4J as the options map, over Spark Connect in the
#: request's ``options`` field), and the JVM reads them (``io.streamswindow.spark.RunOption``
#: spells the same keys). A key ending in "." is a prefix, followed by a column's name.
RUN_OPTION_KEYS = {
    "marker_column": "marker_column",
    "batch_marker": "batch_marker",
    "punctuation_column": "punctuation_column",
    "event_time": "event_time",
    "late_output": "late_output",
    "metrics": "metrics_rows",
    "partition_by_keys_only": "partition_by_keys_only",
    "real_time": "real_time",
    "spl_types": "spl_type.",
    "output_spl_types": "output_spl_type.",
    # output_schema's entries beyond the first: the schemas of output ports 1, 2... ("." + port).
    "output_schema": "output_schema.",
}

#: The keys under which aggregate() passes SPL Aggregate's own parameters among the options: each
#: is the keyword argument that sets it (``io.streamswindow.spark.AggregateOption`` spells the
#: same keys, and sets the operator's parameter each names).
AGGREGATE_OPTION_KEYS = (
    "aggregate_incomplete_windows",
    "aggregate_evicted_partitions",
    "sliding_aggregation",
    "pane_aggregation",
)


def run_options(
    *,
    marker_column: str | None = None,
    batch_marker: bool = False,
    punctuation_column: str | None = None,
    event_time: str | None = None,
    late_output: bool = False,
    metrics: bool = False,
    partition_by_keys_only: bool = False,
    real_time: bool = False,
    spl_types: Mapping[str, str] | None = None,
    output_spl_types: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The options of the Java entry points that the facade's functions share, keyed as
    :data:`RUN_OPTION_KEYS` spells them, from their keyword arguments (only their Python types
    are checked here: the JVM judges the rest). What every call sends, over either transport.

    Example::

        run_options(marker_column="m", late_output=True, spl_types={"amount": "decimal64"})
        # {'late_output': 'true', 'marker_column': 'm', 'spl_type.amount': 'decimal64'}
    """
    options = {}
    # The JVM's defaults are false: only what is set is passed.
    for argument, set_flag in (
        ("batch_marker", batch_marker),
        ("late_output", late_output),
        ("metrics", metrics),
        ("partition_by_keys_only", partition_by_keys_only),
        ("real_time", real_time),
    ):
        if _checks.flag(set_flag, argument) == "true":
            options[RUN_OPTION_KEYS[argument]] = "true"
    for argument, value in (
        ("marker_column", marker_column),
        ("punctuation_column", punctuation_column),
        ("event_time", event_time),
    ):
        checked = _checks.optional_text(value, argument)
        if checked is not None:
            options[RUN_OPTION_KEYS[argument]] = checked
    options.update(spl_type_options(spl_types, "spl_types"))
    options.update(spl_type_options(output_spl_types, "output_spl_types"))
    return options


def spl_type_options(types: Mapping[str, str] | None, argument: str) -> dict[str, str]:
    """SPL types stated for columns by ``argument`` (``spl_types`` or ``output_spl_types``), as
    the Java entry points' options: its key prefix (:data:`RUN_OPTION_KEYS`) + column.

    Only the Python types are checked here. Whether a name is a column, the text an SPL type,
    and the type one that fits the column is for the JVM to say, when the plan is built (an
    :class:`~streams_window.errors.ArgumentError` naming the column, both types and what would
    fit): one judge of what the plan accepts.

    Example::

        spl_type_options({"amount": "decimal64"}, "spl_types")
        # {'spl_type.amount': 'decimal64'}
    """
    stated = _checks.string_mapping(types, argument, "SPL type", ("amount", "decimal64"))
    prefix = RUN_OPTION_KEYS[argument]
    return {prefix + column: spl_type for column, spl_type in stated.items()}


def aggregate_options(
    *,
    aggregate_incomplete_windows: bool,
    aggregate_evicted_partitions: bool,
    sliding_aggregation: str | None,
    pane_aggregation: str | None = None,
) -> dict[str, str]:
    """SPL Aggregate's parameters that aggregate() passes among the options, keyed as
    :data:`AGGREGATE_OPTION_KEYS` spells them.

    Example::

        aggregate_options(aggregate_incomplete_windows=True, aggregate_evicted_partitions=False,
                          sliding_aggregation=None)
        # {'aggregate_incomplete_windows': 'true', 'aggregate_evicted_partitions': 'false'}
    """
    options = {}
    for argument, set_flag in (
        ("aggregate_incomplete_windows", aggregate_incomplete_windows),
        ("aggregate_evicted_partitions", aggregate_evicted_partitions),
    ):
        options[argument] = _checks.flag(set_flag, argument)
    # Their values (incremental or recompute; sliced or recompute) are the JVM's to judge.
    if sliding_aggregation is not None:
        options["sliding_aggregation"] = _checks.text(sliding_aggregation, "sliding_aggregation")
    if pane_aggregation is not None:
        options["pane_aggregation"] = _checks.text(pane_aggregation, "pane_aggregation")
    return options


@dataclass(frozen=True)
class OperatorCall:
    """The arguments run_operator() and testing.single_instance_run() share, their Python types
    checked, and their options (:func:`run_options`): what either transport passes to the Java
    entry points."""

    # Every input port's DataFrame and window clause (None: not windowed), port 0's first: the
    # functions' df and window are port 0's, their inputs and input_windows the other ports'.
    frames: tuple[DataFrame, ...]
    windows: tuple[str | None, ...]
    spark: SparkSession
    operator_class: str
    output_schema: str | StructType  # output port 0's; the other ports' are among the options
    partition_by: list[str]
    order_by: list[str]
    params: dict[str, list[str]]
    options: dict[str, str]

    @property
    def df(self) -> DataFrame:
        """Input port 0's DataFrame, whose session the call runs in."""
        return self.frames[0]

    @classmethod
    def check(
        cls,
        function: str,
        df: DataFrame,
        operator_class: str,
        *,
        window: str | None,
        output_schema: str | StructType | Sequence[str | StructType],
        partition_by: str | Sequence[str] | None,
        order_by: str | Sequence[str] | None,
        params: Mapping[str, ParamValue] | None,
        run_arguments: Mapping[str, Any],
        connect: bool = False,
        inputs: Sequence[DataFrame] | None = None,
        input_windows: Sequence[str | None] | None = None,
    ) -> OperatorCall:
        """The call's arguments, their Python types checked; ``run_arguments`` are
        :func:`run_options`' keyword arguments; ``connect``: whether ``df`` may be a Spark
        Connect DataFrame (a function that needs the JVM in this process says no)."""
        spark = (
            df.sparkSession
            if connect and _pyspark.is_connect(df)
            else _pyspark.classic_session(df, function)
        )
        checked_class = _checks.text(operator_class, "operator_class")
        checked_window = _checks.optional_text(window, "window")
        port_zero, more_outputs = output_ports(output_schema)
        options = run_options(**run_arguments)
        options.update(more_outputs)
        more_frames, more_windows = _more_ports(df, inputs, input_windows)
        return cls(
            (df, *more_frames),
            (checked_window, *more_windows),
            spark,
            checked_class,
            port_zero,
            _checks.column_list(partition_by, "partition_by"),
            _checks.column_list(order_by, "order_by"),
            _checks.parameter_strings(params),
            options,
        )


def output_ports(output_schema: Any) -> tuple[Any, dict[str, str]]:
    """``output_schema``, checked: output port 0's schema, and the options that give the schemas
    of ports 1, 2... when it is a list (a DDL string, or a StructType's JSON, keyed
    ``output_schema.<port>``: :data:`RUN_OPTION_KEYS`).

    Example::

        output_ports(["key string, total double", "key string, note string"])
        # ('key string, total double', {'output_schema.1': 'key string, note string'})
    """
    from pyspark.sql.types import StructType

    if not isinstance(output_schema, (list, tuple)):
        return _checks.schema(output_schema, "output_schema"), {}
    if not output_schema:
        raise ValueError("output_schema is an empty list: give one schema per output port")
    schemas = [
        _checks.schema(s, f"output_schema[{port}]") for port, s in enumerate(output_schema)
    ]
    prefix = RUN_OPTION_KEYS["output_schema"]
    more = {
        f"{prefix}{port}": schema.json() if isinstance(schema, StructType) else schema
        for port, schema in enumerate(schemas)
        if port > 0
    }
    return schemas[0], more


def _more_ports(
    df: DataFrame, inputs: Any, input_windows: Any
) -> tuple[tuple[DataFrame, ...], tuple[str | None, ...]]:
    """``inputs`` (the DataFrames of input ports 1, 2...) and ``input_windows`` (each one's
    window clause or ``None``; all ``None`` when not given), their Python types checked."""
    if inputs is None:
        if input_windows is not None:
            raise ValueError("input_windows needs inputs: one window (or None) per DataFrame")
        return (), ()
    if not isinstance(inputs, (list, tuple)):
        raise TypeError(f"inputs takes a list of DataFrames; got {type(inputs).__name__}")
    for port, frame in enumerate(inputs, start=1):
        if type(frame) is not type(df):
            raise TypeError(
                f"inputs[{port - 1}] (input port {port}) takes a DataFrame of the session of"
                f" df ({type(df).__name__}); got {type(frame).__name__}"
            )
    windows: list[str | None]
    if input_windows is None:
        windows = [None] * len(inputs)
    else:
        if not isinstance(input_windows, (list, tuple)):
            raise TypeError(
                f"input_windows takes a list of window clauses or None; got"
                f" {type(input_windows).__name__}"
            )
        if len(input_windows) != len(inputs):
            raise ValueError(
                f"input_windows has {len(input_windows)} entries for {len(inputs)} inputs:"
                " give one window (or None) per DataFrame"
            )
        windows = [
            _checks.optional_text(w, f"input_windows[{i}]") for i, w in enumerate(input_windows)
        ]
    return tuple(inputs), tuple(windows)


@dataclass(frozen=True)
class AggregateCall:
    """The arguments of aggregate(), their Python types checked, the output functions as the
    entry point takes them (``column=Function(args)``), and its options."""

    df: DataFrame
    spark: Any  # a classic or a Spark Connect session
    window: str
    partition_by: list[str]
    order_by: list[str]
    output: list[str]
    group_by: list[str]
    options: dict[str, str]

    @classmethod
    def check(
        cls,
        df: DataFrame,
        *,
        window: str,
        output: Mapping[str, str],
        partition_by: str | Sequence[str] | None,
        order_by: str | Sequence[str] | None,
        group_by: str | Sequence[str] | None,
        aggregate_incomplete_windows: bool,
        aggregate_evicted_partitions: bool,
        sliding_aggregation: Literal["incremental", "recompute"] | None,
        run_arguments: Mapping[str, Any],
        pane_aggregation: Literal["sliced", "recompute"] | None = None,
    ) -> AggregateCall:
        """The call's arguments, checked; ``run_arguments`` are :func:`run_options`' keyword
        arguments."""
        spark = (
            df.sparkSession
            if _pyspark.is_connect(df)
            else _pyspark.classic_session(df, "aggregate")
        )
        _checks.text(window, "window")
        functions = _checks.string_mapping(
            output, "output", "output function", ("total", "Sum(cost)")
        )
        options = run_options(**run_arguments)
        options.update(
            aggregate_options(
                aggregate_incomplete_windows=aggregate_incomplete_windows,
                aggregate_evicted_partitions=aggregate_evicted_partitions,
                sliding_aggregation=sliding_aggregation,
                pane_aggregation=pane_aggregation,
            )
        )
        return cls(
            df,
            spark,
            window,
            _checks.column_list(partition_by, "partition_by"),
            _checks.column_list(order_by, "order_by"),
            [f"{column}={function}" for column, function in functions.items()],
            _checks.column_list(group_by, "group_by"),
            options,
        )


@dataclass(frozen=True)
class SortCall:
    """The arguments of sort(), their Python types checked: the ``sortBy`` expressions and
    orders as lists, and its options."""

    df: DataFrame
    spark: Any  # a classic or a Spark Connect session
    window: str
    partition_by: list[str]
    order_by: list[str]
    sort_by: list[str]
    order: list[str]
    options: dict[str, str]

    @classmethod
    def check(
        cls,
        df: DataFrame,
        *,
        window: str,
        sort_by: str | Sequence[str],
        order: str | Sequence[str] | None,
        partition_by: str | Sequence[str] | None,
        order_by: str | Sequence[str] | None,
        run_arguments: Mapping[str, Any],
    ) -> SortCall:
        """The call's arguments, checked; ``run_arguments`` are :func:`run_options`' keyword
        arguments."""
        spark = df.sparkSession if _pyspark.is_connect(df) else _pyspark.classic_session(df, "sort")
        _checks.text(window, "window")
        return cls(
            df,
            spark,
            window,
            _checks.column_list(partition_by, "partition_by"),
            _checks.column_list(order_by, "order_by"),
            _strings(sort_by, "sort_by", "an SPL expression"),
            [] if order is None else _strings(order, "order", "ascending or descending"),
            run_options(**run_arguments),
        )


def _strings(values: str | Sequence[str], argument: str, what: str) -> list[str]:
    """One string or a sequence of them, as a list; anything else is refused naming ``what``."""
    if isinstance(values, str):
        return [values]
    if isinstance(values, Sequence) and all(isinstance(v, str) for v in values):
        return list(values)
    raise TypeError(f"{argument} takes {what} or a list of them (strings); got {values!r}")


@dataclass(frozen=True)
class JoinCall:
    """The arguments of join(), their Python types checked: the windows (``None`` for SPL's
    ``count(0)``), the output as names and SPL expressions, Join's parameters as lists of strings,
    and the options."""

    left: DataFrame
    right: DataFrame
    spark: Any  # a classic or a Spark Connect session
    left_window: str | None
    right_window: str | None
    order_by: list[str]
    output_names: list[str]
    output_expressions: list[str]
    parameters: dict[str, list[str]]
    options: dict[str, str]

    @classmethod
    def check(
        cls,
        left: DataFrame,
        right: DataFrame,
        *,
        left_window: str | None,
        right_window: str | None,
        output: Mapping[str, str],
        order_by: str | Sequence[str] | None,
        parameters: Mapping[str, str | Sequence[str] | None],
        run_arguments: Mapping[str, Any],
        unmatched_ports: bool = False,
    ) -> JoinCall:
        """The call's arguments, checked; ``parameters`` maps Join's parameter names to their
        value (``None`` leaves one out); ``run_arguments`` are :func:`run_options`';
        ``unmatched_ports`` becomes the option of that name."""
        spark = (
            left.sparkSession if _pyspark.is_connect(left) else _pyspark.classic_session(left, "join")
        )
        if _pyspark.is_connect(left) != _pyspark.is_connect(right):
            raise TypeError("join() takes two DataFrames of one session kind (classic or Connect)")
        assignments = _checks.string_mapping(
            output, "output", "SPL expression", ("ticker", "L.ticker")
        )
        params: dict[str, list[str]] = {}
        for name, value in parameters.items():
            if value is not None:
                params[name] = _strings(value, name, "a string")
        return cls(
            left,
            right,
            spark,
            _checks.optional_text(left_window, "left_window"),
            _checks.optional_text(right_window, "right_window"),
            _checks.column_list(order_by, "order_by"),
            list(assignments),
            list(assignments.values()),
            params,
            {
                **run_options(**run_arguments),
                "unmatched_ports": _checks.flag(unmatched_ports, "unmatched_ports"),
            },
        )
