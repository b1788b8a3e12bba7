"""The exceptions streams-window raises, and the translation of Java failures into them.

The classes form two layers, as in Delta Lake's Python package:

* :class:`StreamsWindowError` and its subclasses need no JVM: code can import and catch them
  without Spark running. Each carries ``java_class`` and ``java_message`` when a Java exception
  caused it (``None`` otherwise).
* :func:`translate` and :func:`translated` map a failure raised through Py4J (a
  ``py4j.protocol.Py4JJavaError``, or one of PySpark's captured exceptions such as
  ``pyspark.errors.exceptions.captured.StreamingQueryException``) to those classes by looking
  for streams-window's Java exceptions in the Java cause chain.

Which Java exception becomes which Python one (the first match wins, in this order):

============================================================  ======================
Java exception in the cause chain                              Python exception
============================================================  ======================
``io.streamswindow.spark.WindowedOperatorException``           :class:`OperatorError`
``io.streamswindow.clause.WindowClauseException``              :class:`WindowClauseError`
``java.lang.IllegalArgumentException``                         :class:`ArgumentError`
============================================================  ======================

Functions of this package (:func:`streams_window.run_operator`,
:func:`streams_window.parse_window`, ...) raise only these classes. An operator that fails while
Spark runs the query fails an *action* instead (``collect()``, ``write``, a streaming query's
``processAllAvailable()``): Spark raises its own exception there. Wrap the action in
:func:`translated` to get an :class:`OperatorError`, or call :func:`translate` on what you
caught.

Example::

    import streams_window as sw
    from streams_window.errors import OperatorError, translated

    out = sw.run_operator(df, "com.acme.VSum", window="tumbling, count(4)",
                          params={"attr": "cost"}, output_schema="total double")
    try:
        with translated():
            rows = out.collect()
    except OperatorError as error:
        print(error.operator, error.window, error.cause_class, error.cause_message)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ArgumentError",
    "OperatorError",
    "StreamsWindowError",
    "WindowClauseError",
    "translate",
    "translated",
]

OPERATOR_EXCEPTION = "io.streamswindow.spark.WindowedOperatorException"
CLAUSE_EXCEPTION = "io.streamswindow.clause.WindowClauseException"
ARGUMENT_EXCEPTION = "java.lang.IllegalArgumentException"

# WindowedOperatorException's message:
#   Operator <class> (window "<clause>") failed[ for key <key>]: <cause class>: <cause message>
_OPERATOR_MESSAGE = re.compile(
    r'^Operator (?P<operator>\S+) \(window "(?P<window>[^"]*)"\) failed'
    r"(?: for key (?P<key>.*?))?: (?P<cause>.*)$",
    re.DOTALL,
)

# How deep a Java cause chain is followed; real chains are a handful long, and a cycle must end.
_MAX_CHAIN = 32


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
    ``Operator``, an output schema that Spark cannot read, a missing or bad operator parameter,
    a partitioned window without ``partition_by``. It is a ``ValueError``, like the errors the
    facade raises itself for bad arguments.

    Example::

        from streams_window.errors import ArgumentError

        try:
            sw.run_operator(df, "com.acme.Missing", window="tumbling, count(4)",
                            output_schema="total double")
        except ArgumentError as error:
            print(error)  # Operator class com.acme.Missing was not found: add the jar ...
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

    The message names the operator class, the window clause, the partition key when the
    failure happened inside one partition, and the cause (the operator's own exception).

    Attributes:
        operator: the operator's class name (``None`` if it could not be read).
        window: the window clause (``None`` if it could not be read).
        key: the partition key as Java prints it, e.g. ``[a]``, or ``None``.
        cause_class: the class name of the innermost Java exception, the operator's own.
        cause_message: that exception's message.

    Example::

        from streams_window.errors import OperatorError, translated

        try:
            with translated():
                sw.run_operator(df, "io.streamswindow.examples.FailingOperator",
                                window="tumbling, count(4)", output_schema="total double",
                                params={"failAt": 3}).collect()
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


@dataclass(frozen=True)
class _JavaThrowable:
    """What is read of one Java exception of a cause chain (read once; each read is a Py4J call)."""

    names: tuple[str, ...]  # its class, then its superclasses
    message: str | None
    handle: Any  # the py4j JavaObject

    @property
    def java_class(self) -> str:
        return self.names[0]


def translate(error: BaseException) -> StreamsWindowError | None:
    """Return the streams-window error behind a Spark or Py4J exception, or ``None``.

    Looks through the Java cause chain of ``error`` (a ``py4j.protocol.Py4JJavaError``, or a
    PySpark captured exception such as ``StreamingQueryException`` or
    ``IllegalArgumentException``) for streams-window's Java exceptions; see the module's table.
    A :class:`StreamsWindowError` is returned as it is. Anything else gives ``None``.

    Example::

        from streams_window.errors import translate

        try:
            query.processAllAvailable()
        except Exception as error:
            raise (translate(error) or error) from error
    """
    if isinstance(error, StreamsWindowError):
        return error
    chain = _java_chain(error)
    if chain:
        return _from_chain(chain)
    return _from_text(str(error)) if _came_through_py4j(error) else None


@contextmanager
def translated() -> Iterator[None]:
    """Re-raise failures of a Spark action as streams-window errors where one is the cause.

    Inside the ``with`` block, an exception whose Java cause chain holds a streams-window
    exception is re-raised as the matching :class:`StreamsWindowError` (chained to the
    original, ``raise ... from``); every other exception passes through unchanged.

    Example::

        from streams_window.errors import translated

        with translated():
            rows = out.collect()  # an operator failure raises OperatorError here
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
    """Like :func:`translated`, for the facade's own Py4J calls: no Java error passes raw.

    A Java failure that is none of ours becomes a plain :class:`StreamsWindowError` naming
    ``what`` was being done and the Java exception.
    """
    try:
        yield
    except StreamsWindowError:
        raise
    except Exception as error:
        ours = translate(error)
        if ours is None:
            chain = _java_chain(error)
            if not chain and not _came_through_py4j(error):
                raise  # a Python error of our own making: not the JVM's
            java_class = chain[0].java_class if chain else type(error).__name__
            java_message = chain[0].message if chain else str(error)
            ours = StreamsWindowError(
                f"{what} failed in the JVM: {java_class}: {java_message}",
                java_class=java_class,
                java_message=java_message,
            )
        raise ours from error


