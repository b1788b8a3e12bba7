"""The built wheel carries streams-window's jars, so that `pip install` is enough on a cluster and
for compiling operators (the API jar)."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import zipfile
from pathlib import Path

from streams_window import _jars

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_carries_the_spark_jar_the_examples_and_the_api(
    tmp_path: Path, built_jar: str
) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("streams_window-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    build = _jars.spark_build()  # the running pyspark's: Spark 4's jar is at the top
    folder = "jars" if build == _jars.SPARK_4 else f"jars/spark-{build}"
    assert f"streams_window/{folder}/{Path(built_jar).name}" in names
    for build in ("3.5_2.12", "3.5_2.13"):  # the jars for Spark 3.5, one per Scala version
        jars_3_5 = fnmatch.filter(
            names, f"streams_window/jars/spark-{build}/streams-window-spark-{build}-*-all.jar"
        )
        assert len(jars_3_5) == 1, names
    assert any(n.startswith("streams_window/jars/examples/streams-window-examples-") for n in names)
    api_jars = fnmatch.filter(names, "streams_window/jars/api/streams-window-api-*.jar")
    assert len(api_jars) == 1, names
    assert not api_jars[0].endswith(("-sources.jar", "-javadoc.jar"))
    json4j_jars = fnmatch.filter(names, "streams_window/jars/api/streams-window-json4j-*.jar")
    assert len(json4j_jars) == 1, names
    assert "streams_window/py.typed" in names
