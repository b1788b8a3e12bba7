"""The exceptions streams-window raises.

Every failure that is streams-window's reaches you as one of these classes, whichever call
raises it, with a first line that says what went wrong:

* the functions of this package (:func:`streams_window.run_operator`,
  :func:`streams_window.aggregate`, :func:`streams_window.parse_window`, ...) raise them for bad
  arguments, before any Spark job starts;
* an *action* that runs a query (``collect()``, ``count()``, a write, a streaming query's
  ``awaitTermination()`` or ``processAllAvailable()``) raises them when an operator fails while
  Spark runs it, once you opted in: :func:`streams_window.configure` does (unless given
  ``translate_errors=False``), as does :func:`install`. That puts a converter in front of
  PySpark's own conversion of Java exceptions (as Delta Lake's Python package does for its
  exceptions); it turns only streams-window's Java exceptions into these classes and leaves
  every other failure exactly as PySpark raises it. Importing ``streams_window`` changes
  nothing of PySpark's; without the converter, :func:`translate` finds our error behind
  PySpark's.

streams-window's Java exceptions carry a condition (Spark's error class) and message
parameters; which condition becomes which Python exception (the first one in the cause chain
wins; each error keeps them as ``condition`` and ``parameters``):

=========================================  ====================================================
Condition in the cause chain               Python exception
=========================================  ====================================================
``STREAMS_WINDOW_REFUSED_ARGUMENT``        :class:`ArgumentError`, or :class:`WindowClauseError`
                                           for a window clause
``STREAMS_WINDOW_OPERATOR_FAILED``         :class:`OperatorError`
``STREAMS_WINDOW_INCOMPATIBLE_RESTART``,   :class:`OperatorError` (``cause_class`` the Java
``STREAMS_WINDOW_UNREADABLE_STATE``,       exception's; inside an operator's failure, or alone
``STREAMS_WINDOW_DAMAGED_STATE``           when the restart is refused as a micro-batch is planned)
=========================================  ====================================================

The classes are read from conditions only, never from the text of a message. A failure that
reaches the driver as text only (a ``foreachBatch`` function's, which crosses a Python worker;
a Spark Connect query's ``exception()``) carries no condition, and stays PySpark's exception:
its message holds ours.

A Spark Connect session raises the same classes, read the same way from what the client
receives of the server's exception (docs/connect.md, "Errors").

An :class:`OperatorError` raised by a streaming query is also a PySpark
``StreamingQueryException``, so handlers written for either catch it. On the single-value state
layout, a streaming query over our results started in ``update`` output mode fails at
``start()`` with an :class:`ArgumentError` (also a PySpark ``AnalysisException``) that says to
use ``append``; on the chunked layout Spark accepts ``update``, which writes the same rows. A
streaming query restarted from a checkpoint whose state is keyed by other columns (a
``partition_by`` of other columns in number or type), or held in the other state layout, fails
as its first micro-batch is planned with an :class:`OperatorError` (condition
``STREAMS_WINDOW_INCOMPATIBLE_RESTART``, also a PySpark ``StreamingQueryException``) naming
the part in the checkpoint and now, before Spark's own checks of the state.

Example::

    import streams_window as sw
    from streams_window.errors import OperatorError

    out = sw.run_operator(df, "com.acme.VSum", window="tumbling, count(4)",
                          params={"attr": "cost"}, output_schema="total double")
    try:
        rows = out.collect()
    except OperatorError as error:
        print(error)  # java.lang.ArithmeticException: / by zero
                      #   in operator com.acme.VSum, window "tumbling, count(4)"
        print(error.operator, error.window, error.key, error.cause_class)
        print(error.condition)  # STREAMS_WINDOW_OPERATOR_FAILED
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from streams_window import _connect, _jvm, _pyspark
from streams_window._classify import classify
from streams_window._exceptions import (
    ArgumentError,
    OperatorError,
    PlanWarning,
    StreamsWindowError,
    WindowClauseError,
)

__all__ = [
    "ArgumentError",
    "OperatorError",
    "PlanWarning",
    "StreamsWindowError",
    "WindowClauseError",
    "install",
    "translate",
    "translated",
]

# This module is the classes' public home: tracebacks, reprs and pickles name them here, as
# before they moved to _exceptions (the bottom layer, so that every layer may raise them).
for _public in (ArgumentError, OperatorError, PlanWarning, StreamsWindowError, WindowClauseError):
    _public.__module__ = __name__


def translate(error: BaseException) -> StreamsWindowError | None:
    """Return the streams-window error behind a Spark or Py4J exception, or ``None``.

    Needed where PySpark's conversion is left as it is (no :func:`install`, or
    ``configure(..., translate_errors=False)``), or for an exception converted elsewhere. Looks
    through the Java cause chain of
    ``error`` (a ``py4j.protocol.Py4JJavaError`` or a PySpark captured exception) for
    streams-window's Java exceptions (see the module's table), or an exception of the Spark
    Connect client. A :class:`StreamsWindowError` is returned as it is. Anything else gives
    ``None``.

    Example::

        from streams_window.errors import translate

        try:
            query.processAllAvailable()
        except Exception as error:
            raise (translate(error) or error) from error
    """
    if isinstance(error, StreamsWindowError):
        return error
    # query.exception() of a classic session is PySpark's own; the cause it converted (through
    # our converter) is ours.
    cause = _pyspark.converted_cause(error)
    if isinstance(cause, StreamsWindowError):
        return cause
    handle = _pyspark.java_handle(error)
    if handle is not None:
        return _from_java(handle)
    if _pyspark.raised_through(error) == "jvm":
        return None  # through Py4J without its Java object: no condition to read
    links = _connect.exception_chain(error)
    ours = classify(links)
    return None if ours is None else _pyspark.raised_as(ours, links[0])


@contextmanager
def translated() -> Iterator[None]:
    """Re-raise failures inside the block as streams-window errors where one is the cause.

    Rarely needed since actions raise streams-window's errors by themselves (see the module's
    text); kept for code that catches exceptions converted elsewhere. An exception whose Java
    cause chain holds a streams-window exception is re-raised as the matching
    :class:`StreamsWindowError` (chained to the original, ``raise ... from``); every other
    exception passes through unchanged.

    Example::

        from streams_window.errors import translated

        with translated():
            rows = out.collect()
    """
    try:
        yield
    except Exception as error:
        ours = translate(error)
        if ours is None or ours is error:
            raise
        raise ours from error


#: The metadata key of the result's first column under which the JVM's plan checks leave their
#: warnings (``io.streamswindow.spark.PlanWarnings`` spells the same key).
PLAN_WARNINGS_KEY = "streams_window.warnings"


def warn_of_plan(result: Any) -> Any:
    """Raise each warning the JVM's plan checks left on ``result`` (a DataFrame) as a
    :class:`PlanWarning` at the caller of the facade's function, and return ``result``."""
    fields = result.schema.fields
    for text in fields[0].metadata.get(PLAN_WARNINGS_KEY, []) if fields else []:
        warnings.warn(text, PlanWarning, stacklevel=3)
    return result


