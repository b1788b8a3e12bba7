"""The facade's handles on the JVM: the session, our entry classes, Java collections.

Every Py4J detail lives here, so the public functions only validate, convert, call and wrap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from streams_window.errors import StreamsWindowError

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, SparkSession

ENTRY_PACKAGE = "io.streamswindow.spark"


def classic_session(df: DataFrame, function: str) -> SparkSession:
    """The session of ``df``, which must be a classic (Py4J) DataFrame, not a Spark Connect one."""
    from pyspark.sql import DataFrame
    from pyspark.sql.classic.dataframe import DataFrame as ClassicDataFrame

    if not isinstance(df, DataFrame):
        raise TypeError(
            f"{function}() takes a pyspark.sql.DataFrame as df; got {type(df).__name__}"
        )
    if not isinstance(df, ClassicDataFrame):
        raise TypeError(
            f"{function}() needs a classic SparkSession (Py4J) to reach the JVM; this DataFrame"
            f" is a {type(df).__module__}.{type(df).__name__} (Spark Connect is not supported)"
        )
    return df.sparkSession


def active_session(spark: SparkSession | None, function: str) -> SparkSession:
    """``spark`` if given (it must be a classic session), else the active classic session."""
    # In classic PySpark the session class is pyspark.sql.SparkSession itself; Spark Connect's
    # is a separate class.
    from pyspark.sql import SparkSession

    if spark is None:
        # The active session is per thread; another thread falls back on the process's session
        # (kept in a private attribute, the only place PySpark keeps it).
        spark = SparkSession.getActiveSession() or SparkSession._instantiatedSession
        if spark is None:
            raise StreamsWindowError(
                f"{function}() needs a SparkSession (the window clause parser runs in the JVM):"
                " start one with streams_window.configure(SparkSession.builder).getOrCreate(),"
                " or pass it as spark="
            )
    if not isinstance(spark, SparkSession):
        raise TypeError(
            f"{function}() takes a classic pyspark.sql.SparkSession as spark; got"
            f" {type(spark).__module__}.{type(spark).__name__}"
        )
    return spark


def entry_class(spark: SparkSession, name: str) -> Any:
    """The Java class ``io.streamswindow.spark.<name>``, or a clear error when our jar is missing.

    Py4J answers a class it cannot find with a ``JavaPackage``, which fails only when called,
    as ``TypeError: 'JavaPackage' object is not callable``; this says what to do instead.
    """
    from py4j.java_gateway import JavaClass

    found = jvm(spark)
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


def wrap_dataframe(jdf: Any, spark: SparkSession) -> DataFrame:
    """A Python DataFrame around a Java ``Dataset<Row>``."""
    from pyspark.sql.classic.dataframe import DataFrame as ClassicDataFrame

    return ClassicDataFrame(jdf, spark)


def jvm(spark: SparkSession) -> Any:
    """The session's Py4J view of the JVM (``spark._jvm``)."""
    view = spark._jvm
    if view is None:
        raise StreamsWindowError("The SparkSession has no JVM: it was stopped; start a new one")
    return view


def _gateway_client(spark: SparkSession) -> Any:
    gateway = spark.sparkContext._gateway
    if gateway is None:
        raise StreamsWindowError("The SparkSession has no JVM: it was stopped; start a new one")
    return gateway._gateway_client
