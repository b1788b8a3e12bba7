"""The README's install commands never change the Spark line of the environment they run in
(README, "Installing"): pip's own resolver, asked with ``pip install --dry-run --report``, keeps a
pyspark of any supported line in place.

Offline: the package is this checkout's ``pyproject.toml`` and ``setup.py`` built into a wheel
(without jars), and pyspark and pandas are stand-in wheels in a local directory (``--no-index
--find-links``) that declare what the real ones declare for the resolver: their versions and a
``connect`` extra. The stand-ins are installed, one line at a time, in a venv of their own.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from streams_window import _spark_version

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LINES = [f"{major}.{minor}" for major, minor in _spark_version.LINES]
DEFAULT = _spark_version._FACTS["default"]


def pinned_pyspark(line: str) -> str:
    """The pyspark the line's tests pin (tests/python/requirements*.txt), as a user's environment
    would hold it."""
    name = "requirements.txt" if line == DEFAULT else f"requirements-spark-{line}.txt"
    found = re.search(r"^pyspark==(\S+)$", (HERE / name).read_text(), re.MULTILINE)
    assert found is not None, name
    return found[1]


PINNED = {line: pinned_pyspark(line) for line in LINES}
# A pyspark of a line newer than every supported one: no extra may take it.
UNSUPPORTED_NEWER = "4.4.0"
PANDAS = ["2.3.3", "3.0.0"]


def readme_commands() -> list[list[str]]:
    """The ``pip install`` commands of the README's "Installing" code blocks, split as a shell
    would."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Installing\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```bash\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
    commands = []
    for block in blocks:
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words[:2] == ["pip", "install"]:
                commands.append(words[2:])
    return commands


def write_wheel(directory: Path, name: str, version: str, metadata: list[str]) -> Path:
    """A wheel of ``name`` ``version`` holding one empty module and ``metadata``'s lines."""
    info = f"{name}-{version}.dist-info"
    wheel = directory / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as out:
        out.writestr(f"{name}/__init__.py", f'__version__ = "{version}"\n')
        out.writestr(
            f"{info}/METADATA",
            "\n".join(["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}", *metadata])
            + "\n",
        )
        out.writestr(
            f"{info}/WHEEL",
            "Wheel-Version: 1.0\nGenerator: test_installing\nRoot-Is-Purelib: true\n"
            "Tag: py3-none-any\n",
        )
        out.writestr(f"{info}/RECORD", "")
    return wheel


def stand_in_pyspark(directory: Path, version: str) -> None:
    # As pyspark declares it: its Connect client needs pandas (2.2 or newer from Spark 4).
    pandas = "pandas>=1.0.5" if version.startswith("3.") else "pandas>=2.2.0"
    write_wheel(
        directory,
        "pyspark",
        version,
        ["Provides-Extra: connect", f'Requires-Dist: {pandas}; extra == "connect"'],
    )


class Environment:
    """A venv with pip, the stand-in index and this checkout's wheel."""

    def __init__(self, root: Path) -> None:
        self.index = root / "index"
        self.index.mkdir()
        for version in [*PINNED.values(), UNSUPPORTED_NEWER]:
            stand_in_pyspark(self.index, version)
        for version in PANDAS:
            write_wheel(self.index, "pandas", version, [])
        self.package = self.build_package(root / "package")
        venv = root / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
        self.python = venv / "bin" / "python"

    @staticmethod
    def build_package(directory: Path) -> Path:
        """This checkout's wheel, from a copy of what its metadata comes from (the jars are
        left out: the resolver reads the metadata only)."""
        source = directory / "source"
        shutil.copytree(
            ROOT / "python" / "streams_window",
            source / "python" / "streams_window",
            ignore=shutil.ignore_patterns("jars", "__pycache__"),
        )
        for name in ("pyproject.toml", "setup.py", "LICENSE"):
            shutil.copy2(ROOT / name, source / name)
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
                str(directory),
                str(source),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        (wheel,) = directory.glob("streams_window-*.whl")
        return wheel

    def pip(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        """Runs the venv's pip; ``install`` looks in the stand-in index only."""
        offline = ["--no-index", "--find-links", str(self.index)]
        if arguments[0] != "install":
            offline = []
        return subprocess.run(
            [
                str(self.python),
                "-m",
                "pip",
                *arguments,
                *offline,
                "--disable-pip-version-check",
                "--quiet",
            ],
            # Without the caller's PYTHONPATH, which may show pip a streams_window of its own.
            env={key: value for key, value in os.environ.items() if key != "PYTHONPATH"},
            capture_output=True,
            text=True,
            timeout=300,
        )

    def have_pyspark(self, version: str | None) -> None:
        """Installs pyspark ``version`` (a stand-in), or none."""
        if version is None:
            done = self.pip("uninstall", "--yes", "pyspark")
        else:
            done = self.pip("install", f"pyspark=={version}")
        assert done.returncode == 0, done.stderr

    def would_install(self, arguments: list[str], report: Path) -> dict[str, str]:
        """What ``pip install arguments`` would install (name to version), by ``--dry-run``. The
        checkout's path in the README's form, ``/path/to/streams-window[extras]``, is this
        checkout's wheel with those extras."""
        given = [
            re.sub(r"^/path/to/streams-window(\[.*\])?$", rf"{self.package}\1", word)
            for word in arguments
        ]
        done = self.pip("install", "--dry-run", "--report", str(report), *given)
        assert done.returncode == 0, f"pip install {' '.join(arguments)}:\n{done.stderr}"
        installs = json.loads(report.read_text())["install"]
        # Names as pip compares them (PEP 503): the wheel's metadata spells ours streams_window.
        return {
            re.sub(r"[-_.]+", "-", item["metadata"]["name"]).lower(): item["metadata"]["version"]
            for item in installs
        }


@pytest.fixture(scope="module")
def environment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Environment]:
    yield Environment(tmp_path_factory.mktemp("installing"))


def test_the_readme_shows_a_command_per_line() -> None:
    commands = readme_commands()
    assert ["/path/to/streams-window[spark,connect]"] in commands, commands
    assert ["/path/to/streams-window[spark]"] in commands, commands


@pytest.mark.parametrize("line", LINES)
def test_no_readme_command_moves_a_pyspark_of_a_supported_line(
    environment: Environment, line: str, tmp_path: Path
) -> None:
    environment.have_pyspark(PINNED[line])
    for command in readme_commands():
        installs = environment.would_install(command, tmp_path / "report.json")
        assert "streams-window" in installs, (command, installs)
        # pip keeps the installed pyspark: it installs none.
        assert "pyspark" not in installs, (line, command, installs)


def test_without_a_pyspark_the_extras_bring_the_newest_supported_line(
    environment: Environment, tmp_path: Path
) -> None:
    environment.have_pyspark(None)
    newest = PINNED[LINES[-1]]
    for command in readme_commands():
        installs = environment.would_install(command, tmp_path / "report.json")
        assert installs.get("pyspark") == newest, (command, installs)
        if "connect" in command[0]:
            assert installs.get("pandas") == "2.3.3", (command, installs)


def test_a_line_named_beside_the_extras_is_the_one_installed(
    environment: Environment, tmp_path: Path
) -> None:
    # README, "Installing": how a new environment gets Spark 3.5.
    command = '"/path/to/streams-window[spark]" "pyspark==3.5.*"'
    assert f"`pip install {command}`" in (ROOT / "README.md").read_text()
    environment.have_pyspark(None)
    installs = environment.would_install(shlex.split(command), tmp_path / "report.json")
    assert installs.get("pyspark") == PINNED["3.5"], installs
