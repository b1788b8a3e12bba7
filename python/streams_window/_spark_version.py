"""Which Spark and Java streams-window runs on, checked before any class of ours is loaded.

streams-window runs on the Spark lines 3.5 (Scala 2.12 or 2.13) and 4.0 to 4.3 (Scala 2.13) on
Java 17 or newer, with one build of its jar for Spark 4 and one per Scala version for Spark 3.5
(README, "Supported Spark lines"). :func:`check_environment`, called by
:func:`streams_window.configure`, refuses anything else in one line naming what is supported:

* a pyspark outside those lines (``pyspark.__version__``);
* a Java older than 17: when this process has no JVM yet, as ``java -version`` tells it for the
  ``java`` that PySpark would start (``$JAVA_HOME/bin/java``, else ``java`` on ``PATH``; one that
  cannot be run or read is left to PySpark to report); when it has one (``spark-submit``, a
  notebook whose session runs already), as that JVM's ``java.specification.version`` tells it
  (:func:`jvm_java_refusal`), since our jar's classes would fail to load there with
  ``UnsupportedClassVersionError``. The facade's Py4J calls check the same before their first
  use of a class of ours (docs/python.md, "Supported Spark lines").

The JVM side checks the Spark it runs on too, at the first call of each entry point, for Spark
that was started without ``configure()`` (docs/python.md, "Supported Spark lines").
:func:`connect_refusal` refuses Spark Connect on Spark 3.5, whose Connect server takes another
plugin interface than the one streams-window's plugin is built for.

Example::

    >>> spark_refusal("4.1.4") is None
    True
    >>> print(spark_refusal("3.4.4"))
    streams-window supports pyspark 3.5 and 4.0 to 4.3 (Spark 3.5 on Scala 2.12 or 2.13, Spark...
    >>> print(java_refusal("/usr/lib/jvm/java-11-openjdk-amd64/bin/java"))  # on a JDK 11
    streams-window needs Java 17 or newer; /usr/lib/jvm/...java is Java 11: set JAVA_HOME...
    >>> print(jvm_java_refusal(jvm))  # a Py4J view of a JVM that runs on Java 11
    streams-window needs Java 17 or newer; /usr/lib/jvm/...java is Java 11: set JAVA_HOME...
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from typing import Any

def _read_lines() -> dict[str, str]:
    """``spark_lines.properties``, the one statement of the supported lines that this module,
    the jar and the scripts read: ``key = value`` lines, ``#`` comments."""
    from importlib import resources

    text = resources.files(__package__).joinpath("spark_lines.properties").read_text("utf-8")
    facts: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            facts[key.strip()] = value.strip()
    return facts


def _line(text: str) -> tuple[int, int]:
    major, minor = text.split(".")
    return int(major), int(minor)


def _spans(lines: list[str]) -> list[str]:
    """Consecutive lines of one major as users read them: ``["3.5", "4.0 to 4.3"]``."""
    spans: list[list[str]] = []
    for line in lines:
        if spans and _line(spans[-1][-1])[0] == _line(line)[0]:
            spans[-1].append(line)
        else:
            spans.append([line])
    return [span[0] if len(span) == 1 else f"{span[0]} to {span[-1]}" for span in spans]


def _describe(facts: dict[str, str]) -> str:
    """``pyspark 3.5 and 4.0 to 4.3 (Spark 3.5 on Scala 2.12 or 2.13, Spark 4.0 to 4.3 on Scala
    2.13)``, from the lines and their Scala versions."""
    lines = [line.strip() for line in facts["lines"].split(",")]
    scalas = {line: " or ".join(s.strip() for s in facts[f"scala.{line}"].split(",")) for line in lines}
    spans = _spans(lines)
    scala_of_span = []
    for span in spans:
        first = span.split(" to ")[0]
        scala_of_span.append(f"Spark {span} on Scala {scalas[first]}")
    return f"pyspark {' and '.join(spans)} ({', '.join(scala_of_span)})"


_FACTS = _read_lines()
LINES = tuple(_line(line.strip()) for line in _FACTS["lines"].split(","))
SUPPORTED = _describe(_FACTS)
#: The oldest line with Spark Connect for streams-window: its relation plugin is built for Spark
#: 4's plugin interface (Spark 3.5's takes a shaded protobuf ``Any``, and pip's pyspark 3.5 has
#: no Connect server to test one on).
OLDEST_CONNECT_LINE = _line(_FACTS["connect.oldest"])
OLDEST_JAVA = int(_FACTS["java.oldest"])

