"""Preparing a SparkSession builder for streams-window: our jars and quiet logs."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from streams_window import _jars, _pyspark, _spark_version, errors
from streams_window._connect_request import (
    EXPRESSION_PLUGIN_CLASS,
    EXPRESSION_PLUGINS,
    PLUGIN_CLASS,
    RELATION_PLUGINS,
)

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

LOG4J2_PROPERTIES = Path(__file__).resolve().parent / "log4j2.properties"

_LOG_CONFIG_OPTION = "-Dlog4j2.configurationFile="

CONSOLE_PROGRESS = "spark.ui.showConsoleProgress"

# What the chunked state layout of streaming queries needs (docs/architecture.md, "State
# layout"): Spark's RocksDB state store, with changelog checkpointing so that a micro-batch
# uploads what changed instead of new copies of RocksDB's files.
STATE_STORE_SETTINGS = {
    "spark.sql.streaming.stateStore.providerClass": (
        "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"
    ),
    "spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled": "true",
}


def configure(
    builder: SparkSession.Builder,
    *,
    extra_jars: Iterable[str | os.PathLike[str]] | None = None,
    translate_errors: bool = True,
) -> SparkSession.Builder:
    """Add streams-window's jar and quiet log settings to a SparkSession builder.

    Sets ``spark.jars`` (appending streams-window's jar, then ``extra_jars``, to jars already
    set on the builder, and under ``spark-submit`` to the ``--jars`` it was given),
    ``spark.ui.showConsoleProgress=false`` unless the builder or ``spark-submit`` set it, and
    points the driver's log4j2 at the properties file shipped in this package (errors only),
    unless the builder's
    ``spark.driver.extraJavaOptions`` already chooses a log4j2 configuration.

    For streaming queries it also chooses Spark's RocksDB state store with changelog
    checkpointing (``spark.sql.streaming.stateStore.providerClass`` and
    ``spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled=true``), each only
    when neither the builder nor ``spark-submit`` set it: with it, a window's tuples are kept in
    chunks and a micro-batch writes only the chunks that changed. A session on another state
    store runs the same queries with each key's whole state as one value (see
    ``docs/architecture.md``, "State layout").

    It also opts in to streams-window's errors (:func:`streams_window.errors.install`): an
    action that fails for a reason of ours then raises the class of
    :mod:`streams_window.errors` its condition gives, in place of PySpark's exception.
    ``translate_errors=False`` leaves PySpark's conversion of Java exceptions as it is.

    Call it before the first ``getOrCreate()`` of the process: Spark reads ``spark.jars`` only
    when its JVM starts, so a session that is already running does not gain the jar.

    On a builder for a local Spark Connect server (``SparkSession.builder.remote("local[2]")``)
    the same settings go to the server it starts, and it also appends streams-window's relation
    plugin, ``io.streamswindow.spark.connect.WindowRelationPlugin``, to
    ``spark.connect.extensions.relation.classes``: the facade's functions then work on the
    Connect session. PySpark's client then warns that it failed to set each static setting
    again, although the server started with them: those warnings, for the settings configure()
    made and with its values only, are ignored (``warnings.filterwarnings``). A builder for a
    server elsewhere (``remote("sc://...")``) is refused: that server's own settings must hold
    the jar and the plugin (docs/connect.md).

    Args:
        builder: a ``SparkSession.Builder``, such as ``SparkSession.builder.master("local[2]")``.
        extra_jars: more jars for ``spark.jars``, typically those holding your operators (or
            :func:`streams_window.examples_jar_path`). Local paths must exist; URLs (``hdfs:``,
            ``https:``, ...) are passed on unchecked.
        translate_errors: whether to put streams-window's converter in front of PySpark's
            conversion of Java exceptions (:func:`streams_window.errors.install`).

    Returns:
        The same builder, for chaining.

    Raises:
        TypeError: ``builder`` is not a ``SparkSession.Builder``, or ``extra_jars`` is not a
            collection of paths.
        ValueError: ``builder`` is for a Spark Connect server this process does not start.
        FileNotFoundError: streams-window's jar was not found (see
            :func:`streams_window.jar_path`), or a local path in ``extra_jars`` does not exist.

    Example::

        from pyspark.sql import SparkSession
        import streams_window as sw

        spark = sw.configure(SparkSession.builder.master("local[2]")).getOrCreate()

        # with the jar of your own operators
        builder = SparkSession.builder.master("local[2]")
        spark = sw.configure(builder, extra_jars=["target/my-operators.jar"]).getOrCreate()

        # a local Spark Connect server, with the relation plugin
        spark = sw.configure(SparkSession.builder.remote("local[2]")).getOrCreate()
    """
    from pyspark.sql import SparkSession

    if not isinstance(builder, SparkSession.Builder):
        raise TypeError(
            "configure() takes a SparkSession.Builder, such as"
            f" SparkSession.builder.master('local[2]'); got {type(builder).__name__}"
        )
    options = _pyspark.builder_options(builder)
    remote = options.get("spark.remote")
    if remote is not None and not remote.startswith("local"):
        raise ValueError(
            f"configure() cannot set up the Spark Connect server at {remote}: its settings are"
            " made where it starts. Give that server streams-window's jar in spark.jars (see"
            f" streams_window.jar_path()), {RELATION_PLUGINS}={PLUGIN_CLASS} and"
            f" {EXPRESSION_PLUGINS}={EXPRESSION_PLUGIN_CLASS} (docs/connect.md); the client needs"
            " no configure()."
        )

    _spark_version.check_environment(
        running_jvm=_pyspark.running_jvm, connect=remote is not None
    )
    given = dict(options)  # the builder's own settings: options follows the builder
    wanted = [_jars.jar_path()] + _checked_extra_jars(extra_jars)
    jars: list[str] = []
    for jar in [*_running_driver_jars(), *options.get("spark.jars", "").split(","), *wanted]:
        if jar and _same_file(jar) not in map(_same_file, jars):
            jars.append(jar)
    builder = builder.config("spark.jars", ",".join(jars))

    java_options = options.get("spark.driver.extraJavaOptions", "")
    if _LOG_CONFIG_OPTION not in java_options:
        log_option = _LOG_CONFIG_OPTION + LOG4J2_PROPERTIES.as_uri()
        builder = builder.config(
            "spark.driver.extraJavaOptions", f"{java_options} {log_option}".strip()
        )
    started_with = _running_driver_settings(STATE_STORE_SETTINGS)
    for key, value in STATE_STORE_SETTINGS.items():
        if key not in options and key not in started_with:
            builder = builder.config(key, value)
    if remote is not None:
        plugins = [name for name in options.get(RELATION_PLUGINS, "").split(",") if name]
        if PLUGIN_CLASS not in plugins:
            plugins.append(PLUGIN_CLASS)
        builder = builder.config(RELATION_PLUGINS, ",".join(plugins))
        expression_plugins = [
            name for name in options.get(EXPRESSION_PLUGINS, "").split(",") if name
        ]
        if EXPRESSION_PLUGIN_CLASS not in expression_plugins:
            expression_plugins.append(EXPRESSION_PLUGIN_CLASS)
        builder = builder.config(EXPRESSION_PLUGINS, ",".join(expression_plugins))
    # The console's progress bar off only where the user has not chosen (docs/python.md, "A
    # session with the jars"): it would draw over a notebook's or a script's own output.
    if CONSOLE_PROGRESS not in options and not _running_driver_settings([CONSOLE_PROGRESS]):
        builder = builder.config(CONSOLE_PROGRESS, "false")
    if remote is not None:
        _ignore_connect_echoes(_pyspark.builder_options(builder), given)
    if translate_errors:
        errors.install()
    return builder


# The settings configure() makes that a Spark Connect client sends again, as runtime settings,
# once the local server it started with them runs: the server refuses them ("Cannot modify"), and
# the client warns "Failed to set ..." for each, although the server has them.
_SERVER_SETTINGS = (
    "spark.jars",
    "spark.driver.extraJavaOptions",
    RELATION_PLUGINS,
    EXPRESSION_PLUGINS,
    CONSOLE_PROGRESS,
)


def _ignore_connect_echoes(settings: dict[str, str], before: dict[str, str]) -> None:
    """Ignores the Connect client's warning that it failed to set one of the settings configure()
    made (or changed), with the value it gave: the local server started with it
    (docs/connect.md). Only those warnings, from the client's module that issues them; a setting
    of the caller's that configure() left alone still warns."""
    import re
    import warnings

    for key in _SERVER_SETTINGS:
        value = settings.get(key)
        if value is None or before.get(key) == value:
            continue
        warnings.filterwarnings(
            "ignore",
            message=f"Failed to set {re.escape(key)} to Some\\({re.escape(value)}\\) due to ",
            category=UserWarning,
            module=r"pyspark\.sql\.connect\.conf",
        )


