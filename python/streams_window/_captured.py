"""streams-window's errors that are also the PySpark exception they replace.

A streaming query's failure is a ``StreamingQueryException`` in PySpark, and code that watches
queries catches that class; a plan Spark refuses is an ``AnalysisException``. When such a
failure is streams-window's, the error raised is of a class that derives from both ours and
PySpark's, so handlers written for either keep catching it. Imported only when PySpark is.
"""

from __future__ import annotations

from typing import Any

from pyspark.errors.exceptions.captured import AnalysisException, StreamingQueryException

from streams_window.errors import ArgumentError, OperatorError, StreamsWindowError, _recast


class StreamingOperatorError(OperatorError, StreamingQueryException):
    """An :class:`~streams_window.errors.OperatorError` that ended a streaming query.

    Example::

        try:
            query.awaitTermination()
        except StreamingQueryException as error:  # or OperatorError: both catch it
            print(error.operator, error.cause_message)
    """


class OutputModeError(ArgumentError, AnalysisException):
    """An :class:`~streams_window.errors.ArgumentError`: a query over streams-window's results
    started in an output mode other than append.

    Example::

        try:
            results.writeStream.outputMode("update").format("console").start()
        except ArgumentError as error:
            print(error)  # streams-window results are append-only: ...
    """


class StateLayoutError(ArgumentError, StreamingQueryException):
    """An :class:`~streams_window.errors.ArgumentError` that ended a streaming query at its
    restart: its checkpoint holds the other state layout than the session chose.

    Example::

        try:
            query.processAllAvailable()
        except ArgumentError as error:
            print(error)  # This query's checkpoint holds streams-window's ... state layout ...
    """


class RestartError(ArgumentError, StreamingQueryException):
    """An :class:`~streams_window.errors.ArgumentError` that ended a streaming query at its
    restart, before its first micro-batch: its ``partition_by`` gives the key of the state
    another number or other types of columns than the checkpoint's state is grouped by.

    Example::

        try:
            query.processAllAvailable()
        except ArgumentError as error:
            print(error)  # ... partition_by: "[key]" in the checkpoint, "[key, site]" now. ...
    """


def restart(error: ArgumentError, origin: Any) -> ArgumentError:
    """``error`` as the ``StreamingQueryException`` Spark raised for the restarted query."""
    converted = RestartError(
        error.message, java_class=error.java_class, java_message=error.java_message
    )
    _adopt(converted, origin)
    return converted


def state_layout(error: ArgumentError, origin: Any) -> ArgumentError:
    """``error`` as the ``StreamingQueryException`` Spark raised for the restarted query."""
    converted = StateLayoutError(
        error.message, java_class=error.java_class, java_message=error.java_message
    )
    _adopt(converted, origin)
    return converted


def streaming(error: StreamsWindowError, origin: Any) -> StreamsWindowError:
    """``error`` as raised by a streaming query whose Java exception is ``origin``."""
    if not isinstance(error, OperatorError):
        return error
    converted = _recast(error, StreamingOperatorError)
    _adopt(converted, origin)
    return converted


def output_mode(error: ArgumentError, origin: Any) -> ArgumentError:
    """``error`` as the ``AnalysisException`` Spark raised for the query's output mode."""
    converted = OutputModeError(
        error.message, java_class=error.java_class, java_message=error.java_message
    )
    _adopt(converted, origin)
    return converted


def _adopt(error: Any, origin: Any) -> None:
    """Gives ``error`` what PySpark's captured exceptions read (their ``__init__`` is not run:
    it needs the JVM's stack trace and converts the causes, none of which our error uses)."""
    error._origin = origin
    error._desc = error.message
    error._stackTrace = ""
    error._cause = None
    error._message = error.message
    error._errorClass = None
    error._messageParameters = None
    error._contexts = []
