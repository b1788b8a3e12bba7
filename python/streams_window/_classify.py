"""The classifier: which streams-window error a Java cause chain stands for.

One function, :func:`classify`: a cause chain in (a list of :class:`Link`, outermost first, as
either transport reads it: ``_jvm`` from a Py4J handle, ``_connect`` from the Connect client's
error), streams-window's error or ``None`` out, the same way on both session kinds. It reads, in
this order:

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
     whose ``cause_class`` and ``cause_message`` are that exception's;

2. Spark's own refusals of a plan or a restart of ours, which carry no condition of ours and are
   recognised by what Spark says (the output mode ``flatMapGroupsWithState`` refuses, the state
   layout ``STREAMING_STATEFUL_OPERATOR_NOT_MATCH_IN_STATE_METADATA``, the key schema
   ``STATE_STORE_KEY_SCHEMA_NOT_COMPATIBLE``, a Connect server without our plugin);

3. the one place our own text is read: a failure that reached us as text only, with no Java
   exception object to read conditions from. A ``foreachBatch`` function's failure crosses a
   Python worker, so the JVM keeps only the Python traceback's text (our
   ``OperatorError``'s two lines); a Connect query's ``exception()`` and a Py4J failure whose
   Java object did not reach the driver give only the Java message's text. See
   :func:`_from_text`.

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

OPERATOR_EXCEPTION = "io.streamswindow.spark.errors.WindowedOperatorException"
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
    return _spark_refusal(chain) or next(
        filter(None, (_from_text(link.message) for link in chain)), None
    )


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

# What Spark says when a restarted query's stateful operator is not the one its checkpoint
# holds; between our two state layouts, flatMapGroupsWithState and transformWithStateExec.
_OPERATOR_MISMATCH = "STREAMING_STATEFUL_OPERATOR_NOT_MATCH_IN_STATE_METADATA"
_SAVED_OPERATOR = re.compile(
    r"Stateful operators in the metadata: \[\(OperatorId: \d+ -> OperatorName: (\w+)\)"
)
# What Spark 4 says when the chunked layout's operator (transformWithStateExec) restarts from a
# checkpoint without the operator metadata it writes: one that flatMapGroupsWithState wrote on
# Spark 3.5, where the single-value layout is the only one, and which RocksDB on Spark 4 would
# give the chunked layout (docs/decisions.md, "The layout is recorded with the checkpoint").
_NO_OPERATOR_METADATA = "STDS_FAILED_TO_READ_OPERATOR_METADATA"
# The chunked layout's operator as the plan printed with a failed query names it.
_CHUNKED_PLAN_OPERATOR = "TransformWithState "
# Each layout's stateful operator, and what the setting that keeps it needs beside it.
_LAYOUT_OF_OPERATOR = {
    "flatMapGroupsWithState": ("single-value", " (on any state store)"),
    "transformWithStateExec": (
        "chunked",
        ", with spark.sql.streaming.stateStore.providerClass set to"
        " org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider, which it"
        " needs,",
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
# Spark 3.5 says the same with another exception and text, both key schemas on lines of their own.
_KEY_SCHEMA_MISMATCH_3_5 = "Provided schema doesn't match to the schema for existing state"
_KEY_SCHEMAS_3_5 = re.compile(
    r"^- Provided key schema: (?P<now>StructType\(.*\))\n"
    r"- Existing key schema: (?P<saved>StructType\(.*\))$",
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


def _spark_refusal(chain: Sequence[Link]) -> StreamsWindowError | None:
    """Spark's refusal of one of our plans or restarts, in our words; ``None`` for any other."""
    if not chain:
        return None
    top = chain[0]
    if STREAMING_QUERY_EXCEPTION in top.names:
        if _OUR_PLAN_MARK in top.message:
            layout = _state_layout_error(chain)
            if layout is not None:
                return layout
        for link in chain:
            key = key_schema_error(link.message, link.parameters, java_class=top.java_class)
            if key is not None:
                return key
    if ANALYSIS_EXCEPTION in top.names and _OUR_PLAN_MARK in top.message:
        mode = _OUTPUT_MODE_TEXT.search(top.message)
        if mode is not None:
            return _output_mode_error(mode["mode"], top)
    for link in chain:
        if _NO_HANDLER in link.message and "streams_window" in link.message:
            return _no_plugin_error()
    return None


