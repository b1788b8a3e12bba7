"""The classifier: which streams-window error a Java cause chain stands for.

One function, :func:`classify`: a cause chain in (a list of :class:`Link`, outermost first, as
either transport reads it: ``_jvm`` from a Py4J handle, ``_connect`` from the Connect client's
error), streams-window's error or ``None`` out, the same way on both session kinds. It maps
conditions to classes and reads no text of ours:

1. the conditions and message parameters of streams-window's Java exceptions (they implement
   Spark's ``SparkThrowable``; docs/connect.md, "Errors", has the table); the first link with
   one of them decides:

   * ``STREAMS_WINDOW_REFUSED_ARGUMENT``: an ``ArgumentError``, a ``WindowClauseError`` when the
     parameters hold ``token`` (with ``clause`` and ``position``); ``javaClass`` is the refused
     exception's class;
   * ``STREAMS_WINDOW_OPERATOR_FAILED``: an ``OperatorError`` from ``operator``, ``window``,
     ``key``, ``causeClass`` and ``causeMessage``;
   * ``STREAMS_WINDOW_INCOMPATIBLE_RESTART``, ``STREAMS_WINDOW_UNREADABLE_STATE``,
     ``STREAMS_WINDOW_DAMAGED_STATE`` (no operator failure around them): an ``OperatorError``
     whose ``cause_class`` and ``cause_message`` are that exception's; the JVM judges a restart
     (its definition, the key its state is grouped by, its state layout) before Spark does;

2. two refusals of Spark's own, which carry no condition of ours and are recognised by what
   Spark says (docs/architecture.md, "Errors", says why each cannot be avoided): the output mode
   ``flatMapGroupsWithState`` refuses, and a Connect server without our plugin.

A failure that reached the driver as text only (a ``foreachBatch`` function's, which crosses a
Python worker; a Connect query's ``exception()``) carries no condition and stays PySpark's.

Which PySpark class the error is also raised as (``StreamingQueryException``,
``AnalysisException``) is not decided here but by ``_pyspark``, from the top link's names.

Example::

    chain = [Link(("io.streamswindow.spark.errors.RefusedArgumentException",), "bad clause",
                  "STREAMS_WINDOW_REFUSED_ARGUMENT",
                  {"javaClass": "io.streamswindow.clause.WindowClauseException",
                   "clause": "sliding, cnt(3)", "token": "cnt", "position": "9"})]
    classify(chain)  # WindowClauseError, token 'cnt', position 9
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from streams_window._connect_request import PLUGIN_CLASS, RELATION_PLUGINS
from streams_window._exceptions import (
    ArgumentError,
    OperatorError,
    StreamsWindowError,
    WindowClauseError,
)

#: The conditions of streams-window's Java exceptions (docs/connect.md, "Errors").
REFUSED_ARGUMENT = "STREAMS_WINDOW_REFUSED_ARGUMENT"
OPERATOR_FAILED = "STREAMS_WINDOW_OPERATOR_FAILED"
INCOMPATIBLE_RESTART = "STREAMS_WINDOW_INCOMPATIBLE_RESTART"
UNREADABLE_STATE = "STREAMS_WINDOW_UNREADABLE_STATE"
DAMAGED_STATE = "STREAMS_WINDOW_DAMAGED_STATE"
_STATE_CONDITIONS = (INCOMPATIBLE_RESTART, UNREADABLE_STATE, DAMAGED_STATE)

STREAMING_QUERY_EXCEPTION = "org.apache.spark.sql.streaming.StreamingQueryException"
ANALYSIS_EXCEPTION = "org.apache.spark.sql.AnalysisException"


@dataclass(frozen=True)
class Link:
    """One exception of a cause chain, as either transport reads it.

    ``names``: its class, then its superclasses (empty when only text is known);
    ``condition`` and ``parameters``: its ``SparkThrowable`` condition and message parameters.
    """

    names: tuple[str, ...]
    message: str
    condition: str | None = None
    parameters: Mapping[str, str] = field(default_factory=dict)

    @property
    def java_class(self) -> str | None:
        return self.names[0] if self.names else None

    def first_line(self) -> str:
        return self.message.split("\n", 1)[0]


def classify(chain: Sequence[Link]) -> StreamsWindowError | None:
    """The streams-window error ``chain`` stands for, or ``None`` when it is not ours."""
    for link in chain:
        ours = _by_condition(link)
        if ours is not None:
            return ours
    return _spark_refusal(chain)


def _by_condition(link: Link) -> StreamsWindowError | None:
    parameters = link.parameters
    if link.condition == REFUSED_ARGUMENT:
        java_class = parameters.get("javaClass", link.java_class)
        if "token" in parameters:
            return WindowClauseError(
                link.message,
                clause=parameters.get("clause"),
                token=parameters["token"],
                position=_integer(parameters.get("position")),
                java_class=java_class,
                java_message=link.message,
                condition=link.condition,
                parameters=parameters,
            )
        return ArgumentError(
            link.message,
            java_class=java_class,
            java_message=link.message,
            condition=link.condition,
            parameters=parameters,
        )
    if link.condition == OPERATOR_FAILED:
        where = (parameters.get("operator"), parameters.get("window"), parameters.get("key"))
        cause = (parameters.get("causeClass"), parameters.get("causeMessage"))
    elif link.condition in _STATE_CONDITIONS:
        # Unwrapped (no operator failure around it): the state's own refusal is the cause.
        where, cause = (None, None, None), (link.java_class, link.message)
    else:
        return None
    return _operator_error(
        operator=where[0],
        window=where[1],
        key=where[2],
        cause_class=cause[0],
        cause_message=cause[1],
        java_class=link.java_class,
        java_message=link.message,
        condition=link.condition,
        parameters=parameters,
    )


def _integer(text: str | None) -> int | None:
    try:
        return None if text is None else int(text)
    except ValueError:
        return None


def _operator_error(
    *,
    operator: str | None,
    window: str | None,
    key: str | None,
    cause_class: str | None,
    cause_message: str | None,
    java_class: str | None,
    java_message: str | None,
    condition: str | None = None,
    parameters: Mapping[str, str] | None = None,
) -> OperatorError:
    """An :class:`OperatorError` whose first line is the cause and whose second says where
    (left out when neither the operator nor the window is known)."""
    cause = cause_class or "the operator failed"
    if cause_message:
        cause = f"{cause}: {cause_message.splitlines()[0]}"
    message = cause
    if operator is not None or window is not None:
        message += f'\n  in operator {operator}, window "{window}"'
        if key is not None:
            message += f", key {key}"
    return OperatorError(
        message,
        operator=operator,
        window=window,
        key=key,
        cause_class=cause_class,
        cause_message=cause_message,
        java_class=java_class,
        java_message=java_message,
        condition=condition,
        parameters=parameters,
    )


# --- Spark's own refusals: no condition of ours, recognised by what Spark says ------------------

# What Spark says when a query's output mode is not the one flatMapGroupsWithState declares.
_OUTPUT_MODE_TEXT = re.compile(
    r"flatMapGroupsWithState in append mode is not supported with (?P<mode>\w+) output mode"
)
# Columns of our plan's packed rows: their presence in Spark's plan text tells it is ours.
_OUR_PLAN_MARK = "__streams_window_tuples"
# What Spark Connect says when no relation plugin takes an extension.
_NO_HANDLER = "No handler found for extension type"

def _spark_refusal(chain: Sequence[Link]) -> StreamsWindowError | None:
    """Spark's refusal of one of our plans, in our words; ``None`` for any other."""
    if not chain:
        return None
    top = chain[0]
    if ANALYSIS_EXCEPTION in top.names and _OUR_PLAN_MARK in top.message:
        mode = _OUTPUT_MODE_TEXT.search(top.message)
        if mode is not None:
            return _output_mode_error(mode["mode"], top)
    for link in chain:
        if _NO_HANDLER in link.message and "streams_window" in link.message:
            return _no_plugin_error()
    return None


