"""Preparing a SparkSession builder for streams-window: our jars and quiet logs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from streams_window import _jars

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

LOG4J2_PROPERTIES = Path(__file__).resolve().parent / "log4j2.properties"

_LOG_CONFIG_OPTION = "-Dlog4j2.configurationFile="


def configure(builder: SparkSession.Builder) -> SparkSession.Builder:
    """Add streams-window's jar and quiet log settings to a SparkSession builder.

    Sets ``spark.jars`` (appending to jars already set on the builder),
    ``spark.ui.showConsoleProgress=false``, and points the driver's log4j2 at the properties file
    shipped in this package (errors only), unless the builder's
    ``spark.driver.extraJavaOptions`` already chooses a log4j2 configuration.

    Call it before the first ``getOrCreate()`` of the process: Spark reads ``spark.jars`` only
    when its JVM starts, so a session that is already running does not gain the jar.

    Args:
        builder: a ``SparkSession.Builder``, such as ``SparkSession.builder.master("local[2]")``.

    Returns:
        The same builder, for chaining.

    Raises:
        TypeError: ``builder`` is not a ``SparkSession.Builder``.
        FileNotFoundError: the jar was not found (see :func:`streams_window.jar_path`).

    Example::

        from pyspark.sql import SparkSession
        import streams_window as sw

        spark = sw.configure(SparkSession.builder.master("local[2]")).getOrCreate()
    """
    from pyspark.sql import SparkSession

    if not isinstance(builder, SparkSession.Builder):
        raise TypeError(
            "configure() takes a SparkSession.Builder, such as"
            f" SparkSession.builder.master('local[2]'); got {type(builder).__name__}"
        )
    # The builder keeps what was set on it in _options (not public API, but the only way to read
    # it back); reading it lets us append instead of overwriting the caller's settings.
    options: dict[str, str] = getattr(builder, "_options", {})

    jars = [jar for jar in options.get("spark.jars", "").split(",") if jar]
    for jar in _jars.classpath_jars():
        if str(jar) not in jars:
            jars.append(str(jar))
    builder = builder.config("spark.jars", ",".join(jars))

    java_options = options.get("spark.driver.extraJavaOptions", "")
    if _LOG_CONFIG_OPTION not in java_options:
        log_option = _LOG_CONFIG_OPTION + LOG4J2_PROPERTIES.as_uri()
        builder = builder.config(
            "spark.driver.extraJavaOptions", f"{java_options} {log_option}".strip()
        )
    return builder.config("spark.ui.showConsoleProgress", "false")