def _state_layout_error(chain: Sequence[Link]) -> ArgumentError | None:
    """A restart refused because the checkpoint holds the other state layout, or ``None``: the
    top of ``chain`` is the failed query, whose message holds its plan."""
    link = chain[0]
    saved = _SAVED_OPERATOR.search(link.message)
    if _OPERATOR_MISMATCH in link.message and saved is not None and saved[1] in _LAYOUT_OF_OPERATOR:
        return _layout_refusal(saved[1], link, _OPERATOR_MISMATCH, {})
    if _CHUNKED_PLAN_OPERATOR not in link.message:
        return None
    # Spark's own exception, with its parameters; else its condition in the text around it.
    refused = next((cause for cause in chain if cause.condition == _NO_OPERATOR_METADATA), None)
    if refused is None and not any(f"[{_NO_OPERATOR_METADATA}]" in c.message for c in chain):
        return None
    parameters = {} if refused is None else refused.parameters
    return _layout_refusal("flatMapGroupsWithState", link, _NO_OPERATOR_METADATA, parameters)


def _layout_refusal(
    operator: str, link: Link, condition: str, parameters: Mapping[str, str]
) -> ArgumentError:
    """The refusal of a restart whose checkpoint holds the layout of ``operator``."""
    layout, store = _LAYOUT_OF_OPERATOR[operator]
    return ArgumentError(
        f"This query's checkpoint holds streams-window's {layout} state layout, and the session's"
        " settings give the other one (docs/architecture.md, 'State layout'). To restart from"
        f" this checkpoint, set spark.streamswindow.stateLayout to {layout}{store} before calling"
        " run_operator or aggregate; or give the query a new checkpointLocation to start afresh"
        " with the session's layout.",
        java_class=link.java_class,
        java_message=link.first_line(),
        condition=condition,
        parameters=dict(parameters),
    )


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


def key_schema_error(
    message: str, parameters: Mapping[str, str], *, java_class: str | None
) -> ArgumentError | None:
    """A restart refused because ``partition_by`` changed the key's columns, or ``None``.

    Spark refuses it (``STATE_STORE_KEY_SCHEMA_NOT_COMPATIBLE``; Spark 3.5 with a
    ``StateSchemaNotCompatible`` whose text lists both key schemas, reported under the same
    condition here) before the query's first micro-batch reads any state, so the definition
    record never runs: this names ``partition_by`` then and now,
    read from the two key schemas Spark's message (or its ``parameters``) holds. ``None`` when
    the message is another, or either key is not one of our plans' (the query's state or its new
    definition is not streams-window's).
    """
    if _KEY_SCHEMA_MISMATCH in message:
        saved_text = parameters.get("storedKeySchema")
        now_text = parameters.get("newKeySchema")
        found = _KEY_SCHEMAS.search(message)
    elif _KEY_SCHEMA_MISMATCH_3_5 in message:  # Spark 3.5
        saved_text = now_text = None
        found = _KEY_SCHEMAS_3_5.search(message)
    else:
        return None
    if saved_text is None or now_text is None:
        if found is None:
            return None
        saved_text, now_text = found["saved"], found["now"]
    saved, now = _key_columns(saved_text), _key_columns(now_text)
    if saved is None or now is None:
        return None
    saved_names, now_names = [n for n, _ in saved], [n for n, _ in now]
    if saved_names != now_names:
        change = (
            f'partition_by: "{_listed(saved_names)}" in the checkpoint, "{_listed(now_names)}" now'
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
        condition=_KEY_SCHEMA_MISMATCH,
        parameters=parameters,
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


# --- the one place our own text is read ---------------------------------------------------------

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


def _from_text(text: str) -> OperatorError | None:
    """An :class:`OperatorError` read from a failure's text, or ``None`` when it names none.

    Read only when no link of the chain has a condition of ours, that is when the failure
    reached us as text: a ``foreachBatch`` function's failure (the JVM keeps only the Python
    traceback's text), a Connect query's ``exception()`` (the server sends its text only), a
    Py4J failure whose Java object did not reach the driver. The last mention wins: in a
    traceback, the innermost failure is printed last.
    """
    found = [*_JAVA_TEXT.finditer(text), *_PYTHON_TEXT.finditer(text)]
    if not found:
        return None
    match = max(found, key=lambda m: m.start())
    # Spark ends the message of an error with a condition by its SQL state.
    cause = _SQL_STATE.sub("", match["cause"])
    cause_class, _, cause_message = cause.partition(": ")
    return _operator_error(
        operator=match["operator"],
        window=match["window"],
        key=match["key"],
        cause_class=cause_class or None,
        cause_message=cause_message or None,
        java_class=OPERATOR_EXCEPTION,
        java_message=None,
    )
