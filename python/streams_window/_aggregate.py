"""aggregate(): SPL's Aggregate operator over a Spark DataFrame, without writing Java."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from streams_window import _jvm
from streams_window._operators import (
    SPL_TYPE_PREFIX,
    _check_event_time,
    _check_marker_column,
    _check_name,
    _column_list,
    _flag,
    _require_columns,
    spl_type_options,
)
from streams_window.errors import _calling_java

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

# The values of SPL Aggregate's slidingAggregation parameter.
_SLIDING_AGGREGATIONS = ("incremental", "recompute")


def aggregate(
    df: DataFrame,
    *,
    window: str,
    output: Mapping[str, str],
    partition_by: str | Sequence[str] | None = None,
    order_by: str | Sequence[str] | None = None,
    group_by: str | Sequence[str] | None = None,
    aggregate_incomplete_windows: bool = False,
    aggregate_evicted_partitions: bool = False,
    sliding_aggregation: Literal["incremental", "recompute"] | None = None,
    marker_column: str | None = None,
    batch_marker: bool = False,
    punctuation_column: str | None = None,
    event_time: str | None = None,
    late_output: bool = False,
    spl_types: Mapping[str, str] | None = None,
) -> DataFrame:
    """Aggregate a DataFrame over an SPL window, as SPL's ``Aggregate`` operator does.

    On every tumble (tumbling windows) or trigger (sliding windows) one row per ``group_by``
    group is emitted, computed by SPL output functions: ``Count()``, ``CountAll()``,
    ``CountGroups()``, ``CountByGroup()``, ``CountDistinct(x)``, ``CountByDistinct(x)``,
    ``Sum(x)``, ``Average(x)``, ``Min(x)``, ``Max(x)``, ``MinCount(x)``, ``MaxCount(x)``,
    ``ArgMin(x, y)``, ``ArgMax(x, y)``, ``First(x)``, ``Last(x)``, ``Any(x)``, ``Collect(x)``,
    ``CollectDistinct(x)``, ``SampleStdDev(x)``, ``PopulationStdDev(x)``. Sliding windows emit
    nothing until a partition has first been full, unless ``aggregate_incomplete_windows``.
    The result's columns are the ``partition_by`` columns (unless ``group_by`` or ``output``
    names them), the ``group_by`` columns, then the ``output`` columns, typed as SPL types the
    functions' results (``Count()`` is an int, ``Average(price)`` has ``price``'s type,
    ``Collect(x)`` is an array).

    On a streaming DataFrame the result is append-only (write it in ``append`` output mode),
    and windows with time policies follow micro-batch timing and keep every trigger busy, so
    ``processAllAvailable()`` never returns: see :func:`streams_window.run_operator`.

    Args:
        df: the input rows (batch or streaming).
        window: the SPL window clause, e.g. ``"sliding, time(300.0), time(1.0)"``.
        output: output column name -> output function, in column order, e.g.
            ``{"price": "Average(price)", "n": "Count()"}``.
        partition_by: the partition column(s) of a ``partitioned`` window.
        order_by: the column(s) giving the arrival order.
        group_by: the column(s) grouping rows within each window firing.
        aggregate_incomplete_windows: emit for sliding windows before they are first full.
        aggregate_evicted_partitions: aggregate a partition evicted by its partition eviction
            policy as if it had tumbled (tumbling windows).
        sliding_aggregation: sliding windows only: ``"incremental"`` (the default) keeps each
            output function's state as rows arrive and leave, so a trigger costs the same
            whatever the window's size; ``"recompute"`` goes over the window at every trigger.
            Both give the same values, except float sums, means and deviations, which
            ``"incremental"`` computes from exact sums and ``"recompute"`` as SPL's runtime does
            (they may differ in the last bits: docs/decisions.md).
        marker_column, batch_marker, punctuation_column: as for
            :func:`streams_window.run_operator`.
        event_time: the event-time column of a ``timeInterval`` window (a timestamp, or a
            double of seconds); required for such a window, refused for others. Panes trigger
            as :func:`streams_window.run_operator` describes: once each on a batch DataFrame,
            when Spark's watermark reaches their end on a stream (``withWatermark`` first).
        late_output: return the tuples of closed panes as rows, in a ``late_tuple`` column, as
            for :func:`streams_window.run_operator`.
        spl_types: the SPL type of input attributes, as for
            :func:`streams_window.run_operator`, e.g. ``{"amount": "decimal64"}``. The output
            columns' SPL types follow: ``Sum(amount)`` is then a ``decimal64``, whose additions
            round to 16 digits as SPL's do.

    Returns:
        The aggregated rows.

    Raises:
        TypeError, ValueError: as for :func:`streams_window.run_operator`.
        streams_window.errors.ArgumentError: an output function or column is wrong (the message
            names the token and its position), or an ``spl_types`` entry, as for
            :func:`streams_window.run_operator`.

    A failure while Spark runs the query raises
    :class:`~streams_window.errors.OperatorError` from the action, as for
    :func:`streams_window.run_operator`.

    Example::

        import streams_window as sw

        averages = sw.aggregate(
            trades, window="partitioned, sliding, count(3)", partition_by="symbol",
            order_by="seq", output={"price": "Average(price)"},
        )  # columns: symbol, price

        totals = sw.aggregate(
            payments, window="tumbling, count(3)", output={"total": "Sum(amount)"},
            spl_types={"amount": "decimal64"},
        )  # total: decimal(38,18), summed in decimal64
    """
    from streams_window._jvm import classic_session

    spark = classic_session(df, "aggregate")
    _check_name(window, "window")
    if not isinstance(output, Mapping) or not output:
        raise TypeError(
            "output takes a non-empty dict of column name -> SPL output function,"
            " e.g. {'total': 'Sum(cost)'}"
        )
    assignments = []
    for column, function in output.items():
        _check_name(column, "output column name")
        _check_name(function, f"output function of {column!r}")
        assignments.append(f"{column}={function}")
    partitions = _column_list(partition_by, "partition_by")
    order = _column_list(order_by, "order_by")
    groups = _column_list(group_by, "group_by")
    for columns, argument in (
        (partitions, "partition_by"),
        (order, "order_by"),
        (groups, "group_by"),
    ):
        _require_columns(df, columns, argument)
    options = {
        "batch_marker": _flag(batch_marker, "batch_marker"),
        "aggregateIncompleteWindows": _flag(
            aggregate_incomplete_windows, "aggregate_incomplete_windows"
        ),
        "aggregateEvictedPartitions": _flag(
            aggregate_evicted_partitions, "aggregate_evicted_partitions"
        ),
    }
    if sliding_aggregation is not None:
        _check_name(sliding_aggregation, "sliding_aggregation")
        if sliding_aggregation not in _SLIDING_AGGREGATIONS:
            raise ValueError(
                "sliding_aggregation must be one of "
                f"{', '.join(repr(mode) for mode in _SLIDING_AGGREGATIONS)},"
                f" not {sliding_aggregation!r}"
            )
        options["slidingAggregation"] = sliding_aggregation
    if marker_column is not None:
        _check_marker_column(df, marker_column)
        options["marker_column"] = marker_column
    if punctuation_column is not None:
        _check_name(punctuation_column, "punctuation_column")
        options["punctuation_column"] = punctuation_column
    if event_time is not None:
        _check_event_time(df, event_time)
        options["event_time"] = event_time
    options["late_output"] = _flag(late_output, "late_output")
    options.update(spl_type_options(spl_types, "spl_types", SPL_TYPE_PREFIX))
    entry = _jvm.entry_class(spark, "Aggregates")
    with _calling_java(f"aggregate(window={window!r})"):
        jdf = entry.aggregate(
            df._jdf,
            window,
            _jvm.java_list(spark, partitions),
            _jvm.java_list(spark, order),
            _jvm.java_list(spark, assignments),
            _jvm.java_list(spark, groups),
            _jvm.java_map(spark, options),
        )
    return _jvm.wrap_dataframe(jdf, spark)
