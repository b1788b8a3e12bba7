"""spl_column() and functor(): SPL expressions over a DataFrame's columns, typed by SPL's rules in
the JVM and run by Catalyst (docs/python.md, "SPL expressions")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from streams_window import _connect, _jvm, _pyspark
from streams_window.errors import calling

if TYPE_CHECKING:
    from pyspark.sql import Column, DataFrame


def spl_column(
    expression: str,
    df: DataFrame,
    *,
    spl_types: Mapping[str, str] | None = None,
    submission_values: Mapping[str, str] | None = None,
) -> Column:
    """One SPL expression over ``df``'s columns, as a Spark Column.

    The expression is parsed and typed by SPL's rules (no implicit widening, integer wrap-around,
    ``decimal64`` rounding, ``rstring`` as bytes) and refused with the token, its position and
    the fix when SPL would refuse it. Where Spark's own operators compute what SPL does whatever
    the session's settings, Catalyst runs them; any other expression runs the JVM's evaluator of
    SPL expressions over the row (docs/semantics.md, "SPL expressions on Spark").

    Args:
        expression: the SPL expression, e.g. ``"price * (float64)volume"``.
        df: the DataFrame whose columns are the expression's attributes.
        spl_types: SPL types stated for some columns (``{"count": "uint32"}``); the others take
            the type table's default (a string column is ``rstring``, a long ``int64``).
        submission_values: the values SPL's ``getSubmissionTimeValue(name)`` and
            ``getCompileTimeValue(name)`` read, by name (a list value comma-separated); fixed
            when the plan is built.

    Returns:
        A Column of the expression's type. On a Spark Connect session the server makes it (its
        expression plugin, docs/connect.md) and the call checks it at once, as on a classic one.

    Raises:
        streams_window.errors.ArgumentError: SPL refuses the expression (its ``parameters``
            hold ``expression`` and ``position``).

    Example::

        import streams_window as sw

        trades = spark.createDataFrame([("IBM", 101.5, 200)], "ticker string, price double, volume int")
        trades.select(sw.spl_column("price * (float64)volume", trades).alias("notional")).show()
        # notional 20300.0
    """
    types = dict(spl_types or {})
    values = dict(submission_values or {})
    session = df.sparkSession
    with calling(f"spl_column({expression!r})"):
        if _pyspark.is_connect(session):
            return _connect.spl_column(df, expression, types, values)
        entry = _jvm.entry_class(session, "SplExpressions")
        jcolumn = entry.column(
            _pyspark.java_dataframe(df),
            expression,
            _jvm.java_map(session, types),
            _jvm.java_map(session, values),
        )
    return _pyspark.classic_column(jcolumn)


def functor(
    df: DataFrame,
    *,
    filter: str | None = None,  # noqa: A002 - SPL's parameter name
    output: Mapping[str, str] | None = None,
    spl_types: Mapping[str, str] | None = None,
    submission_values: Mapping[str, str] | None = None,
) -> DataFrame:
    """SPL's ``Functor``: the rows for which ``filter`` holds, with ``output``'s columns set to
    their SPL expressions and every other column forwarded.

    Args:
        df: the input rows, batch or streaming.
        filter: an SPL boolean expression; all rows pass when it is omitted.
        output: column name to SPL expression; a name that is an input column replaces it (the
            expression must keep its SPL type, as a Functor's output attribute does), a new name
            is added after the input's columns, in the mapping's order.
        spl_types: SPL types stated for some input columns, as for :func:`spl_column`.
        submission_values: the named values the expressions read, as for :func:`spl_column`.

    Returns:
        The DataFrame of the Functor's output port.

    Raises:
        streams_window.errors.ArgumentError: SPL refuses an expression, the filter is not
            boolean, or an assignment changes an input column's type.

    It runs on classic and Spark Connect sessions alike.

    Example::

        import streams_window as sw

        # SPL: stream<...> Big = Functor(Trades) { param filter: volume > 100;
        #        output Big: notional = price * (float64)volume; }
        big = sw.functor(trades, filter="volume > 100",
                         output={"notional": "price * (float64)volume"})
    """
    assignments = dict(output or {})
    for name, expression in assignments.items():
        if not isinstance(name, str) or not isinstance(expression, str):
            raise TypeError(
                "functor() takes output as a mapping of column name to SPL expression (both"
                f" strings); got {name!r}: {expression!r}"
            )
    if filter is not None and not isinstance(filter, str):
        raise TypeError(f"functor() takes filter as an SPL expression string; got {filter!r}")
    types = dict(spl_types or {})
    values = dict(submission_values or {})
    session = df.sparkSession
    with calling("functor()"):
        if _pyspark.is_connect(session):
            return _connect.functor(df, filter, assignments, types, values)
        entry = _jvm.entry_class(session, "SplExpressions")
        jdf = entry.functor(
            _pyspark.java_dataframe(df),
            filter,
            _jvm.java_list(session, list(assignments)),
            _jvm.java_list(session, list(assignments.values())),
            _jvm.java_map(session, types),
            _jvm.java_map(session, values),
        )
    return _pyspark.classic_dataframe(jdf, session)