_VERSION = re.compile(r"(\d+)\.(\d+)")
# `java -version` prints e.g. `openjdk version "17.0.15" 2025-04-15` or `java version "1.8.0_392"`.
_JAVA_VERSION = re.compile(r'version "(\d+)(?:\.(\d+))?[^"]*"')
# The JVM's java.specification.version: "1.8" on Java 8, "11", "17", "21" after.
_SPECIFICATION_VERSION = re.compile(r"(\d+)(?:\.(\d+))?")


def check_environment(*, running_jvm: Callable[[], Any], connect: bool = False) -> None:
    """Refuse a pyspark outside the supported lines, Spark Connect (``connect``) where
    streams-window has no Connect plugin, or a Java older than 17: the one that would start
    Spark's JVM, or the one of the JVM ``running_jvm()`` returns (a Py4J view of the JVM this
    process already has, ``None`` when it has none yet).

    Raises:
        RuntimeError: one line naming what runs and what is supported.
    """
    import pyspark

    refusal = spark_refusal(pyspark.__version__)
    if refusal is None and connect:
        refusal = connect_refusal(pyspark.__version__)
    if refusal is None:
        jvm = running_jvm()
        refusal = java_refusal(_java_executable()) if jvm is None else jvm_java_refusal(jvm)
    if refusal is not None:
        raise RuntimeError(refusal)


def spark_refusal(version: str) -> str | None:
    """The refusal for a pyspark version string, or None when its line is supported."""
    found = _VERSION.match(version)
    if found is not None and (int(found[1]), int(found[2])) in LINES:
        return None
    return f"streams-window supports {SUPPORTED}; this is pyspark {version}"


def connect_refusal(version: str) -> str | None:
    """The refusal of Spark Connect for a pyspark version string, or None where streams-window
    runs on Connect (pyspark 4)."""
    found = _VERSION.match(version)
    if found is None or (int(found[1]), int(found[2])) >= OLDEST_CONNECT_LINE:
        return None
    return (
        f"streams-window on Spark Connect needs pyspark {_FACTS['connect.oldest']} or newer;"
        f" this is pyspark {version},"
        " whose Connect server takes another plugin interface: use a classic session"
        " (SparkSession.builder.master(...)) on Spark 3.5"
    )


def java_refusal(java: str | None) -> str | None:
    """The refusal for the ``java`` executable that would start Spark, or None when it is 17 or
    newer, or when it cannot be run or its version cannot be read (PySpark then says why)."""
    if java is None:
        return None
    return _old_java_refusal(java, _java_major(java))


def jvm_java_refusal(jvm: Any) -> str | None:
    """The refusal for a running JVM (a Py4J view of it) older than Java 17, naming its ``java``
    (``java.home``'s ``bin/java``), or None; None too when the JVM cannot be asked (a gateway
    gone: PySpark then says why).

    It asks ``java.lang.System`` only: a JDK class loads on any Java, where the first class of
    our jar would fail with ``UnsupportedClassVersionError`` on one older than 17.
    """
    try:
        system = jvm.java.lang.System
        version = str(system.getProperty("java.specification.version"))
        home = str(system.getProperty("java.home"))
    except Exception:  # noqa: BLE001 - Py4J's errors; never hide PySpark's own report
        return None
    return _old_java_refusal(os.path.join(home, "bin", "java"), _specification_major(version))


def _old_java_refusal(java: str, major: int | None) -> str | None:
    if major is None or major >= OLDEST_JAVA:
        return None
    return (
        f"streams-window needs Java {OLDEST_JAVA} or newer; {java} is Java {major}:"
        " set JAVA_HOME to a JDK 17+"
    )


def _specification_major(version: str) -> int | None:
    """The major version of a ``java.specification.version`` (``1.8`` on Java 8, ``11``, ...)."""
    found = _SPECIFICATION_VERSION.fullmatch(version.strip())
    if found is None:
        return None
    first = int(found[1])
    return int(found[2] or 0) if first == 1 else first


@functools.lru_cache(maxsize=8)
def _java_major(java: str) -> int | None:
    """The major version ``java -version`` reports (8 for ``1.8.0_392``); None if unknown."""
    try:
        done = subprocess.run(
            [java, "-version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    found = _JAVA_VERSION.search(done.stderr + done.stdout)
    if found is None:
        return None
    first = int(found[1])
    return int(found[2] or 0) if first == 1 else first


def _java_executable() -> str | None:
    """The ``java`` PySpark's launcher runs: ``$JAVA_HOME/bin/java``, else ``java`` on PATH."""
    home = os.environ.get("JAVA_HOME")
    if home:
        return os.path.join(home, "bin", "java")
    return shutil.which("java")

