"""The crash soak (scripts/soak.py): the Spark driver of a partitioned streaming query killed with
SIGKILL at random moments and restarted from its checkpoint; the file sink must then hold exactly
the rows of a run without failures. The short version (3 kills) runs by default; the long one
(20 kills, up to 30 minutes) with STREAMS_WINDOW_SOAK=1 (docs/reliability.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SOAK = Path(__file__).resolve().parents[2] / "scripts" / "soak.py"


def soak(tmp_path: Path, *arguments: str, timeout: float) -> dict:
    job = subprocess.run(
        [sys.executable, str(SOAK), "--work", str(tmp_path), *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    log = tmp_path / "driver.log"
    tail = log.read_text()[-4000:] if log.exists() else ""
    assert job.returncode == 0, f"{job.stdout}\n{job.stderr}\n{tail}"
    return json.loads(job.stdout.strip().splitlines()[-1])


def test_three_driver_kills_lose_and_duplicate_nothing(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    report = soak(
        tmp_path,
        *("--kills", "3", "--files", "12", "--rows-per-file", "500", "--keys", "20"),
        *("--seed", "11"),
        timeout=600,
    )
    assert report["equal"] and report["kills_survived"] == 3, report
    assert report["rows_compared"] > 1000


@pytest.mark.skipif(
    os.environ.get("STREAMS_WINDOW_SOAK") != "1",
    reason="the long soak (20 kills) runs with STREAMS_WINDOW_SOAK=1",
)
def test_twenty_driver_kills_lose_and_duplicate_nothing(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    report = soak(tmp_path, "--kills", "20", timeout=2400)
    assert report["equal"] and report["kills_survived"] == 20, report