def _same_file(jar: str) -> str:
    """What identifies a jar: spark-submit spells local paths as ``file:`` URIs."""
    parsed = urlparse(jar)
    return parsed.path if parsed.scheme == "file" else jar


def _running_driver_settings(keys: Iterable[str]) -> dict[str, str]:
    """Those of ``keys`` that the already running driver JVM was started with (``spark-submit
    --conf``, which sets them as system properties); empty when this process starts its JVM."""
    jvm = _pyspark.running_driver_jvm()
    if jvm is None:
        return {}
    found = {key: jvm.java.lang.System.getProperty(key) for key in keys}
    return {key: str(value) for key, value in found.items() if value is not None}


def _running_driver_jars() -> list[str]:
    """The ``spark.jars`` the driver's JVM was started with, when it already runs.

    Under ``spark-submit`` (and the ``pyspark`` shell) the JVM starts first, with the user's
    ``--jars``, and the Python program connects to it. ``spark.jars`` set on the builder would
    then replace that list when the session starts, and executors would not get those jars; they
    are kept first instead. A plain ``python`` program starts its JVM itself, from the builder's
    options, so there is nothing to keep, and no JVM is started here.
    """
    jvm = _pyspark.running_driver_jvm()
    started_with = jvm.java.lang.System.getProperty("spark.jars") if jvm is not None else None
    return [jar for jar in str(started_with or "").split(",") if jar]


def _checked_extra_jars(extra_jars: Iterable[str | os.PathLike[str]] | None) -> list[str]:
    if extra_jars is None:
        return []
    if isinstance(extra_jars, (str, bytes, os.PathLike)):
        # A lone path would otherwise be taken apart character by character.
        raise TypeError(
            "extra_jars takes a list of jar paths, such as extra_jars=['my-operators.jar'];"
            f" got a single {type(extra_jars).__name__}"
        )
    checked = []
    for jar in extra_jars:
        if not isinstance(jar, (str, os.PathLike)):
            raise TypeError(f"extra_jars holds a {type(jar).__name__}, not a path: {jar!r}")
        path = os.fspath(jar)
        if "," in path:
            raise ValueError(f"extra_jars entry {path!r} holds a comma, which spark.jars cannot")
        # A one-letter scheme is a Windows drive, not a URL.
        if len(urlparse(path).scheme) > 1:
            checked.append(path)
            continue
        local = Path(path).expanduser().resolve()
        if not local.is_file():
            raise FileNotFoundError(f"extra_jars entry {path!r} is not a file ({local})")
        checked.append(str(local))
    return checked
