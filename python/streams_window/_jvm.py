"""The Py4J transport: the facade's calls into the JVM of a classic session, and the reading of
a Java exception's cause chain into :class:`~streams_window._classify.Link` objects.

Every Py4J detail lives here (and PySpark's private handles in ``_pyspark``), so the public
functions only check, pick a transport and call.

Example::

    jdf = _jvm.run_operator(call)                # a DataFrame, on a classic session
    links = _jvm.chain(py4j_error.java_exception)  # [Link(names=(...), message=..., ...), ...]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from streams_window import _pyspark, _spark_version
from streams_window._call import AggregateCall, JoinCall, OperatorCall, SortCall
from streams_window._classify import Link
from streams_window._exceptions import StreamsWindowError

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, SparkSession

ENTRY_PACKAGE = "io.streamswindow.spark"

# How deep a Java cause chain is followed; real chains are a handful long, and a cycle must end.
_MAX_CHAIN = 32


# --- calls --------------------------------------------------------------------------------------


def run_operator(call: OperatorCall) -> DataFrame:
    """``WindowedOperators.runOperator`` over every input port's DataFrame, port 0's first."""
    entry = entry_class(call.spark, "WindowedOperators")
    jdf = entry.runOperator(_java_frames(call), _request(call))
    return _pyspark.classic_dataframe(jdf, call.spark)


def single_instance_run(call: OperatorCall) -> DataFrame:
    """``SingleInstanceRun.run`` over every input port's DataFrame (on the driver)."""
    entry = entry_class(call.spark, "SingleInstanceRun")
    jdf = entry.run(_java_frames(call), _request(call))
    return _pyspark.classic_dataframe(jdf, call.spark)


def _java_frames(call: OperatorCall) -> Any:
    """Every input port's DataFrame, port 0's first, as a Java list."""
    return java_list(call.spark, [_pyspark.java_dataframe(frame) for frame in call.frames])


def _request(call: OperatorCall) -> Any:
    """``OperatorRunRequest.of`` the call's arguments: the request the entry points run, which
    the Connect plugin reads from its message too (``_connect.run_operator``)."""
    spark = call.spark
    return entry_class(spark, "OperatorRunRequest").of(
        java_list(spark, list(call.windows)),
        call.operator_class,
        java_list(spark, call.partition_by),
        java_list(spark, call.order_by),
        java_map(spark, call.params),
        _output_ddl(call),
        java_map(spark, call.options),
    )


def aggregate(call: AggregateCall) -> DataFrame:
    """``Aggregates.aggregate`` over ``call.df``."""
    spark = call.spark
    entry = entry_class(spark, "Aggregates")
    jdf = entry.aggregate(
        _pyspark.java_dataframe(call.df),
        call.window,
        java_list(spark, call.partition_by),
        java_list(spark, call.order_by),
        java_list(spark, call.output),
        java_list(spark, call.group_by),
        java_map(spark, call.options),
    )
    return _pyspark.classic_dataframe(jdf, spark)


def join(call: JoinCall) -> DataFrame:
    """``Joins.join`` over ``call.left`` and ``call.right``."""
    spark = call.spark
    params = jvm(spark).java.util.LinkedHashMap()
    for name, values in call.parameters.items():
        params.put(name, java_list(spark, values))
    jdf = entry_class(spark, "Joins").join(
        _pyspark.java_dataframe(call.left),
        _pyspark.java_dataframe(call.right),
        call.left_window,
        call.right_window,
        java_list(spark, call.order_by),
        java_list(spark, call.output_names),
        java_list(spark, call.output_expressions),
        params,
        java_map(spark, call.options),
    )
    return _pyspark.classic_dataframe(jdf, spark)


def sort(call: SortCall) -> DataFrame:
    """``Sorts.sort`` over ``call.df``."""
    spark = call.spark
    jdf = entry_class(spark, "Sorts").sort(
        _pyspark.java_dataframe(call.df),
        call.window,
        java_list(spark, call.partition_by),
        java_list(spark, call.order_by),
        java_list(spark, call.sort_by),
        java_list(spark, call.order),
        java_map(spark, call.options),
    )
    return _pyspark.classic_dataframe(jdf, spark)


def parse_window(clause: str, spark: SparkSession) -> dict[str, str]:
    """The parts of ``clause`` as ``WindowedOperators.parseWindow`` reads them."""
    entry = entry_class(spark, "WindowedOperators")
    return {str(key): str(value) for key, value in entry.parseWindow(clause).items()}


