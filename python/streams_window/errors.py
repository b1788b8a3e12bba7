"""The exceptions streams-window raises.

Every failure that is streams-window's reaches you as one of these classes, whichever call
raises it, with a first line that says what went wrong:

* the functions of this package (:func:`streams_window.run_operator`,
  :func:`streams_window.aggregate`, :func:`streams_window.parse_window`, ...) raise them for bad
  arguments, before any Spark job starts;
* an *action* that runs a query (``collect()``, ``count()``, a write, a streaming query's
  ``awaitTermination()`` or ``processAllAvailable()``, a ``foreachBatch`` function) raises them
  when an operator fails while Spark runs it. Importing ``streams_window`` puts a converter in
  front of PySpark's own conversion of Java exceptions (as Delta Lake's Python package does for
  its exceptions); it turns only streams-window's Java exceptions into these classes and leaves
  every other failure exactly as PySpark raises it.

Which Java exception becomes which Python one (the first match in the cause chain wins):

============================================================  ======================
Java exception in the cause chain                              Python exception
============================================================  ======================
``io.streamswindow.spark.WindowedOperatorException``           :class:`OperatorError`
``io.streamswindow.clause.WindowClauseException``              :class:`WindowClauseError`
``java.lang.IllegalArgumentException`` (this package's calls)  :class:`ArgumentError`
============================================================  ======================

On a Spark Connect session the same classes are raised, made from what the client receives of
the server's exception (docs/connect.md, "Errors").

An :class:`OperatorError` raised by a streaming query is also a PySpark
``StreamingQueryException``, so handlers written for either catch it. On the single-value state
layout, a streaming query over our results started in ``update`` output mode fails at
``start()`` with an :class:`ArgumentError` (also a PySpark ``AnalysisException``) that says to
use ``append``; on the chunked layout Spark accepts ``update``, which writes the same rows. A
streaming query restarted from a checkpoint whose state is keyed by other columns (a
``partition_by`` of other columns in number or type) fails before its first micro-batch with an
:class:`ArgumentError` (also a PySpark ``StreamingQueryException``) naming ``partition_by`` in
the checkpoint and now, where Spark would raise its own key schema error.

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
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "ArgumentError",
    "OperatorError",
    "StreamsWindowError",
    "WindowClauseError",
    "translate",
    "translated",
]


class StreamsWindowError(Exception):
    """The base class of every error streams-window raises.

    Attributes:
        message: what went wrong, and where possible how to fix it.
        java_class: the class name of the Java exception that caused it, or ``None``.
        java_message: that Java exception's message, or ``None``.

    Example::

        from streams_window.errors import StreamsWindowError

        try:
            sw.run_operator(df, "com.acme.VSum", window="tumbling, count(4)",
                            output_schema="total double")
        except StreamsWindowError as error:
            print(error.java_class, error.java_message)
    """

    def __init__(
        self,
        message: str,
        *,
        java_class: str | None = None,
        java_message: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.java_class = java_class
        self.java_message = java_message

    def __str__(self) -> str:
        return self.message


class ArgumentError(StreamsWindowError, ValueError):
    """A bad argument found on the JVM side (a Java ``IllegalArgumentException``).

    Raised for what only the JVM can check: an operator class that is not found or is not an
    ``Operator``, an output schema that Spark cannot read or whose column names differ only in
    case from the names the operator uses, an unknown, missing or bad operator parameter, a
    partitioned window without ``partition_by``, an ``spl_types`` entry that names no column or
    no SPL type, or a type that does not fit its column; and, from a streaming query restarted
    from its checkpoint, a ``partition_by`` whose columns differ in number or type from those
    the checkpoint's state is keyed by, or a session whose state store gives the other state
    layout. It is a ``ValueError``, like the errors the facade raises itself for bad arguments.

    Example::

        from streams_window.errors import ArgumentError

        try:
            sw.run_operator(df, "io.streamswindow.examples.WindowSum",
                            window="tumbling, count(4)", params={"atr": "cost"},
                            output_schema="total double")
        except ArgumentError as error:
            print(error)  # ... has no parameter 'atr' (did you mean 'attr'?); ...
    """


class WindowClauseError(ArgumentError):
    """An SPL window clause that cannot be read (Java ``WindowClauseException``).

    Attributes:
        clause: the clause as given.
        token: the offending token, or ``""`` when the clause ended too early.
        position: the 0-based character index of ``token`` in ``clause``.

    Example::

        from streams_window.errors import WindowClauseError

        try:
            sw.parse_window("sliding, cnt(3)")
        except WindowClauseError as error:
            print(error.token, error.position)  # cnt 9
    """

    def __init__(
        self,
        message: str,
        *,
        clause: str | None = None,
        token: str | None = None,
        position: int | None = None,
        java_class: str | None = None,
        java_message: str | None = None,
    ) -> None:
        super().__init__(message, java_class=java_class, java_message=java_message)
        self.clause = clause
        self.token = token
        self.position = position


class OperatorError(StreamsWindowError, RuntimeError):
    """A Java operator that failed: in its dry run on the driver, or while Spark ran it.

    The message's first line is the cause (the operator's own exception, or what was wrong with
    the input, such as a null in a column); the second names the operator, the window clause and,
    when the failure happened inside one partition, the partition key.

    Attributes:
        operator: the operator's class name (``None`` if it could not be read).
        window: the window clause (``None`` if it could not be read).
        key: the partition key as Java prints it, e.g. ``[a]``, or ``None``.
        cause_class: the class name of the innermost Java exception, the operator's own.
        cause_message: that exception's message.

    Example::

        from streams_window.errors import OperatorError

        failing = sw.run_operator(df, "io.streamswindow.examples.FailingOperator",
                                  window="tumbling, count(4)", output_schema="total double",
                                  params={"failAt": 3})
        try:
            failing.collect()
        except OperatorError as error:
            print(error.cause_message)  # FailingOperator fails on tuple 3 as configured
    """

    def __init__(
        self,
        message: str,
        *,
        operator: str | None = None,
        window: str | None = None,
        key: str | None = None,
        cause_class: str | None = None,
        cause_message: str | None = None,
        java_class: str | None = None,
        java_message: str | None = None,
    ) -> None:
        super().__init__(message, java_class=java_class, java_message=java_message)
        self.operator = operator
        self.window = window
        self.key = key
        self.cause_class = cause_class
        self.cause_message = cause_message


def _recast(error: OperatorError, cls: type[OperatorError]) -> OperatorError:
    """``error``'s facts in an instance of ``cls``, a subclass that is also a PySpark exception."""
    return cls(
        error.message,
        operator=error.operator,
        window=error.window,
        key=error.key,
        cause_class=error.cause_class,
        cause_message=error.cause_message,
        java_class=error.java_class,
        java_message=error.java_message,
    )


