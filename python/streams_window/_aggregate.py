"""aggregate(): SPL's Aggregate operator over a Spark DataFrame, without writing Java."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from streams_window import _connect, _jvm, _metrics, _pyspark
from streams_window._call import AggregateCall
from streams_window.errors import calling

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, Observation


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
    pane_aggregation: Literal["sliced", "recompute"] | None = None,
    marker_column: str | None = None,
    batch_marker: bool = False,
    punctuation_column: str | None = None,
    event_time: str | None = None,
    late_output: bool = False,
    real_time: bool = False,
    spl_types: Mapping[str, str] | None = None,
    metrics: Observation | None = None,
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
        df: the input rows (batch or streaming; of a classic or a Spark Connect session).
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
        pane_aggregation: ``timeInterval`` windows only: ``"sliced"`` keeps each tuple once, in
            the slice of time that holds it, and combines a pane's result from its slices, so a
            tuple costs about the same however many panes overlap it; ``"recompute"`` goes over
            each pane's tuples when it triggers, which costs less while a tuple is in fewer
            than 20 panes. Default: ``"sliced"`` from 20 panes per tuple
            (``intervalDuration / creationPeriod``), ``"recompute"`` below. Both give the same
            values, except float means and deviations, which may differ in the last bits, as
            for ``sliding_aggregation`` (docs/architecture.md, "Stream slicing").
        marker_column, batch_marker, punctuation_column: as for
            :func:`streams_window.run_operator`.
        event_time: the event-time column of a ``timeInterval`` window (a timestamp, or a
            double of seconds); required for such a window, refused for others. Panes trigger
            as :func:`streams_window.run_operator` describes: once each on a batch DataFrame,
            when Spark's watermark reaches their end on a stream (``withWatermark`` first).
        late_output: return the tuples the window drops (event time earlier than the watermark
            minus ``discardAge``) as rows, in a ``late_tuple`` column, as for
            :func:`streams_window.run_operator`.
        real_time: hand a stream's rows on one by one as they arrive, for Spark's real-time
            mode, as for :func:`streams_window.run_operator`.
        spl_types: the SPL type of input attributes, as for
            :func:`streams_window.run_operator`, e.g. ``{"amount": "decimal64"}``. The output
            columns' SPL types follow: ``Sum(amount)`` is then a ``decimal64``, whose additions
            round to 16 digits as SPL's do.
        metrics: a ``pyspark.sql.Observation`` for the metrics of the operator that computes
            the aggregate on a batch DataFrame (tuples processed and submitted, ...), as for
            :func:`streams_window.run_operator`.

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
    wants_metrics = _metrics.check_observation(metrics, df)
    call = AggregateCall.check(
        df,
        window=window,
        output=output,
        partition_by=partition_by,
        order_by=order_by,
        group_by=group_by,
        aggregate_incomplete_windows=aggregate_incomplete_windows,
        aggregate_evicted_partitions=aggregate_evicted_partitions,
        sliding_aggregation=sliding_aggregation,
        pane_aggregation=pane_aggregation,
        run_arguments=dict(
            marker_column=marker_column,
            batch_marker=batch_marker,
            punctuation_column=punctuation_column,
            event_time=event_time,
            late_output=late_output,
            real_time=real_time,
            metrics=wants_metrics,
            spl_types=spl_types,
        ),
    )
    with calling(f"aggregate(window={window!r})"):
        result = _connect.aggregate(call) if _pyspark.is_connect(df) else _jvm.aggregate(call)
    return _metrics.observed(result, metrics) if wants_metrics else result
