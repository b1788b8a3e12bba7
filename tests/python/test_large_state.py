"""Windows larger than the driver's heap, on the chunked state layout (docs/architecture.md,
"State layout"). Slow (several minutes on 2 cores): it runs only when STREAMS_WINDOW_LARGE_STATE=1,
as in ``STREAMS_WINDOW_LARGE_STATE=1 .venv/bin/python -m pytest tests/python/test_large_state.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from support import last_json_line, run_script

HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.skipif(
    os.environ.get("STREAMS_WINDOW_LARGE_STATE") != "1",
    reason="holds 20M tuples for minutes: set STREAMS_WINDOW_LARGE_STATE=1 to run it",
)


def test_windows_of_20m_tuples_on_a_2_gib_driver_lose_and_duplicate_nothing(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    job = run_script(HERE / "large_state_job.py", str(tmp_path), timeout=3600)
    result = last_json_line(job)

    assert result["max_heap"] <= 2 * 1024**3
    assert result["batches"] == 40
    assert result["windows"] == 200  # every key's window tumbled once, at 100,000 tuples
    assert result["tuples_shown"] == 20_000_000
    assert result["equal"], result


def test_one_key_with_10m_tuples_in_one_window_loses_and_duplicates_nothing(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    # 20 micro-batches of 500,000 rows, all of one key, into one tumbling window of 10M tuples.
    job = run_script(HERE / "large_state_job.py", str(tmp_path), "20", "500000", "1", timeout=3600)
    result = last_json_line(job)

    assert result["batches"] == 20
    assert result["windows"] == 1
    assert result["tuples_shown"] == 10_000_000
    assert result["equal"], result
