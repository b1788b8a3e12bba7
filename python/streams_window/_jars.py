"""Finding streams-window's jar: bundled in the installed package, or built in a source checkout.

:func:`jar_path` names the one jar a Spark session needs, looked for in this order:

1. ``streams_window/jars/`` in the installed package (a release wheel carries one jar there);
2. in a source checkout, the Spark module's shaded jar,
   ``java/spark/target/streams-window-spark-*-all.jar``, which holds every class of ours.

:func:`examples_jar_path` finds the separate jar of example operators (``WindowSum``,
``IncrementalAverage``, ``TumblingSort``, ``PaneSum``, ``DecimalSum``, ``FailingOperator``,
``RunningTotals``, ``ThresholdFilter``, ``ParameterColumns``), which is never put on a session by default: a release wheel may carry it in
``streams_window/jars/examples/``; a source checkout builds it in ``java/examples/target``. Pass
it to :func:`streams_window.configure` through ``extra_jars``.

:func:`api_jar_path` finds the jar of IBM's API packages (``com.ibm.streams.operator.**``), the
one to compile your own operators against: a release wheel carries it in
``streams_window/jars/api/``; a source checkout builds it in ``java/api/target``. Spark does not
need it on a session (the main jar holds the same classes).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent

# The package lives at <checkout>/python/streams_window in a source checkout.
CHECKOUT_ROOT = PACKAGE_DIR.parent.parent

SPARK_BUILD_COMMAND = "mvn -q -B -pl java/spark -am package -DskipTests"
EXAMPLES_BUILD_COMMAND = "mvn -q -B -pl java/spark,java/examples -am package -DskipTests"
API_BUILD_COMMAND = "mvn -q -B -pl java/api -am package -DskipTests"

_SHADED_JAR = "streams-window-spark-*-all.jar"
_EXAMPLES_JAR = "streams-window-examples-*.jar"
_API_JAR = "streams-window-api-*.jar"

# Maven builds these beside a module's jar; they hold no classes to run.
_NOT_CLASS_JARS = ("-sources.jar", "-javadoc.jar", "-tests.jar", "-test-sources.jar")


def jar_path(package_dir: Path | None = None, checkout_root: Path | None = None) -> str:
    """Return the path of streams-window's jar, the one a Spark session needs.

    The jar bundled in the installed package (``streams_window/jars/``) is preferred; in a
    source checkout without one, the Spark module's shaded jar built by Maven
    (``java/spark/target/streams-window-spark-*-all.jar``).

    ``package_dir`` and ``checkout_root`` default to where this package is; tests pass others.

    Raises:
        FileNotFoundError: no jar was found; the message says where it looked and which
            command builds the jar.

    Example::

        import streams_window as sw

        print(sw.jar_path())  # e.g. /src/streams-window/java/spark/target/...-all.jar
    """
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


def _module_jar_path(
    module: str,
    label: str,
    pattern: str,
    build_command: str,
    package_dir: Path | None,
    checkout_root: Path | None,
) -> str:
    """The jar of one module: bundled in ``jars/<module>/``, else built in the checkout's
    ``java/<module>/target``; ``label`` names the jar in the error."""
    bundled_dir = (package_dir or PACKAGE_DIR) / "jars" / module
    bundled = _newest(_class_jars(bundled_dir, pattern))
    if bundled is not None:
        return str(bundled)
    root = checkout_root or CHECKOUT_ROOT
    target = root / "java" / module / "target"
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