def _output_mode_error(mode: str, link: Link) -> ArgumentError:
    # Update is what Spark's real-time mode takes, and the chunked layout runs it.
    real_time = (
        " Spark's real-time mode, which takes update only, runs the chunked state layout:"
        " set spark.sql.streaming.stateStore.providerClass to"
        " org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"
        " (sw.configure() does) and pass real_time=True (docs/real-time.md)."
        if mode.lower() == "update"
        else ""
    )
    return ArgumentError(
        f"streams-window results are append-only: start the query in append output mode"
        f" (.outputMode('append'), the default), not {mode.lower()}. Each tuple an operator"
        " submits is a final row, never updated later, so append gives every row once;"
        " Spark's flatMapGroupsWithState, which runs the windows, accepts one mode only."
        + real_time,
        java_class=link.java_class,
        java_message=link.first_line(),
        condition=link.condition,
        parameters=link.parameters,
    )


def _no_plugin_error() -> StreamsWindowError:
    """The error for a Connect server without our plugin (or without our jar)."""
    return StreamsWindowError(
        "streams-window's relation plugin is not on this Spark Connect server. Start the server"
        f" with streams-window's jar in spark.jars and {RELATION_PLUGINS}={PLUGIN_CLASS}"
        " (streams_window.configure does both on a SparkSession.builder.remote('local[...]')"
        " builder); docs/connect.md says how on a cluster."
    )