def _came_through_py4j(error: BaseException) -> bool:
    """Whether an exception was raised by a call into the JVM (Py4J's own, or PySpark's)."""
    try:
        from py4j.protocol import Py4JError
        from pyspark.errors.exceptions.captured import CapturedException
    except ImportError:  # pragma: no cover - both are there whenever a JVM is
        return False
    return isinstance(error, (Py4JError, CapturedException))


def _java_handle(error: BaseException) -> Any:
    """The Java exception object behind a Python exception raised through Py4J, or None."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        # Py4JJavaError keeps it in java_exception; PySpark's captured exceptions in _origin
        # (private, but the only handle PySpark 4 keeps; absent for "unknown" exceptions).
        handle = getattr(current, "java_exception", None) or getattr(current, "_origin", None)
        if handle is not None:
            return handle
        # PySpark raises its captured exceptions "from None": the Py4JJavaError stays in
        # __context__.
        current = current.__cause__ or current.__context__
    return None


def _java_chain(error: BaseException) -> list[_JavaThrowable]:
    handle = _java_handle(error)
    chain: list[_JavaThrowable] = []
    try:
        while handle is not None and len(chain) < _MAX_CHAIN:
            chain.append(_read_throwable(handle))
            cause = handle.getCause()
            if cause is None or any(cause.equals(seen.handle) for seen in chain):
                break
            handle = cause
    except Exception:  # noqa: BLE001 - the gateway may be gone; keep what was read
        pass
    return chain


def _read_throwable(handle: Any) -> _JavaThrowable:
    names = []
    java_type = handle.getClass()
    while java_type is not None:
        names.append(java_type.getName())
        java_type = java_type.getSuperclass()
    message = handle.getMessage()
    return _JavaThrowable(tuple(names), None if message is None else str(message), handle)


def _from_chain(chain: list[_JavaThrowable]) -> StreamsWindowError | None:
    root = chain[-1]
    for link in chain:
        if OPERATOR_EXCEPTION in link.names:
            # The operator's own exception is the innermost one.
            inner = root if root is not link else None
            return _operator_error(link.message or "", link.java_class, inner)
    for link in chain:
        if CLAUSE_EXCEPTION in link.names:
            return _clause_error(link)
    for link in chain:
        if ARGUMENT_EXCEPTION in link.names:
            message = link.message or link.java_class
            return ArgumentError(message, java_class=link.java_class, java_message=link.message)
    return None


def _operator_error(message: str, java_class: str, root: _JavaThrowable | None) -> OperatorError:
    parsed = _OPERATOR_MESSAGE.match(message)
    fields = parsed.groupdict() if parsed else {}
    cause_class, cause_message = (root.java_class, root.message) if root else (None, None)
    if cause_class is None and fields.get("cause"):
        # No cause object (it could not be deserialized on the driver): the message names it.
        cause_class, _, cause_message = fields["cause"].partition(": ")
    return OperatorError(
        message,
        operator=fields.get("operator"),
        window=fields.get("window"),
        key=fields.get("key"),
        cause_class=cause_class,
        cause_message=cause_message,
        java_class=java_class,
        java_message=message,
    )


def _clause_error(link: _JavaThrowable) -> WindowClauseError:
    clause: str | None
    token: str | None
    position: int | None
    try:
        clause, token, position = (
            str(link.handle.getClause()),
            str(link.handle.getToken()),
            int(link.handle.getPosition()),
        )
    except Exception:  # noqa: BLE001 - an older jar or a closed gateway: the message remains
        clause = token = None
        position = None
    message = link.message or link.java_class
    return WindowClauseError(
        message,
        clause=clause,
        token=token,
        position=position,
        java_class=link.java_class,
        java_message=link.message,
    )


def _from_text(text: str) -> StreamsWindowError | None:
    """Finds a WindowedOperatorException in an error's text when no Java object is at hand.

    Spark prints a failed task's exception into the job's error message ("... executor 1):
    io.streamswindow.spark.WindowedOperatorException: Operator ..."), so the text still names
    the operator and the cause when the Java exception object did not reach the driver.
    """
    marker = OPERATOR_EXCEPTION + ": "
    start = text.find(marker)
    if start < 0:
        return None
    line = text[start + len(marker) :].split("\n", 1)[0].strip()
    return _operator_error(line, OPERATOR_EXCEPTION, None)
