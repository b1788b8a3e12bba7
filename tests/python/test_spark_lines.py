"""The supported Spark lines (README, "Supported Spark lines"): what configure() refuses before
Spark's JVM starts, the declarations that must agree, and a checkpoint carried from line to line.

scripts/test builds one venv per line and names their interpreters in STREAMS_WINDOW_LINE_PYTHONS
("4.0=PATH,4.1=PATH,..."), oldest first, for the checkpoint test; without it that test is skipped.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pyspark
import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from streams_window import _jars, _jvm, _pyspark, _spark_version
from support import last_json_line

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# The supported lines as spark_lines.properties states them, for the one statement of them.
LINES = [f"{major}.{minor}" for major, minor in _spark_version.LINES]
REFUSAL = (
    "streams-window supports pyspark 3.5 and 4.0 to 4.3 (Spark 3.5 on Scala 2.12 or 2.13, Spark 4.0"
    " to 4.3 on Scala 2.13); this is"
)


@pytest.mark.parametrize(
    "version", ["3.5.0", "3.5.9", "4.0.0", "4.0.5", "4.1.4", "4.2.0", "4.3.0", "4.3.1.dev0"]
)
def test_every_version_of_the_supported_lines_is_accepted(version: str) -> None:
    assert _spark_version.spark_refusal(version) is None


@pytest.mark.parametrize("version", ["3.4.4", "3.6.0", "3.9.0", "4.4.0", "5.0.0", "4", "unknown"])
def test_any_other_pyspark_is_refused_naming_the_range(version: str) -> None:
    assert _spark_version.spark_refusal(version) == f"{REFUSAL} pyspark {version}"


def test_configure_refuses_an_unsupported_pyspark_before_anything_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pyspark, "__version__", "3.4.4")
    with pytest.raises(RuntimeError) as refused:
        sw.configure(SparkSession.builder.master("local[1]"))
    assert str(refused.value) == f"{REFUSAL} pyspark 3.4.4"


CONNECT_REFUSAL = (
    "streams-window on Spark Connect needs pyspark 4.0 or newer; this is pyspark 3.5.9, whose"
    " Connect server takes another plugin interface: use a classic session"
    " (SparkSession.builder.master(...)) on Spark 3.5"
)


def test_spark_connect_is_refused_on_spark_3_5_only() -> None:
    assert _spark_version.connect_refusal("3.5.9") == CONNECT_REFUSAL
    assert _spark_version.connect_refusal("4.0.5") is None
    assert _spark_version.connect_refusal("4.3.0") is None


def test_configure_refuses_a_connect_builder_on_spark_3_5_before_anything_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pyspark, "__version__", "3.5.9")
    with pytest.raises(RuntimeError) as refused:
        sw.configure(SparkSession.builder.remote("local[1]"))
    assert str(refused.value) == CONNECT_REFUSAL


@pytest.mark.parametrize(
    ("version", "scala", "build"),
    [
        ("3.5.9", "2.12", "3.5_2.12"),
        ("3.5.0", "2.13", "3.5_2.13"),
        ("4.0.5", "2.13", "4"),
        ("4.3.0", None, "4"),
    ],
)
def test_each_line_and_scala_version_has_its_jar(
    version: str, scala: str | None, build: str
) -> None:
    assert _jars.spark_build(version, scala) == build


def test_the_running_pyspark_gets_the_jar_built_for_its_line_and_scala() -> None:
    jar = Path(sw.jar_path()).name
    if pyspark.__version__.startswith("3.5."):
        # pip's pyspark 3.5 ships Scala 2.12
        assert jar.startswith("streams-window-spark-3.5_2.12-"), jar
    else:
        assert jar.startswith("streams-window-spark-0"), jar


def test_the_running_pyspark_is_on_a_supported_line() -> None:
    assert _spark_version.spark_refusal(pyspark.__version__) is None


def fake_java(tmp_path: Path, version_line: str) -> Path:
    """A JAVA_HOME whose bin/java prints ``version_line`` for -version, as a JDK does (stderr)."""
    java = tmp_path / "jdk" / "bin" / "java"
    java.parent.mkdir(parents=True)
    java.write_text(f"#!/bin/sh\necho '{version_line}' >&2\n")
    java.chmod(0o755)
    return java


@pytest.mark.parametrize(
    ("version_line", "major"),
    [('openjdk version "11.0.22" 2024-01-16', 11), ('java version "1.8.0_392"', 8)],
)
def test_a_java_older_than_17_is_refused_naming_it(
    tmp_path: Path, version_line: str, major: int
) -> None:
    java = fake_java(tmp_path, version_line)
    assert _spark_version.java_refusal(str(java)) == (
        f"streams-window needs Java 17 or newer; {java} is Java {major}:"
        " set JAVA_HOME to a JDK 17+"
    )


@pytest.mark.parametrize(
    "version_line", ['openjdk version "17.0.15" 2025-04-15', 'openjdk version "21" 2023-09-19']
)
def test_java_17_and_newer_are_accepted(tmp_path: Path, version_line: str) -> None:
    assert _spark_version.java_refusal(str(fake_java(tmp_path, version_line))) is None


def test_a_java_that_does_not_run_is_left_to_pyspark(tmp_path: Path) -> None:
    assert _spark_version.java_refusal(str(tmp_path / "no-java")) is None


def test_configure_refuses_java_11_before_starting_the_jvm(tmp_path: Path) -> None:
    java = fake_java(tmp_path, 'openjdk version "11.0.22" 2024-01-16')
    script = (
        "from pyspark.sql import SparkSession\n"
        "import streams_window as sw\n"
        "try:\n"
        "    sw.configure(SparkSession.builder.master('local[1]'))\n"
        "except RuntimeError as error:\n"
        "    print(error)\n"
    )
    environment = {
        key: value for key, value in os.environ.items() if key != "PYSPARK_GATEWAY_PORT"
    }
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**environment, "JAVA_HOME": str(java.parent.parent)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip() == (
        f"streams-window needs Java 17 or newer; {java} is Java 11:"
        " set JAVA_HOME to a JDK 17+"
    )


class FakeJvm:
    """A Py4J view of a JVM that runs on ``version`` (its ``java.specification.version``),
    recording every other name looked up on it: a class of ours would be one."""

    def __init__(self, version: str, home: str = "/usr/lib/jvm/java-11-openjdk-amd64") -> None:
        self.properties = {"java.specification.version": version, "java.home": home}
        self.looked_up: list[str] = []

    def __getattr__(self, name: str) -> Any:
        if name == "java":
            system = SimpleNamespace(getProperty=self.properties.get)
            return SimpleNamespace(lang=SimpleNamespace(System=system))
        self.looked_up.append(name)
        raise AssertionError(f"looked up {name} on a JVM running Java {self.properties}")


JAVA_11_REFUSAL = (
    "streams-window needs Java 17 or newer; /usr/lib/jvm/java-11-openjdk-amd64/bin/java is"
    " Java 11: set JAVA_HOME to a JDK 17+"
)


@pytest.mark.parametrize(("version", "major"), [("11", 11), ("1.8", 8)])
def test_a_running_jvm_older_than_java_17_is_refused_naming_its_java(
    version: str, major: int
) -> None:
    assert _spark_version.jvm_java_refusal(FakeJvm(version, "/opt/jdk")) == (
        f"streams-window needs Java 17 or newer; /opt/jdk/bin/java is Java {major}:"
        " set JAVA_HOME to a JDK 17+"
    )


@pytest.mark.parametrize("version", ["17", "21", "25"])
def test_a_running_jvm_on_java_17_or_newer_is_accepted(version: str) -> None:
    assert _spark_version.jvm_java_refusal(FakeJvm(version)) is None


def test_a_running_jvm_that_cannot_be_asked_is_left_to_pyspark() -> None:
    class GoneJvm:
        def __getattr__(self, name: str) -> Any:
            from py4j.protocol import Py4JNetworkError

            raise Py4JNetworkError("An error occurred while trying to connect to the Java server")

    assert _spark_version.jvm_java_refusal(GoneJvm()) is None


def test_the_running_session_s_jvm_is_read_and_accepted(spark: SparkSession) -> None:
    running = _pyspark.running_jvm()
    assert running is not None  # this process has a JVM: the session's
    version = running.java.lang.System.getProperty("java.specification.version")
    assert int(version) >= 17
    assert _spark_version.jvm_java_refusal(running) is None


def test_configure_refuses_a_running_jvm_on_java_11_instead_of_running_java_version(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # As under spark-submit or in a notebook whose JVM runs already: `java -version` would ask
    # another Java (here one that says 21) than the JVM our classes would load in.
    java_21 = fake_java(tmp_path, 'openjdk version "21" 2023-09-19')
    monkeypatch.setenv("JAVA_HOME", str(java_21.parent.parent))
    jvm = FakeJvm("11")
    monkeypatch.setattr(_pyspark, "running_jvm", lambda: jvm)
    with pytest.raises(RuntimeError) as refused:
        sw.configure(SparkSession.builder.master("local[1]"))
    assert str(refused.value) == JAVA_11_REFUSAL
    assert jvm.looked_up == []


def test_the_first_call_into_a_jvm_on_java_11_is_refused_before_any_class_of_ours(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A session made without configure() (spark-submit --jars, a cluster's settings).
    jvm = FakeJvm("11")
    monkeypatch.setattr(_pyspark, "jvm_view", lambda spark: jvm)
    with pytest.raises(sw.StreamsWindowError) as refused:
        _jvm.entry_class(SimpleNamespace(), "WindowedOperators")  # type: ignore[arg-type]
    assert str(refused.value) == JAVA_11_REFUSAL
    assert jvm.looked_up == []  # not even the package io.streamswindow


def test_the_extras_accept_every_supported_line_and_each_line_has_pinned_tests() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    # pyproject.toml cannot read spark_lines.properties: its bounds are checked against it here.
    newest_major, newest_minor = _spark_version.LINES[-1]
    below = f"<{newest_major}.{newest_minor + 1}"
    assert f'spark = ["pyspark>={LINES[0]}{"," + below}"]' in pyproject
    # The connect extra too takes every line, though Connect runs from connect.oldest on: a higher
    # bound would move a pyspark 3.5 to 4.x (test_installing.py).
    assert f'connect = ["pyspark[connect]>={LINES[0]}{"," + below}", "pandas<3"]' in pyproject
    default = _spark_version._FACTS["default"]
    scripts = subprocess.run(
        ["bash", "-c", 'source scripts/lib/common.sh; echo "${SPARK_LINES[*]}/$DEFAULT_SPARK_LINE"'],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert scripts.stdout.strip() == f"{' '.join(LINES)}/{default}"
    pinned = {}
    for line in LINES:
        name = "requirements.txt" if line == default else f"requirements-spark-{line}.txt"
        found = re.search(r"^pyspark==(\S+)$", (HERE / name).read_text(), re.MULTILINE)
        assert found is not None, name
        pinned[line] = found[1]
    assert {line: version.rsplit(".", 1)[0] for line, version in pinned.items()} == {
        line: line for line in LINES
    }
    pom = (ROOT / "java" / "spark" / "pom.xml").read_text()
    assert f"<spark.version>{pinned[default]}</spark.version>" in pom
    pom_3_5 = (ROOT / "java" / "spark-3.5" / "pom.xml").read_text()
    assert f"<spark.version>{pinned['3.5']}</spark.version>" in pom_3_5


LAYOUT_REFUSAL = (
    "This query's checkpoint holds streams-window's single-value state layout, and the session's"
    " settings give the other one"
)
KEEP_SINGLE_VALUE = "set spark.streamswindow.stateLayout to single-value (on any state store)"


def line_pythons() -> list[tuple[str, str]]:
    given = os.environ.get("STREAMS_WINDOW_LINE_PYTHONS", "")
    return [tuple(pair.split("=", 1)) for pair in given.split(",") if pair]  # type: ignore[misc]


@pytest.mark.skipif(
    not line_pythons(), reason="needs STREAMS_WINDOW_LINE_PYTHONS (scripts/test sets it)"
)
def test_a_checkpoint_written_on_one_line_resumes_on_the_next(
    examples_jar: str, tmp_path: Path
) -> None:
    lines = line_pythons()
    assert [line for line, _ in lines] == LINES
    given_path = [part for part in os.environ.get("PYTHONPATH", "").split(os.pathsep) if part]
    for step, (line, python) in enumerate(lines):
        # As support.run_script runs a job, but with that line's interpreter.
        job = subprocess.run(
            [python, str(HERE / "line_checkpoint_job.py"), str(tmp_path), str(step)],
            # The caller's PYTHONPATH after ours: a line's venv may run this checkout's package.
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), *given_path])},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert job.returncode == 0, f"step {step} on {line}:\n{job.stderr[-4000:]}"
        reported = last_json_line(job)
        assert reported["pyspark"].startswith(line + ".")
        # WindowSum's windows of four over 30 more rows per step, in every query.
        rows = reported["rows"]
        assert len(set(rows.values())) == 1 and rows["single-value"] > 0, rows
        # The query started on Spark 3.5 with RocksDB kept its single-value layout on Spark 4,
        # where RocksDB gives a new query the chunked one.
        assert reported["operators"] == {
            "single-value": "flatMapGroupsWithState",
            "rocksdb-from-3.5": "flatMapGroupsWithState",
            **({} if line == "3.5" else {"chunked": "transformWithStateExec"}),
        }
        # Without the opt-in, Spark 4 with RocksDB gives that query the chunked layout: refused
        # by the JVM from the layout the checkpoint recorded (before Spark's own check), naming
        # it and the setting that keeps it.
        refused = reported["refused"]
        if line == "3.5":
            assert refused == {}
            continue
        assert list(refused) == ["rocksdb-from-3.5"], refused
        assert refused["rocksdb-from-3.5"]["message"].startswith(LAYOUT_REFUSAL), refused
        assert KEEP_SINGLE_VALUE in refused["rocksdb-from-3.5"]["message"]
        assert refused["rocksdb-from-3.5"]["condition"] == "STREAMS_WINDOW_INCOMPATIBLE_RESTART"
