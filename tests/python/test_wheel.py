"""The built wheel carries streams-window's jar, so that `pip install` is enough on a cluster."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_carries_the_spark_jar_and_the_examples(tmp_path: Path, built_jar: str) -> None:
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
    assert f"streams_window/jars/{Path(built_jar).name}" in names
    assert any(n.startswith("streams_window/jars/examples/streams-window-examples-") for n in names)
    assert "streams_window/py.typed" in names
