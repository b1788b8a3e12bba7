"""An executor JVM killed with SIGKILL in the middle of a streaming micro-batch, on a
local-cluster master of two executors: Spark retries the lost tasks, the state store rolls back
to the micro-batch's start, and the file sink holds every window once (docs/reliability.md).
The job runs in a subprocess (tests/python/executor_loss_job.py), which kills only the executor
its own driver started, by PID. Slow (two minutes on a busy 2-core machine): it runs with the
long soak, when STREAMS_WINDOW_SOAK=1."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from support import last_json_line, run_script

HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.skipif(
    os.environ.get("STREAMS_WINDOW_SOAK") != "1",
    reason="two minutes on a local-cluster: runs with the long soak, STREAMS_WINDOW_SOAK=1",
)


def test_an_executor_killed_mid_micro_batch_loses_and_duplicates_no_window(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    environment = dict(os.environ, SPARK_WORKER_DIR=str(tmp_path / "work"))
    job = run_script(HERE / "executor_loss_job.py", str(tmp_path), env=environment, timeout=300)
    result = last_json_line(job)

    assert result["executors_before"] == 2
    assert result["killed"] and result["stages_at_kill"] > 0, result
    assert result["batch_at_kill"] is not None and result["batches"] > result["batch_at_kill"] + 1
    assert result["actual"] == result["expected"]
    assert len(result["actual"]) > 4 * 100 // 4 - 6  # every full window of 400 rows, 6 keys
