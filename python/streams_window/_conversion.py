"""How Java failures become streams-window's Python exceptions.

A failure that comes through Py4J carries a handle on its Java exception. This module reads the
handle's cause chain, finds streams-window's Java exceptions in it and builds the matching
:mod:`streams_window.errors` class from their getters. When no Java object is at hand (a
``foreachBatch`` function's failure reaches the JVM as the Python traceback's text, and a task's
exception from another executor may arrive as text too), the text is read instead.

:func:`install` puts this conversion in front of PySpark's own, so that actions raise our
exceptions without the user wrapping anything. PySpark converts a Java exception in one place,
``pyspark.errors.exceptions.captured.convert_exception`` (private, but the one function every
Py4J call's failure goes through); the converter asks us first and falls back on PySpark's
conversion for every failure that is not ours.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from streams_window.errors import (
    ArgumentError,
    OperatorError,
    StreamsWindowError,
    WindowClauseError,
)

OPERATOR_EXCEPTION = "io.streamswindow.spark.WindowedOperatorException"
CLAUSE_EXCEPTION = "io.streamswindow.clause.WindowClauseException"
ARGUMENT_EXCEPTION = "java.lang.IllegalArgumentException"
STREAMING_QUERY_EXCEPTION = "org.apache.spark.sql.streaming.StreamingQueryException"
ANALYSIS_EXCEPTION = "org.apache.spark.sql.AnalysisException"

# How deep a Java cause chain is followed; real chains are a handful long, and a cycle must end.
_MAX_CHAIN = 32

# WindowedOperatorException's message, as Spark prints it into a failed job's text (after the
# class name) or a failed query's ("... Reason: Operator ..."):
#   Operator <class> (window "<clause>") failed[ for key <key>]: <cause class>: <cause message>
_JAVA_TEXT = re.compile(
    r'Operator (?P<operator>\S+) \(window "(?P<window>[^"]*)"\)'
    r" failed(?: for key (?P<key>.*?))?: (?P<cause>[^\n]*)"
)
# An OperatorError's own text (see operator_error), as a traceback printed from a foreachBatch
# function shows it: "streams_window.<module>.<Class>OperatorError: <cause>" then the second line.
_PYTHON_TEXT = re.compile(
    r"streams_window\.[\w.]*OperatorError: (?P<cause>[^\n]*)\n"
    r'  in operator (?P<operator>\S+), window "(?P<window>[^"]*)"(?:, key (?P<key>[^\n]*))?'
)
_SQL_STATE = re.compile(r" SQLSTATE: \w+$")
# What Spark says when a query's output mode is not the one flatMapGroupsWithState declares.
_OUTPUT_MODE_TEXT = re.compile(
    r"flatMapGroupsWithState in append mode is not supported with (?P<mode>\w+) output mode"
)
# Columns of our plan's packed rows: their presence in Spark's plan text tells it is ours.
_OUR_PLAN_MARK = "__streams_window_tuples"
# What Spark says when a restarted query's stateful operator is not the one its checkpoint
# holds; between our two state layouts, flatMapGroupsWithState and transformWithStateExec.
_OPERATOR_MISMATCH = "STREAMING_STATEFUL_OPERATOR_NOT_MATCH_IN_STATE_METADATA"
_SAVED_OPERATOR = re.compile(
    r"Stateful operators in the metadata: \[\(OperatorId: \d+ -> OperatorName: (\w+)\)"
)
_LAYOUT_OF_OPERATOR = {
    "flatMapGroupsWithState": (
        "single-value",
        "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider (or any"
        " store but RocksDB)",
    ),
    "transformWithStateExec": (
        "chunked",
        "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider",
    ),
}

# What Spark says when a restarted query's stateful operator is grouped by a key of other column
# types (or another number of columns) than the state its checkpoint holds: it checks that before
# the first micro-batch runs, so none of our code sees the state (docs/reliability.md, "Restarts
# that change the query"). The message (and the parameters storedKeySchema and newKeySchema)
# prints each key schema as StructType's toString.
_KEY_SCHEMA_MISMATCH = "STATE_STORE_KEY_SCHEMA_NOT_COMPATIBLE"
_KEY_SCHEMAS = re.compile(
    r"Existing key_schema=(?P<saved>StructType\(.*\))"
    r" and new key_schema=(?P<now>StructType\(.*\))\.$",
    re.MULTILINE,
)
# The key columns of our packed rows on a stream (PackedRows.keyColumns): the partition_by
# columns, or the group column of a window that is not partitioned, then the definition column.
_DEFINITION_COLUMN = "__streams_window_definition"
_GROUP_COLUMN = "__streams_window_group"
# Spark's type names as StructType prints them, in the DDL a user writes.
_DDL_TYPES = {
    "StringType": "string",
    "LongType": "bigint",
    "IntegerType": "int",
    "ShortType": "smallint",
    "ByteType": "tinyint",
    "BooleanType": "boolean",
    "DoubleType": "double",
    "FloatType": "float",
    "TimestampType": "timestamp",
    "TimestampNTZType": "timestamp_ntz",
    "DateType": "date",
    "BinaryType": "binary",
}


@dataclass(frozen=True)
class JavaThrowable:
    """What is read of one Java exception of a cause chain (read once; each read is a Py4J call)."""

    names: tuple[str, ...]  # its class, then its superclasses
    message: str | None
    handle: Any  # the py4j JavaObject

    @property
    def java_class(self) -> str:
        return self.names[0]


def from_error(error: BaseException, *, arguments: bool) -> StreamsWindowError | None:
    """The streams-window error behind ``error``, or ``None`` when it is not ours.

    ``arguments``: whether a Java ``IllegalArgumentException`` counts as ours, which it does only
    for the facade's own calls into the JVM.
    """
    if isinstance(error, StreamsWindowError):
        return error
    # PySpark's captured exceptions convert their Java cause when they are made (through the
    # conversion install() wraps), keeping it in _cause: query.exception() holds ours there.
    converted_cause = getattr(error, "_cause", None)
    if isinstance(converted_cause, StreamsWindowError):
        return converted_cause
    handle = java_handle(error)
    if handle is not None:
        return from_java(handle, arguments=arguments)
    return from_text(str(error)) if came_through_py4j(error) else None


def from_java(handle: Any, *, arguments: bool) -> StreamsWindowError | None:
    """The streams-window error a Java exception (a Py4J handle) stands for, or ``None``."""
    chain = java_chain(handle)
    if not chain:
        return None
    ours = _from_chain(chain, arguments=arguments)
    if ours is None:
        ours = next(filter(None, (from_text(link.message or "") for link in chain)), None)
    if ours is not None and STREAMING_QUERY_EXCEPTION in chain[0].names:
        from streams_window import _captured

        return _captured.streaming(ours, chain[0].handle)
    return ours


def from_text(text: str) -> OperatorError | None:
    """An :class:`OperatorError` read from a failure's text, or ``None`` when it names none.

    The last mention wins: in a traceback, the innermost failure is printed last.
    """
    found = [*_JAVA_TEXT.finditer(text), *_PYTHON_TEXT.finditer(text)]
    if not found:
        return None
    match = max(found, key=lambda m: m.start())
    # Spark ends the message of an error with a condition by its SQL state.
    cause = _SQL_STATE.sub("", match["cause"])
    cause_class, _, cause_message = cause.partition(": ")
    return operator_error(
        operator=match["operator"],
        window=match["window"],
        key=match["key"],
        cause_class=cause_class or None,
        cause_message=cause_message or None,
        java_class=OPERATOR_EXCEPTION,
        java_message=None,
    )


def operator_error(
    *,
    operator: str | None,
    window: str | None,
    key: str | None,
    cause_class: str | None,
    cause_message: str | None,
    java_class: str | None,
    java_message: str | None,
) -> OperatorError:
    """An :class:`OperatorError` whose first line is the cause and whose second says where."""
    cause = cause_class or "the operator failed"
    if cause_message:
        cause = f"{cause}: {cause_message.splitlines()[0]}"
    where = f'  in operator {operator}, window "{window}"'
    if key is not None:
        where += f", key {key}"
    return OperatorError(
        f"{cause}\n{where}",
        operator=operator,
        window=window,
        key=key,
        cause_class=cause_class,
        cause_message=cause_message,
        java_class=java_class,
        java_message=java_message,
    )


def _from_chain(chain: list[JavaThrowable], *, arguments: bool) -> StreamsWindowError | None:
    for link in chain:
        if OPERATOR_EXCEPTION in link.names:
            return _operator_error(link)
    for link in chain:
        if CLAUSE_EXCEPTION in link.names:
            return _clause_error(link)
    top = chain[0]
    if STREAMING_QUERY_EXCEPTION in top.names and _OUR_PLAN_MARK in (top.message or ""):
        layout = _state_layout_error(top)
        if layout is not None:
            from streams_window import _captured

            return _captured.state_layout(layout, top.handle)
    if STREAMING_QUERY_EXCEPTION in top.names:
        for link in chain:
            key = key_schema_error(link.message or "", {}, java_class=top.java_class)
            if key is not None:
                from streams_window import _captured

                return _captured.restart(key, top.handle)
    if ANALYSIS_EXCEPTION in top.names and _OUR_PLAN_MARK in (top.message or ""):
        mode = _OUTPUT_MODE_TEXT.search(top.message or "")
        if mode is not None:
            from streams_window import _captured

            return _captured.output_mode(_output_mode_error(mode["mode"], top), top.handle)
    if arguments:
        for link in chain:
            if ARGUMENT_EXCEPTION in link.names:
                message = link.message or link.java_class
                return ArgumentError(message, java_class=link.java_class, java_message=link.message)
    return None


def _operator_error(link: JavaThrowable) -> OperatorError:
    handle = link.handle
    key = handle.key()
    cause_message = handle.causeMessage()
    return operator_error(
        operator=str(handle.operatorClass()),
        window=str(handle.window()),
        key=None if key is None else str(key),
        cause_class=str(handle.causeClassName()),
        cause_message=None if cause_message is None else str(cause_message),
        java_class=link.java_class,
        java_message=link.message,
    )


def _clause_error(link: JavaThrowable) -> WindowClauseError:
    handle = link.handle
    message = link.message or link.java_class
    return WindowClauseError(
        message,
        clause=str(handle.getClause()),
        token=str(handle.getToken()),
        position=int(handle.getPosition()),
        java_class=link.java_class,
        java_message=link.message,
    )


def _state_layout_error(link: JavaThrowable) -> ArgumentError | None:
    """A restart refused because the checkpoint holds the other state layout, or ``None``."""
    message = link.message or ""
    saved = _SAVED_OPERATOR.search(message)
    if _OPERATOR_MISMATCH not in message or saved is None or saved[1] not in _LAYOUT_OF_OPERATOR:
        return None
    layout, store = _LAYOUT_OF_OPERATOR[saved[1]]
    return ArgumentError(
        f"This query's checkpoint holds streams-window's {layout} state layout, and the session's"
        " state store gives the other one (docs/architecture.md, 'State layout'). To restart"
        " from this checkpoint, set spark.sql.streaming.stateStore.providerClass to"
        f" {store} before calling run_operator or aggregate; or give the query a new"
        " checkpointLocation to start afresh with the session's layout.",
        java_class=link.java_class,
        java_message=message.split("\n", 1)[0],
    )


def key_schema_error(
    message: str, parameters: dict[str, str], *, java_class: str
) -> ArgumentError | None:
    """A restart refused because ``partition_by`` changed the key's columns, or ``None``.

    Spark refuses it (``STATE_STORE_KEY_SCHEMA_NOT_COMPATIBLE``) before the query's first
    micro-batch, so the definition record never runs: this names ``partition_by`` then and now,
    read from the two key schemas Spark's message (or its ``parameters``) holds. ``None`` when
    the message is another, or either key is not one of our plans' (the query's state or its new
    definition is not streams-window's).
    """
    if _KEY_SCHEMA_MISMATCH not in message:
        return None
    saved_text = parameters.get("storedKeySchema")
    now_text = parameters.get("newKeySchema")
    if saved_text is None or now_text is None:
        found = _KEY_SCHEMAS.search(message)
        if found is None:
            return None
        saved_text, now_text = found["saved"], found["now"]
    saved, now = _key_columns(saved_text), _key_columns(now_text)
    if saved is None or now is None:
        return None
    saved_names, now_names = [n for n, _ in saved], [n for n, _ in now]
    if saved_names != now_names:
        change = (
            f'partition_by: "{_listed(saved_names)}" in the checkpoint,'
            f' "{_listed(now_names)}" now'
        )
    else:
        change = (
            f"partition_by {_listed(now_names)}, the types of its columns (from the input"
            f' schema): "{_listed([t for _, t in saved])}" in the checkpoint,'
            f' "{_listed([t for _, t in now])}" now'
        )
    return ArgumentError(
        "This query's checkpoint was written for another query definition (the key its state is"
        f" grouped by, which Spark checks before the first micro-batch runs): {change}. Saved"
        " windows are read only by the definition that wrote them: restart with that definition,"
        " or give the query a new checkpointLocation so that its windows start empty.",
        java_class=java_class,
        java_message=message.split("\n", 1)[0],
    )


def _listed(values: list[str]) -> str:
    """A list as the other restart messages print one (Java's ``List.toString``): ``[a, b]``."""
    return "[" + ", ".join(values) + "]"


def _key_columns(schema: str) -> list[tuple[str, str]] | None:
    """The partition_by columns (name, DDL type) of one of our streams' state keys, from the key
    schema as Spark prints it; ``None`` when it is not such a key or does not read."""
    fields = _struct_fields(schema)
    if not fields or fields[-1] != (_DEFINITION_COLUMN, "boolean"):
        return None
    columns = fields[:-1]
    if [name for name, _ in columns] == [_GROUP_COLUMN]:
        return []  # a window that is not partitioned
    return columns


def _struct_fields(text: str) -> list[tuple[str, str]] | None:
    """The fields (name, DDL type) of ``StructType(StructField(key,StringType,true),...)``, the
    text of StructType's toString; ``None`` when it does not read so. A field ends where its
    parentheses balance; before its nullability comes its type, a type name with any
    parenthesised parameters (``DecimalType(10,2)``, nested fields), and all before that is its
    name, commas included. A name with unbalanced parentheses does not read."""
    prefix, field_prefix = "StructType(", "StructField("
    if not text.startswith(prefix) or not text.endswith(")"):
        return None
    body = text[len(prefix) : -1]
    fields: list[tuple[str, str]] = []
    at = 0
    while at < len(body):
        if fields:
            if body[at] != ",":
                return None
            at += 1
        if not body.startswith(field_prefix, at):
            return None
        start = end = at + len(field_prefix)
        depth = 1
        while end < len(body) and depth:
            depth += {"(": 1, ")": -1}.get(body[end], 0)
            end += 1
        if depth:
            return None
        head, comma, nullable = body[start : end - 1].rpartition(",")
        data_type = _trailing_type(head)
        if not comma or nullable not in ("true", "false") or data_type is None:
            return None
        fields.append((head[: -len(data_type) - 1], _ddl_type(data_type)))
        at = end
    return fields


def _trailing_type(head: str) -> str | None:
    """The type name (with its parenthesised parameters) that ends ``name,Type``, or ``None``."""
    cut = len(head)
    if head.endswith(")"):
        depth = 0
        for cut in range(len(head) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(head[cut], 0)
            if depth == 0:
                break
        if depth:
            return None
    name = re.search(r"[A-Za-z]\w*$", head[:cut])
    if name is None or name.start() == 0 or head[name.start() - 1] != ",":
        return None
    return head[name.start() :]


def _ddl_type(spark_type: str) -> str:
    """A type as StructType prints it (``LongType``) in DDL (``bigint``); others as printed."""
    decimal = re.fullmatch(r"DecimalType\((\d+),(\d+)\)", spark_type)
    if decimal is not None:
        return f"decimal({decimal[1]},{decimal[2]})"
    return _DDL_TYPES.get(spark_type, spark_type)


def _output_mode_error(mode: str, link: JavaThrowable) -> ArgumentError:
    return ArgumentError(
        f"streams-window results are append-only: start the query in append output mode"
        f" (.outputMode('append'), the default), not {mode.lower()}. Each tuple an operator"
        " submits is a final row, never updated later, so append gives every row once;"
        " Spark's flatMapGroupsWithState, which runs the windows, accepts one mode only.",
        java_class=link.java_class,
        java_message=(link.message or "").split("\n", 1)[0],
    )


def came_through_py4j(error: BaseException) -> bool:
    """Whether an exception was raised by a call into the JVM (Py4J's own, or PySpark's)."""
    try:
        from py4j.protocol import Py4JError
        from pyspark.errors.exceptions.captured import CapturedException
    except ImportError:  # pragma: no cover - both are there whenever a JVM is
        return False
    return isinstance(error, (Py4JError, CapturedException))


def java_handle(error: BaseException) -> Any:
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


def java_class_and_message(error: BaseException) -> tuple[str, str | None]:
    """The Java class and message of the exception behind ``error``, or Python's when none."""
    chain = java_chain(java_handle(error))
    if chain:
        return chain[0].java_class, chain[0].message
    return type(error).__name__, str(error)


def java_chain(handle: Any) -> list[JavaThrowable]:
    chain: list[JavaThrowable] = []
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


def _read_throwable(handle: Any) -> JavaThrowable:
    names = []
    java_type = handle.getClass()
    while java_type is not None:
        names.append(java_type.getName())
        java_type = java_type.getSuperclass()
    message = handle.getMessage()
    return JavaThrowable(tuple(names), None if message is None else str(message), handle)


# While a thread converts, the Py4J calls it makes (and PySpark's conversion of each cause) come
# through the same function; those are left to PySpark instead of being read again.
_converting = threading.local()


def install() -> None:
    """Put streams-window's conversion in front of PySpark's (once per process; idempotent).

    Does nothing without PySpark's classic conversion module (no pyspark installed, or a future
    PySpark that moved it); the facade's own calls convert their errors either way, and
    :func:`streams_window.errors.translate` remains.
    """
    try:
        from pyspark.errors.exceptions import captured
    except ImportError:
        return
    original: Callable[[Any], Any] | None = getattr(captured, "convert_exception", None)
    if original is None or getattr(original, "streams_window", False):
        return

    @functools.wraps(original)
    def convert_exception(java_exception: Any) -> Any:
        if getattr(_converting, "active", False):
            return original(java_exception)
        # Also while PySpark's conversion runs: it converts each cause again, and the chain was
        # read once already.
        _converting.active = True
        try:
            try:
                ours = from_java(java_exception, arguments=False)
            except Exception:  # noqa: BLE001 - never let our reading hide Spark's own error
                ours = None
            return ours if ours is not None else original(java_exception)
        finally:
            _converting.active = False

    convert_exception.streams_window = True  # type: ignore[attr-defined]
    setattr(captured, "convert_exception", convert_exception)  # noqa: B010 - typed as PySpark's
