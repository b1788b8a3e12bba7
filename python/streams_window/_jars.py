"""Finding streams-window's jar: bundled in the installed package, or built in a source checkout.

A release wheel carries one jar in ``streams_window/jars/``. Until the Spark module exists and
builds that single shaded jar, a source checkout supplies the jars Maven builds for the runtime
module and the modules it depends on (``java/{runtime,engine,api}/target``); :func:`jar_path`
names the runtime jar and :func:`classpath_jars` lists all of them.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
BUNDLED_JARS_DIR = PACKAGE_DIR / "jars"

# The package lives at <checkout>/python/streams_window in a source checkout.
CHECKOUT_ROOT = PACKAGE_DIR.parent.parent

# The module whose jar jar_path() names in a checkout, then the modules it needs at run time.
_MAIN_MODULE = "runtime"
_DEPENDENCY_MODULES = ("engine", "api")

BUILD_COMMAND = "mvn -q -B -pl java/runtime -am package -DskipTests"

# Maven builds these beside a module's jar; they hold no classes to run.
_NOT_CLASS_JARS = ("-sources.jar", "-javadoc.jar", "-tests.jar", "-test-sources.jar")


def jar_path() -> str:
    """Return the path of streams-window's jar.

    The jar bundled in the installed package (``streams_window/jars/``) is preferred; in a
    source checkout without one, the runtime module's jar built by Maven
    (``java/runtime/target/streams-window-runtime-*.jar``) is used. That jar needs the engine
    and api jars beside it on a classpath: :func:`streams_window.configure` adds all of them.

    Raises:
        FileNotFoundError: no jar was found; the message says where it looked and which
            command builds the jar.

    Example::

        import streams_window as sw

        print(sw.jar_path())  # e.g. /src/streams-window/java/runtime/target/...
    """
    return str(classpath_jars()[0])


def classpath_jars(
    package_dir: Path | None = None, checkout_root: Path | None = None
) -> list[Path]:
    """Return every jar a Spark session needs for streams-window, the main jar first.

    ``package_dir`` and ``checkout_root`` default to where this package is; tests pass others.
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
        return bundled

    root = checkout_root or CHECKOUT_ROOT
    if not _is_checkout(root):
        raise FileNotFoundError(
            f"streams-window's jar was not found: {jars_dir} holds no jar and this installation"
            " is not inside a source checkout. Install a release of streams-window that bundles"
            " the jar, or install from a source checkout after building it there with:"
            f" {BUILD_COMMAND}"
        )
    jars = []
    for module in (_MAIN_MODULE, *_DEPENDENCY_MODULES):
        jar = _module_jar(root, module)
        if jar is None:
            raise FileNotFoundError(
                f"streams-window's jar was not found: {jars_dir} holds no jar and"
                f" {root / 'java' / module / 'target'} holds no"
                f" streams-window-{module}-*.jar. Build it with: cd {root} && {BUILD_COMMAND}"
            )
        jars.append(jar)
    return jars


def _is_checkout(root: Path) -> bool:
    return (root / "pom.xml").is_file() and (root / "java").is_dir()


def _module_jar(root: Path, module: str) -> Path | None:
    """The newest class jar Maven built for ``module``, or None."""
    jars = _class_jars(root / "java" / module / "target", f"streams-window-{module}-*.jar")
    # Several versions can lie there after a version bump; the newest build is the one wanted.
    return max(jars, key=lambda jar: jar.stat().st_mtime) if jars else None


def _class_jars(directory: Path, pattern: str) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(
        jar
        for jar in directory.glob(pattern)
        if jar.is_file() and not jar.name.endswith(_NOT_CLASS_JARS)
    )
