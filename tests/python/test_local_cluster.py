"""run_operator() on a cluster of two executor JVMs (Spark's local-cluster master).

Proves what local[2] cannot: the jars reach the executors (spark.jars shipping), the plan and
the operator's state cross JVMs by serialisation, and an executor's failure still reaches the
driver as an OperatorError. A process holds one SparkContext, so the job runs in a subprocess
(tests/python/cluster_job.py) with a timeout; this test checks the JSON it prints.
"""

from __future__ import annotations

import os
from pathlib import Path

from support import BUNDLE_GREETING, BUNDLE_LABEL, last_json_line, run_script

HERE = Path(__file__).resolve().parent


def test_partitioned_window_sum_on_two_executor_jvms_equals_the_streams_run(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    # local-cluster workers write executor logs under SPARK_WORKER_DIR (else into pyspark's
    # installation directory).
    environment = dict(os.environ, SPARK_WORKER_DIR=str(tmp_path / "work"))
    job = run_script(HERE / "cluster_job.py", str(tmp_path), env=environment)
    result = last_json_line(job)

    actual = [tuple(row) for row in result["actual"]]
    assert actual == [tuple(row) for row in result["expected"]]
    assert actual == [tuple(row) for row in result["python_expected"]]
    assert len(actual) == 6 * 5
    panes = [tuple(row) for row in result["panes_actual"]]
    assert panes == [tuple(row) for row in result["panes_expected"]]
    assert len(panes) > 6 * 10  # timeInterval panes: 126 rows at 0.5 s, panes every 4 s
    executors = {
        name: tasks for name, tasks in result["tasks_per_executor"].items() if name != "driver"
    }
    assert len(executors) == 2 and all(tasks > 0 for tasks in executors.values()), executors
    # The application's bundle, shipped as an archive, found by each executor's operators.
    assert result["resources"] == [[BUNDLE_LABEL, BUNDLE_GREETING]]
    assert result["failure"] == {
        "type": "OperatorError",
        "operator": "io.streamswindow.examples.FailingOperator",
        "cause_message": "FailingOperator fails on tuple 2 as configured",
    }
