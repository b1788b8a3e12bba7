"""Build hook of the streams-window wheel: it carries the jars, so installing the wheel is enough.

Everything else about the package is declared in pyproject.toml. When the Maven build has made
the jars (`mvn -q -B package -DskipTests`), building the package copies the Spark adapter's
shaded jar for Spark 4 into `streams_window/jars/`, those for Spark 3.5 (Scala 2.12 and 2.13)
into `streams_window/jars/spark-3.5_2.12/` and `streams_window/jars/spark-3.5_2.13/`, the
examples jar into `streams_window/jars/examples/` and the API jar (IBM's packages, to compile
operators against) with the JSON4J jar beside it into `streams_window/jars/api/`, where
`jar_path()`, `examples_jar_path()` and `api_jar_path()` look first.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# (folder in the package, where the Maven build puts the jar, the jar's name)
JARS = (
    ("jars", ROOT / "java" / "spark" / "target", "streams-window-spark-*-all.jar"),
    (
        "jars/spark-3.5_2.12",
        ROOT / "java" / "spark-3.5" / "scala-2.12" / "target",
        "streams-window-spark-3.5_2.12-*-all.jar",
    ),
    (
        "jars/spark-3.5_2.13",
        ROOT / "java" / "spark-3.5" / "scala-2.13" / "target",
        "streams-window-spark-3.5_2.13-*-all.jar",
    ),
    ("jars/examples", ROOT / "java" / "examples" / "target", "streams-window-examples-*.jar"),
    ("jars/api", ROOT / "java" / "api" / "target", "streams-window-api-*.jar"),
    # JSON4J, whose types the API's signatures name: compiled against beside the API jar.
    ("jars/api", ROOT / "java" / "json4j" / "target", "streams-window-json4j-*.jar"),
)


class BuildPyWithJars(build_py):
    """Copies the built jars into the package being built."""

    def run(self) -> None:
        super().run()
        for folder, source, pattern in JARS:
            found = sorted(
                p
                for p in source.glob(pattern)
                if not p.name.endswith(("-sources.jar", "-javadoc.jar"))
            )
            if not found:
                print(
                    f"warning: no {pattern} in {source}: this build of streams-window"
                    " carries no jar (run the Maven build first)",
                    file=sys.stderr,
                )
                continue
            target = Path(self.build_lib, "streams_window", folder)
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy2(found[-1], target / found[-1].name)


setup(cmdclass={"build_py": BuildPyWithJars})
