"""sort(): SPL's Sort operator over a Spark DataFrame, without writing Java."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from streams_window import _connect, _jvm, _pyspark
from streams_window._call import SortCall
from streams_window.errors import calling

if TYPE_CHECKING:
    from pyspark.sql import DataFrame


def sort(
    df: DataFrame,
    *,
    window: str,
    sort_by: str | Sequence[str],
    order: str | Sequence[str] | None = None,
    partition_by: str | Sequence[str] | None = None,
    order_by: str | Sequence[str] | None = None,
    marker_column: str | None = None,
    batch_marker: bool = False,
    punctuation_column: str | None = None,
    real_time: bool = False,
    spl_types: Mapping[str, str] | None = None,
) -> DataFrame:
    """Sort a DataFrame's rows over an SPL window, as SPL's ``Sort`` operator does.

    The rows come out unchanged, with the input's columns, in the order of ``sort_by``, SPL
    expressions compared in turn (docs/semantics.md, "SPL Sort"):

    - a **tumbling** window (``count``, ``delta``, ``punct()``, or ``time`` when not partitioned)
      is sorted each time it tumbles, then a window marker follows (see it with
      ``punctuation_column``); rows that tie keep their arrival order;
    - ``sliding, count(N), count(1)`` is a **progressive sort**: once N rows are held, each new
      row pushes out the first in order, before the new row takes its place; the end of a batch
      (the final marker) puts out what is held, in order.

    Args:
        df: the input rows (batch or streaming; of a classic or a Spark Connect session).
        window: the SPL window clause, e.g. ``"partitioned, tumbling, count(1000)"``.
        sort_by: one SPL expression or a list of them, e.g. ``"(float64)salary / (float64)age"``.
        order: ``"ascending"`` (the default) or ``"descending"``: one for every expression, or a
            list with one per expression.
        partition_by: the partition column(s) of a ``partitioned`` window.
        order_by: the column(s) giving the arrival order.
        marker_column, batch_marker, punctuation_column, real_time, spl_types: as for
            :func:`streams_window.run_operator`.

    Returns:
        The sorted rows.

    Raises:
        TypeError: an argument of the wrong Python type.
        streams_window.errors.ArgumentError: a window SPL's Sort does not take, a ``sort_by``
            expression SPL refuses (naming the token, its position and the fix), or an
            ``order`` list of another length than ``sort_by``.

    Example::

        import streams_window as sw

        # SPL: stream<Employee> Sorted = Sort(Employees) {
        #        window Employees: tumbling, count(5); param sortBy: name; }
        ordered = sw.sort(employees, window="tumbling, count(5)", sort_by="name", order_by="seq")
    """
    call = SortCall.check(
        df,
        window=window,
        sort_by=sort_by,
        order=order,
        partition_by=partition_by,
        order_by=order_by,
        run_arguments=dict(
            marker_column=marker_column,
            batch_marker=batch_marker,
            punctuation_column=punctuation_column,
            real_time=real_time,
            spl_types=spl_types,
        ),
    )
    with calling(f"sort(window={window!r})"):
        return _connect.sort(call) if _pyspark.is_connect(df) else _jvm.sort(call)
