"""Finding streams-window's jar: bundled in the installed package, or built in a source checkout.

:func:`jar_path` names the one jar a Spark session needs. There is one build of it per Spark line
and Scala version (README, "Supported Spark lines"): the Spark 4 jar (4.0 to 4.3, Scala 2.13),
and the Spark 3.5 jars for Scala 2.12 (as pip's pyspark 3.5 ships) and 2.13. :func:`spark_build`
tells which one the running pyspark needs, from its version and the Scala library in its
installation, and the jar is looked for in this order:

1. in the installed package: ``streams_window/jars/`` for Spark 4 (one jar there),
   ``streams_window/jars/spark-3.5_2.12/`` and ``streams_window/jars/spark-3.5_2.13/`` for
   Spark 3.5;
2. in a source checkout, the shaded jar of the build's Maven module, which holds every class of
   ours: ``java/spark/target/streams-window-spark-*-all.jar`` for Spark 4,
   ``java/spark-3.5/scala-2.12/target/streams-window-spark-3.5_2.12-*-all.jar`` (or ``2.13``)
   for Spark 3.5.

:func:`examples_jar_path` finds the separate jar of example operators (``WindowSum``,
``IncrementalAverage``, ``TumblingSort``, ``PaneSum``, ``DecimalSum``, ``FailingOperator``,
``RunningTotals``, ``ThresholdFilter``, ``ParameterColumns``), which is never put on a session by default: a release wheel may carry it in
``streams_window/jars/examples/``; a source checkout builds it in ``java/examples/target``. Pass
it to :func:`streams_window.configure` through ``extra_jars``.

:func:`api_jar_path` finds the jar of IBM's API packages (``com.ibm.streams.operator.**``), the
one to compile your own operators against: a release wheel carries it in
``streams_window/jars/api/``; a source checkout builds it in ``java/api/target``. Beside it lies
the jar of IBM's JSON4J (``com.ibm.json.java``), whose types the API's signatures name
(:func:`json4j_jar_path`); :func:`compile_classpath` joins the two. Spark does not need them on
a session (the main jar holds the same classes).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent

# The package lives at <checkout>/python/streams_window in a source checkout.
CHECKOUT_ROOT = PACKAGE_DIR.parent.parent

SPARK_BUILD_COMMAND = "mvn -q -B -pl java/spark -am package -DskipTests"

#: The build of the Spark 4 jar, the default (also for a pyspark whose line is not known).
SPARK_4 = "4"
#: The builds for Spark 3.5, per Scala version: the folder of the wheel's jars, the Maven module.
SPARK_3_5 = {"3.5_2.12": "java/spark-3.5/scala-2.12", "3.5_2.13": "java/spark-3.5/scala-2.13"}

_SCALA_LIBRARY = re.compile(r"scala-library-(2\.1[23])\.")
EXAMPLES_BUILD_COMMAND = "mvn -q -B -pl java/spark,java/examples -am package -DskipTests"
API_BUILD_COMMAND = "mvn -q -B -pl java/api -am package -DskipTests"

_SHADED_JAR = "streams-window-spark-*-all.jar"
_EXAMPLES_JAR = "streams-window-examples-*.jar"
_API_JAR = "streams-window-api-*.jar"
_JSON4J_JAR = "streams-window-json4j-*.jar"

# Maven builds these beside a module's jar; they hold no classes to run.
_NOT_CLASS_JARS = ("-sources.jar", "-javadoc.jar", "-tests.jar", "-test-sources.jar")


def spark_build(spark_version: str | None = None, scala_version: str | None = None) -> str:
    """The build of streams-window's jar that a Spark needs: ``"4"`` for Spark 4 (and any line
    that is not 3.5), ``"3.5_2.12"`` or ``"3.5_2.13"`` for Spark 3.5 on that Scala version.

    ``spark_version`` defaults to the installed pyspark's, ``scala_version`` (``"2.12"``) to the
    Scala library of its Spark installation (``$SPARK_HOME/jars``, else pyspark's own ``jars``),
    read from the files: no JVM is started. A Scala that cannot be found is taken as 2.12 on
    Spark 3.5, as pip's pyspark 3.5 ships.

    Example::

        spark_build("3.5.9", "2.12")  # "3.5_2.12"
        spark_build("4.2.0")          # "4"
    """
    if spark_version is None:
        try:
            import pyspark
        except ImportError:
            return SPARK_4
        spark_version = pyspark.__version__
    if not spark_version.startswith("3.5."):
        return SPARK_4
    scala = scala_version or _installed_scala() or "2.12"
    return f"3.5_{scala}" if f"3.5_{scala}" in SPARK_3_5 else "3.5_2.12"


def _installed_scala() -> str | None:
    """The Scala binary version of the Spark installation pyspark runs, or None if not found."""
    homes = [os.environ.get("SPARK_HOME")]
    try:
        import pyspark

        homes.append(str(Path(pyspark.__file__).parent))
    except ImportError:
        pass
    for home in filter(None, homes):
        jars = Path(home) / "jars"
        if jars.is_dir():
            for jar in jars.glob("scala-library-*.jar"):
                found = _SCALA_LIBRARY.match(jar.name)
                if found is not None:
                    return found[1]
    return None


def jar_path(
    package_dir: Path | None = None,
    checkout_root: Path | None = None,
    *,
    build: str | None = None,
) -> str:
    """Return the path of streams-window's jar, the one a Spark session needs.

    ``build`` is the jar's build (:func:`spark_build`), by default the one the installed pyspark
    needs. The jar bundled in the installed package (``streams_window/jars/``, or its
    ``spark-3.5_2.12/`` or ``spark-3.5_2.13/`` folder for Spark 3.5) is preferred; in a source
    checkout without one, the shaded jar built by Maven
    (``java/spark/target/streams-window-spark-*-all.jar`` for Spark 4).

    ``package_dir`` and ``checkout_root`` default to where this package is; tests pass others.

    Raises:
        FileNotFoundError: no jar was found; the message says where it looked and which
            command builds the jar.

    Example::

        import streams_window as sw

        print(sw.jar_path())  # e.g. /src/streams-window/java/spark/target/...-all.jar
    """
    build = build or spark_build()
    if build in SPARK_3_5:
        module = SPARK_3_5[build]
        return _module_jar_path(
            f"spark-{build}",
            f"streams-window (Spark {build.replace('_', ', Scala ')})",
            f"streams-window-spark-{build}-*-all.jar",
            f"mvn -q -B -pl {module} -am package -DskipTests",
            package_dir,
            checkout_root,
            module=module,
        )
    jars_dir = (package_dir or PACKAGE_DIR) / "jars"
    bundled = _class_jars(jars_dir, "*.jar")
    if len(bundled) > 1:
        names = ", ".join(jar.name for jar in bundled)
        raise FileNotFoundError(
            f"{jars_dir} should hold one streams-window jar but holds {len(bundled)}: {names};"
            " remove the stale ones"
        )
    if bundled:
        return str(bundled[0])
    root = checkout_root or CHECKOUT_ROOT
    if not _is_checkout(root):
        raise FileNotFoundError(
            f"streams-window's jar was not found: {jars_dir} holds no jar and this installation"
            " is not inside a source checkout. Install a release of streams-window that bundles"
            " the jar, or install from a source checkout after building it there with:"
            f" {SPARK_BUILD_COMMAND}"
        )
    target = root / "java" / "spark" / "target"
    shaded = _newest(_class_jars(target, _SHADED_JAR))
    if shaded is None:
        raise FileNotFoundError(
            f"streams-window's jar was not found: {jars_dir} holds no jar and {target} holds no"
            f" {_SHADED_JAR}. Build it with: cd {root} && {SPARK_BUILD_COMMAND}"
        )
    return str(shaded)


def examples_jar_path(package_dir: Path | None = None, checkout_root: Path | None = None) -> str:
    """Return the path of the jar of example operators (``io.streamswindow.examples.*``).

    The examples are IBM Streams Java operators written against IBM's API only, as users write
    theirs: ``WindowSum`` (sums an attribute per window), ``IncrementalAverage`` (a sliding
    average kept with a ``StatefulWindowListener``), ``TumblingSort`` (submits each tumble
    sorted, with IBM's ``TumblingWindowSort``), ``PaneSum`` (sums the panes of a
    ``timeInterval`` window), ``DecimalSum`` (sums a decimal attribute in its own SPL
    precision), ``FailingOperator`` (throws on purpose), ``RunningTotals`` (window sums with a
    window number and running total kept as ``StateHandler`` state), ``ThresholdFilter`` (reads
    its parameters from its context, as a class for SPL's ``JavaOp`` does) and
    ``ParameterColumns`` (lists its parameters, so it takes any).
    They are not part of :func:`jar_path`'s jar, so :func:`streams_window.configure` does not
    add them unless asked to. Looked for in ``streams_window/jars/examples/`` of the installed
    package, then in ``java/examples/target`` of a source checkout.

    ``package_dir`` and ``checkout_root`` default to where this package is; tests pass others.

    Raises:
        FileNotFoundError: the jar was not found; the message says which command builds it.

    Example::

        from pyspark.sql import SparkSession
        import streams_window as sw

        builder = SparkSession.builder.master("local[2]")
        spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    """
    return _module_jar_path(
        "examples", "examples", _EXAMPLES_JAR, EXAMPLES_BUILD_COMMAND, package_dir, checkout_root
    )


def api_jar_path(package_dir: Path | None = None, checkout_root: Path | None = None) -> str:
    """Return the path of the jar of IBM's API packages, to compile your own operators against.

    The jar holds ``com.ibm.streams.operator`` and its subpackages (``window``, ``state``,
    ``model``, ``logging``, ...) with IBM's exact names and signatures, plus the hooks through
    which they reach our runtime (``io.streamswindow.api.spi``, not for operator code). An
    operator written against IBM's API compiles against it alone (one using the SPL complex
    types also needs commons-math 2.2, one logging through log4j 1.x a log4j 1.x API). It is
    the Maven artifact ``io.streamswindow:streams-window-api``. A Spark session does not need
    it: the jar of :func:`jar_path` holds the same classes. Looked for in
    ``streams_window/jars/api/`` of the installed package, then in ``java/api/target`` of a
    source checkout.

    ``python -m streams_window classpath`` prints it.

    ``package_dir`` and ``checkout_root`` default to where this package is; tests pass others.

    Raises:
        FileNotFoundError: the jar was not found; the message says which command builds it.

    Example::

        import subprocess
        import streams_window as sw

        subprocess.run(
            ["javac", "-cp", sw.api_jar_path(), "-d", "classes", "src/com/acme/MyOperator.java"],
            check=True,
        )
    """
    return _module_jar_path("api", "API", _API_JAR, API_BUILD_COMMAND, package_dir, checkout_root)


def json4j_jar_path(package_dir: Path | None = None, checkout_root: Path | None = None) -> str:
    """Return the path of the jar of IBM's JSON4J API (``com.ibm.json.java``), which the API jar's
    ``EncodingFactory.getJSONEncoding()`` names and operators use to read and write JSON.

    Looked for beside the API jar in ``streams_window/jars/api/`` of the installed package, then
    in ``java/json4j/target`` of a source checkout (the API jar's build makes it).

    Raises:
        FileNotFoundError: the jar was not found; the message says which command builds it.
    """
    return _module_jar_path(
        "api",
        "JSON4J",
        _JSON4J_JAR,
        API_BUILD_COMMAND,
        package_dir,
        checkout_root,
        module="java/json4j",
    )


def compile_classpath(package_dir: Path | None = None, checkout_root: Path | None = None) -> str:
    """Return the classpath to compile operators against: the API jar and the JSON4J jar,
    joined with the platform's path separator (what ``python -m streams_window classpath``
    prints).

    Raises:
        FileNotFoundError: a jar was not found; the message says which command builds it.
    """
    return os.pathsep.join(
        [api_jar_path(package_dir, checkout_root), json4j_jar_path(package_dir, checkout_root)]
    )


def _module_jar_path(
    folder: str,
    label: str,
    pattern: str,
    build_command: str,
    package_dir: Path | None,
    checkout_root: Path | None,
    *,
    module: str | None = None,
) -> str:
    """The jar of one Maven module: bundled in ``jars/<folder>/``, else built in the checkout's
    ``<module>/target`` (``java/<folder>`` by default); ``label`` names the jar in the error."""
    bundled_dir = (package_dir or PACKAGE_DIR) / "jars" / folder
    bundled = _newest(_class_jars(bundled_dir, pattern))
    if bundled is not None:
        return str(bundled)
    root = checkout_root or CHECKOUT_ROOT
    target = root / (module or f"java/{folder}") / "target"
    built = _newest(_class_jars(target, pattern)) if _is_checkout(root) else None
    if built is not None:
        return str(built)
    if _is_checkout(root):
        raise FileNotFoundError(
            f"The {label} jar was not found: {bundled_dir} and {target} hold no"
            f" {pattern}. Build it with: cd {root} && {build_command}"
        )
    raise FileNotFoundError(
        f"The {label} jar was not found: {bundled_dir} holds no {pattern} and this"
        " installation is not inside a source checkout. Build it in a checkout with:"
        f" {build_command}"
    )


def _is_checkout(root: Path) -> bool:
    return (root / "pom.xml").is_file() and (root / "java").is_dir()


def _newest(jars: list[Path]) -> Path | None:
    # Several versions can lie in target/ after a version bump; the newest build is the one wanted.
    return max(jars, key=lambda jar: jar.stat().st_mtime) if jars else None


def _class_jars(directory: Path, pattern: str) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(
        jar
        for jar in directory.glob(pattern)
        if jar.is_file() and not jar.name.endswith(_NOT_CLASS_JARS)
    )