@contextmanager
def calling(what: str) -> Iterator[None]:
    """For the facade's own calls, on either session kind: no JVM or server error passes raw.

    streams-window's errors pass (converted by then, or now by :func:`translate`); any other
    failure of the JVM or the Connect server becomes a plain :class:`StreamsWindowError` naming
    ``what`` was being done and the Java exception; a Python error passes unchanged.
    """
    if _converter.installed:
        install()  # the Connect converter, once a Connect session exists
    try:
        yield
    except StreamsWindowError:
        raise
    except Exception as error:
        ours = translate(error)
        if ours is None:
            source = _pyspark.raised_through(error)
            if source is None:
                raise  # a Python error of our own making: not the JVM's
            links = _jvm.chain(_pyspark.java_handle(error)) if source == "jvm" else []
            java_class = (links[0].java_class if links else None) or type(error).__name__
            java_message = links[0].message if links else str(error)
            where = "in the JVM" if source == "jvm" else "on the Spark Connect server"
            ours = StreamsWindowError(
                f"{what} failed {where}: {java_class}: {java_message}",
                java_class=java_class,
                java_message=java_message,
            )
        raise ours from error


class _Converter:
    """Whether the process opted in to the converter (:func:`install`)."""

    installed = False


_converter = _Converter()


def install() -> None:
    """Opt in: put the conversion to streams-window's errors in front of PySpark's, for Py4J
    failures and (once its client is loaded, at the facade's next call on a Connect session)
    Spark Connect ones; idempotent. :func:`streams_window.configure` calls it unless given
    ``translate_errors=False``; importing ``streams_window`` does not.

    Example::

        from streams_window import errors

        errors.install()  # a session built without streams_window.configure()
        out.collect()     # an operator's failure is an OperatorError
    """
    _converter.installed = True
    _pyspark.install(classic=_from_java, connect=_from_connect)


def _from_java(java_exception: Any) -> StreamsWindowError | None:
    """Our error for a Java exception (a Py4J handle), as PySpark would raise it, or ``None``."""
    links = _jvm.chain(java_exception)
    ours = classify(links)
    return None if ours is None else _pyspark.raised_as(ours, links[0], origin=java_exception)


def _from_connect(
    info: Any, message: str, response: Any, *_: Any, **__: Any
) -> BaseException | None:
    """Our error for a failed Connect call (what the Connect client's conversion takes), or
    ``None``."""
    links = _connect.chain(info, message, response)
    ours = classify(links)
    return None if ours is None else _pyspark.raised_as(ours, links[0])