def translate(error: BaseException) -> StreamsWindowError | None:
    """Return the streams-window error behind a Spark or Py4J exception, or ``None``.

    Since importing ``streams_window`` converts failures as PySpark raises them, this is needed
    only for an exception converted elsewhere: one raised before the import, or caught from a
    session whose conversion was replaced after it. Looks through the Java cause chain of
    ``error`` (a ``py4j.protocol.Py4JJavaError`` or a PySpark captured exception) for
    streams-window's Java exceptions; see the module's table. A :class:`StreamsWindowError` is
    returned as it is. Anything else gives ``None``.

    Example::

        from streams_window.errors import translate

        try:
            query.processAllAvailable()
        except Exception as error:
            raise (translate(error) or error) from error
    """
    from streams_window import _connect_errors, _conversion

    return _conversion.from_error(error, arguments=True) or _connect_errors.from_exception(error)


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


@contextmanager
def _calling_java(what: str) -> Iterator[None]:
    """For the facade's own Py4J calls: no Java error passes raw.

    Java's ``IllegalArgumentException`` from our entry points becomes an :class:`ArgumentError`;
    a Java failure that is none of ours becomes a plain :class:`StreamsWindowError` naming
    ``what`` was being done and the Java exception.
    """
    from streams_window import _conversion

    try:
        yield
    except StreamsWindowError:
        raise
    except Exception as error:
        ours = _conversion.from_error(error, arguments=True)
        if ours is None:
            if not _conversion.came_through_py4j(error):
                raise  # a Python error of our own making: not the JVM's
            java_class, java_message = _conversion.java_class_and_message(error)
            ours = StreamsWindowError(
                f"{what} failed in the JVM: {java_class}: {java_message}",
                java_class=java_class,
                java_message=java_message,
            )
        raise ours from error
