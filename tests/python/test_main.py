"""``python -m streams_window classpath [--spark]``: what it prints, and how it fails.

Run as a subprocess, as users run it, so that the exit status and stderr are the real ones.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import streams_window as sw
from streams_window import _jars

PACKAGE_DIR = Path(sw.__file__).resolve().parent


def run_module(*arguments: str, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ)
    if pythonpath is not None:
        # Ahead of the installed (editable) package on sys.path.
        environment["PYTHONPATH"] = str(pythonpath)
    return subprocess.run(
        [sys.executable, "-m", "streams_window", *arguments],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )


def test_classpath_prints_the_api_and_json4j_jars(api_jar: str) -> None:
    result = run_module("classpath")

    expected = os.pathsep.join([api_jar, _jars.json4j_jar_path()])
    assert (result.returncode, result.stdout, result.stderr) == (0, expected + "\n", "")
    assert "streams-window-json4j-" in expected


def test_classpath_spark_prints_the_jar_a_session_needs(built_jar: str) -> None:
    result = run_module("classpath", "--spark")

    assert (result.returncode, result.stdout, result.stderr) == (0, built_jar + "\n", "")


def test_a_missing_jar_is_one_line_on_stderr_and_status_1(tmp_path: Path) -> None:
    # A copy of the package outside any checkout, without jars: neither jar can be found.
    site = tmp_path / "site"
    shutil.copytree(PACKAGE_DIR, site / "streams_window", ignore=shutil.ignore_patterns("jars"))

    for arguments, missing in [
        (("classpath",), "The API jar was not found"),
        (
            ("classpath", "--spark"),
            # the jar the running pyspark needs: Spark 4's, or Spark 3.5's for its Scala
            "streams-window's jar was not found"
            if _jars.spark_build() == _jars.SPARK_4
            else f"The streams-window (Spark 3.5, Scala {_jars.spark_build()[4:]}) jar was not"
            " found",
        ),
    ]:
        result = run_module(*arguments, pythonpath=site)

        assert result.returncode == 1, result
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("python -m streams_window classpath: ")
        assert missing in lines[0]
        assert "not inside a source checkout" in lines[0]


def test_help_shows_the_command_and_how_to_use_its_output() -> None:
    top = run_module("--help")
    command = run_module("classpath", "--help")

    assert top.returncode == 0 and command.returncode == 0
    assert "classpath" in top.stdout
    assert 'javac -cp "$(python -m streams_window classpath)"' in top.stdout
    assert "--spark" in command.stdout and "spark-submit --jars" in command.stdout


def test_no_command_is_a_usage_error() -> None:
    result = run_module()

    assert result.returncode == 2
    assert "the following arguments are required: COMMAND" in result.stderr