def _output_ddl(call: OperatorCall) -> str:
    """``output_schema`` as a DDL string; a StructType is converted exactly (through its JSON
    form), a string is passed on for the JVM to parse."""
    from pyspark.sql.types import StructType

    if not isinstance(call.output_schema, StructType):
        return call.output_schema
    types = jvm(call.spark).org.apache.spark.sql.types
    return str(types.DataType.fromJson(call.output_schema.json()).toDDL())


def entry_class(spark: SparkSession, name: str) -> Any:
    """The Java class ``io.streamswindow.spark.<name>``, or a clear error when the JVM's Java is
    older than 17 or our jar is missing.

    Py4J answers a class it cannot find with a ``JavaPackage``, which fails only when called,
    as ``TypeError: 'JavaPackage' object is not callable``; this says what to do instead.
    """
    from py4j.java_gateway import JavaClass

    found = jvm(spark)
    refusal = _java_refusal(found)
    if refusal is not None:
        raise StreamsWindowError(refusal)
    for part in f"{ENTRY_PACKAGE}.{name}".split("."):
        found = getattr(found, part)
    if not isinstance(found, JavaClass):
        raise StreamsWindowError(
            f"streams-window's jar is not on this SparkSession (the JVM has no class"
            f" {ENTRY_PACKAGE}.{name}). Build the session with streams_window.configure("
            "SparkSession.builder...).getOrCreate(), before any other session starts in this"
            " process: spark.jars is read only when the JVM starts. With spark-submit or"
            " pyspark, pass --jars <streams_window.jar_path()>."
        )
    return found


@functools.lru_cache(maxsize=8)
def _java_refusal(view: Any) -> str | None:
    """The refusal of a JVM older than Java 17, asked once per JVM (a session made without
    ``configure()``, as ``spark-submit`` or a cluster's settings make it, is checked here), before
    the first class of ours, which would fail there with ``UnsupportedClassVersionError``."""
    return _spark_version.jvm_java_refusal(view)


def java_list(spark: SparkSession, items: Sequence[Any]) -> Any:
    """A ``java.util.ArrayList`` of ``items``, converted explicitly (not every gateway does it)."""
    from py4j.java_collections import ListConverter

    return ListConverter().convert(list(items), _gateway_client(spark))


def java_map(spark: SparkSession, entries: Mapping[str, Any]) -> Any:
    """A ``java.util.HashMap`` of ``entries``; list values become ``java.util.ArrayList``."""
    from py4j.java_collections import MapConverter

    converted = {
        key: java_list(spark, value) if isinstance(value, (list, tuple)) else value
        for key, value in entries.items()
    }
    return MapConverter().convert(converted, _gateway_client(spark))


def jvm(spark: SparkSession) -> Any:
    """The session's Py4J view of the JVM."""
    view = _pyspark.jvm_view(spark)
    if view is None:
        raise StreamsWindowError("The SparkSession has no JVM: it was stopped; start a new one")
    return view


def _gateway_client(spark: SparkSession) -> Any:
    client = _pyspark.gateway_client(spark)
    if client is None:
        raise StreamsWindowError("The SparkSession has no JVM: it was stopped; start a new one")
    return client


# --- cause chains -------------------------------------------------------------------------------


def chain(handle: Any) -> list[Link]:
    """The cause chain of a Java exception (a Py4J handle), outermost first; what could be read
    when the gateway fails midway, empty for ``None``."""
    links: list[Link] = []
    seen: list[Any] = []
    try:
        while handle is not None and len(links) < _MAX_CHAIN:
            links.append(_link(handle))
            seen.append(handle)
            cause = handle.getCause()
            if cause is None or any(cause.equals(known) for known in seen):
                break
            handle = cause
    except Exception:  # noqa: BLE001 - the gateway may be gone; keep what was read
        pass
    return links


def _condition(handle: Any) -> Any:
    """A SparkThrowable's condition: ``getCondition()`` from Spark 4, ``getErrorClass()`` on
    Spark 3.5, whose SparkThrowable has only that name (ours answer both)."""
    from py4j.protocol import Py4JError

    try:
        return handle.getCondition()
    except Py4JError:
        return handle.getErrorClass()


def _link(handle: Any) -> Link:
    names = []
    java_type = handle.getClass()
    while java_type is not None:
        names.append(str(java_type.getName()))
        java_type = java_type.getSuperclass()
    message = handle.getMessage()
    condition, parameters = None, {}
    try:
        if _pyspark.is_spark_throwable(handle):
            found = _condition(handle)
            condition = None if found is None else str(found)
            parameters = {
                str(key): str(value)
                for key, value in (handle.getMessageParameters() or {}).items()
                if value is not None
            }
    except Exception:  # noqa: BLE001 - a class Py4J cannot call into: read it as text
        condition, parameters = None, {}
    return Link(tuple(names), "" if message is None else str(message), condition, parameters)
