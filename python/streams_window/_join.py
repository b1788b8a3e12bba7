"""join(): SPL's Join operator over two Spark DataFrames, without writing Java."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from streams_window import _connect, _jvm, _pyspark
from streams_window._call import JoinCall
from streams_window.errors import calling, warn_of_plan

if TYPE_CHECKING:
    from pyspark.sql import DataFrame


def join(
    left: DataFrame,
    right: DataFrame,
    *,
    left_window: str | None,
    right_window: str | None,
    output: Mapping[str, str],
    order_by: str | Sequence[str] | None = None,
    match: str | None = None,
    equality_lhs: str | Sequence[str] | None = None,
    equality_rhs: str | Sequence[str] | None = None,
    algorithm: Literal["inner", "leftOuter", "rightOuter", "outer"] = "inner",
    partition_by_lhs: str | Sequence[str] | None = None,
    partition_by_rhs: str | Sequence[str] | None = None,
    default_tuple_lhs: str | None = None,
    default_tuple_rhs: str | None = None,
    names: tuple[str, str] = ("L", "R"),
    unmatched_ports: bool = False,
    punctuation_column: str | None = None,
    real_time: bool = False,
    spl_types: Mapping[str, str] | None = None,
) -> DataFrame:
    """Join two DataFrames over SPL windows, as SPL's ``Join`` operator does.

    A row arriving on one side is matched against the other side's window (``match``, and
    ``equality_lhs`` equal to ``equality_rhs``), each match put out at once, before the row
    enters its own window; an outer join puts out a row that never matched as it leaves its
    window, the other side's columns at their defaults (docs/semantics.md, "SPL Join").

    Args:
        left, right: the two input ports' rows (batch or streaming; one session kind).
        left_window, right_window: each side's window: ``sliding`` with ``count``, ``time`` or
            ``delta`` eviction and a ``count(1)`` trigger, e.g. ``"partitioned, sliding,
            count(1)"``; ``"sliding, count(0)"`` or ``None`` keeps nothing (the side's rows only
            probe the other window).
        output: output column -> SPL expression over both sides, each side's columns qualified by
            its name (``names``): ``{"ticker": "L.ticker", "gain": "L.price - R.ask"}``.
        order_by: the column(s), on both sides, whose order is the arrival order across them
            (ties go to ``left``).
        match: a boolean SPL expression over both sides; every pair matches without one.
        equality_lhs, equality_rhs: SPL expressions over each side alone that must be equal.
            When each is an attribute and both windows let a key be joined alone (no window,
            ``time`` eviction, or partitioned by those attributes), the join runs key by key;
            otherwise on one instance, with a :class:`~streams_window.PlanWarning` naming why.
        algorithm: ``inner``, ``leftOuter``, ``rightOuter`` or ``outer``.
        partition_by_lhs, partition_by_rhs: the columns a side's ``partitioned`` window is
            partitioned by.
        default_tuple_lhs, default_tuple_rhs: an SPL tuple literal of a side's type (every
            column, ``order_by``'s too: ``'{ticker="none", ts=0, price=0.0}'``) that stands for
            that side beside the other side's unmatched rows, instead of default values
            (``rightOuter``/``outer`` for the left, ``leftOuter``/``outer`` for the right).
        names: the names that qualify the left and right columns in expressions.
        unmatched_ports: give the join SPL's output ports for unmatched rows (``leftOuter`` and
            ``rightOuter``: port 1 for the outer side's; ``outer``: port 1 for the left's, port 2
            for the right's): an unmatched row comes out there unchanged, with its side's
            columns, instead of on port 0. The result then holds every port's rows, as
            :func:`streams_window.run_operator` with several output ports gives them: pick one
            port's with :func:`streams_window.output_port`.
        punctuation_column, real_time, spl_types: as for :func:`streams_window.run_operator`
            (``spl_types`` for ``left``'s columns).

    Returns:
        The output rows (of every port, with ``unmatched_ports``).

    Raises:
        TypeError: an argument of the wrong Python type.
        streams_window.errors.ArgumentError: a window, expression or parameter SPL's Join
            refuses, naming it.

    Example::

        import streams_window as sw

        # SPL: stream<rstring ticker, float64 gain> Bargains = Join(Trades as L; Quotes as R) {
        #   window L: partitioned, sliding, count(1); R: sliding, count(0);
        #   param partitionByLHS: L.ticker; equalityLHS: L.ticker; equalityRHS: R.ticker;
        #         match: L.price > R.ask; }
        bargains = sw.join(
            trades, quotes, left_window="partitioned, sliding, count(1)",
            right_window="sliding, count(0)", partition_by_lhs="ticker",
            equality_lhs="L.ticker", equality_rhs="R.ticker", match="L.price > R.ask",
            output={"ticker": "L.ticker", "gain": "L.price - R.ask"}, order_by="ts",
        )
    """
    if not (isinstance(names, tuple) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise TypeError(f"names takes two strings, the left and right names; got {names!r}")
    call = JoinCall.check(
        left,
        right,
        left_window=left_window,
        right_window=right_window,
        output=output,
        order_by=order_by,
        parameters={
            "match": match,
            "equalityLHS": equality_lhs,
            "equalityRHS": equality_rhs,
            "algorithm": algorithm,
            "partitionByLHS": partition_by_lhs,
            "partitionByRHS": partition_by_rhs,
            "defaultTupleLHS": default_tuple_lhs,
            "defaultTupleRHS": default_tuple_rhs,
            "lhsName": names[0],
            "rhsName": names[1],
        },
        run_arguments=dict(
            punctuation_column=punctuation_column, real_time=real_time, spl_types=spl_types
        ),
        unmatched_ports=unmatched_ports,
    )
    with calling(f"join(left_window={left_window!r}, right_window={right_window!r})"):
        result = _connect.join(call) if _pyspark.is_connect(left) else _jvm.join(call)
    return warn_of_plan(result)
