"""What a call of the facade is: the checked arguments of ``run_operator``, ``aggregate`` and
``testing.single_instance_run``, and the options the Java entry points share. Either transport
(``_jvm`` over Py4J, ``_connect`` over Spark Connect) takes them as they are.

Example::

    call = OperatorCall.check("run_operator", df, "com.acme.VSum", window="tumbling, count(4)",
                              output_schema="total double", partition_by=None, order_by="seq",
                              params={"attr": "cost"}, connect=True)
    options = run_options(batch_marker=True)  # {'batch_marker': 'true'}
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

#: The prefixes of the Java entry points' option keys that state the SPL type of an input
#: attribute (``spl_types``) and of an output column (``output_spl_types``).
SPL_TYPE_PREFIX = "spl_type."
OUTPUT_SPL_TYPE_PREFIX = "output_spl_type."


def run_options(
    *,
    marker_column: str | None = None,
    batch_marker: bool = False,
    punctuation_column: str | None = None,
    event_time: str | None = None,
    late_output: bool = False,
    spl_types: Mapping[str, str] | None = None,
    output_spl_types: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The options of the Java entry points that the facade's functions share, from
    their keyword arguments (only their Python types are checked here: the JVM judges the rest).

    Example::

        run_options(marker_column="m", late_output=True, spl_types={"amount": "decimal64"})
        # {'late_output': 'true', 'marker_column': 'm', 'spl_type.amount': 'decimal64'}
    """
    options = {}
    # The JVM's defaults are false: only what is set is passed.
    for key, set_flag in (("batch_marker", batch_marker), ("late_output", late_output)):
        if _checks.flag(set_flag, key) == "true":
            options[key] = "true"
    for key, value in (
        ("marker_column", marker_column),
        ("punctuation_column", punctuation_column),
        ("event_time", event_time),
    ):
        checked = _checks.optional_text(value, key)
        if checked is not None:
            options[key] = checked
    options.update(spl_type_options(spl_types, "spl_types", SPL_TYPE_PREFIX))
    options.update(spl_type_options(output_spl_types, "output_spl_types", OUTPUT_SPL_TYPE_PREFIX))
    return options


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
    stated = _checks.string_mapping(types, argument, "SPL type", ("amount", "decimal64"))
    return {prefix + column: spl_type for column, spl_type in stated.items()}


@dataclass(frozen=True)
class OperatorCall:
    """The arguments run_operator() and testing.single_instance_run() share, their Python types
    checked: what either transport passes to the Java entry points."""

    df: DataFrame
    spark: SparkSession
    operator_class: str
    window: str
    output_schema: str | StructType
    partition_by: list[str]
    order_by: list[str]
    params: dict[str, list[str]]

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
        connect: bool = False,
    ) -> OperatorCall:
        """The call's arguments, their Python types checked; ``connect``: whether ``df`` may be
        a Spark Connect DataFrame (a function that needs the JVM in this process says no)."""
        spark = (
            df.sparkSession
            if connect and _pyspark.is_connect(df)
            else _pyspark.classic_session(df, function)
        )
        return cls(
            df,
            spark,
            _checks.text(operator_class, "operator_class"),
            _checks.text(window, "window"),
            _checks.schema(output_schema, "output_schema"),
            _checks.column_list(partition_by, "partition_by"),
            _checks.column_list(order_by, "order_by"),
            _checks.parameter_strings(params),
        )


# The values of SPL Aggregate's slidingAggregation parameter.
_SLIDING_AGGREGATIONS = ("incremental", "recompute")


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
        if not functions:
            raise ValueError(
                "output is empty: give at least one column, e.g. {'total': 'Sum(cost)'}"
            )
        options = run_options(**run_arguments)
        options["aggregateIncompleteWindows"] = _checks.flag(
            aggregate_incomplete_windows, "aggregate_incomplete_windows"
        )
        options["aggregateEvictedPartitions"] = _checks.flag(
            aggregate_evicted_partitions, "aggregate_evicted_partitions"
        )
        if sliding_aggregation is not None:
            options["slidingAggregation"] = _checks.one_of(
                sliding_aggregation, _SLIDING_AGGREGATIONS, "sliding_aggregation"
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
