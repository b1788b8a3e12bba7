"""What a user's terminal shows: the library's errors, and no Spark log lines on a normal run.

Runs quiet_job.py in its own process (its stderr is all the JVM and Python printed) and reads
every line of it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import NO_CONNECT_ON_3_5, SPARK_3_5
from support import last_json_line, run_script

HERE = Path(__file__).resolve().parent

# Printed by the JVM itself at start (Spark 4 runs with the incubating vector module), before any
# log configuration applies.
JVM_NOTICE = "WARNING: Using incubator modules: jdk.incubator.vector"


def test_a_failed_job_and_a_stop_mid_batch_print_nothing_but_the_error_caught(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    job = run_script(HERE / "quiet_job.py", str(tmp_path))

    assert job.stdout.splitlines()[0] == (
        "caught: java.lang.IllegalStateException: FailingOperator fails on tuple 3 as configured"
    )
    assert '"batches_before_stop"' in job.stdout
    # Before: "ERROR Executor: Exception in task ..." with a stack trace for the failed job, and
    # a dozen "ERROR DataWritingSparkTask / WriteToDataSourceV2Exec / Utils: Aborting ..." lines
    # for the stop.
    printed = [line for line in job.stderr.splitlines() if line.strip() and line != JVM_NOTICE]
    assert printed == []



def test_a_stop_interrupting_a_changelog_commit_is_not_logged_but_other_state_errors_are(
    tmp_path: Path,
) -> None:
    # Which micro-batch a stop interrupts is a race, so the job above cannot always show it: the
    # RocksDB store's changelog writer logs the interrupted commit (seen with Spark 4.1), and the
    # commit's exception fails its task anyway. quiet_state_log_job.py logs both messages through
    # the writer's own logger, in a session made by configure().
    job = run_script(HERE / "quiet_state_log_job.py")

    printed = [line for line in job.stderr.splitlines() if line.strip() and line != JVM_NOTICE]
    assert [line.split(" ", 2)[2] for line in printed] == [
        "ERROR StateStoreChangelogWriterV2: Some other state store error"
    ]


def test_the_ui_address_and_one_warning_per_query_run_for_rows_behind_order_by_are_printed(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    job = run_script(HERE / "behind_order_job.py", str(tmp_path))

    assert last_json_line(job) == {"rows_behind_order_by": [0, 2, 1]}
    printed = [line for line in job.stderr.splitlines() if line.strip() and line != JVM_NOTICE]
    assert len(printed) == 2, job.stderr
    # After the time stamp: where the UI is (on a free port), once, when the plan is built.
    assert re.fullmatch(
        r"INFO SparkUiAddress: The Spark UI is at http://\S+:\d+: jobs, stages, the SQL plans"
        r" and the Structured Streaming queries of this application",
        printed[0].split(" ", 2)[2],
    ), printed[0]
    # The level, our logger, the operator, the key and the two values.
    assert printed[1].split(" ", 2)[2] == (
        "WARN WindowedGroupRunner: io.streamswindow.examples.WindowSum"
        ' (window "partitioned, tumbling, count(2)"), key [a]: 2 row(s) of this micro-batch have'
        " an order_by (seq) value below 11, the last value the key processed in an earlier"
        " micro-batch (the least: 3). order_by orders the rows of one micro-batch; across"
        " micro-batches rows arrive in the source's order. The query's progress counts such rows"
        " in observedMetrics, metric rows_behind_order_by. Logged once per query run"
        ' (docs/python.md, "Streams").'
    )


@pytest.mark.skipif(SPARK_3_5, reason=NO_CONNECT_ON_3_5)
def test_a_connect_session_prints_no_echoed_settings_and_no_server_trace_for_a_refusal(
    built_jar: str, examples_jar: str
) -> None:
    # SPARK_TESTING: PySpark starts the local server on a free port, not on 15002, which test runs
    # side by side would share (docs/connect.md); the server runs without a UI then.
    job = run_script(
        HERE / "connect_quiet_job.py", examples_jar, env={**os.environ, "SPARK_TESTING": "1"}
    )

    assert job.stdout.splitlines()[0] == (
        "caught: order_by column 'sequence' is not in the DataFrame;"
        " its columns are ['key', 'seq', 'cost']"
    )
    # Before: four "UserWarning: Failed to set ..." at the start (the settings configure() gave
    # the server it starts, sent again by the client), and a 50-line stack trace under
    # "ERROR ErrorUtils: Spark Connect RPC error during: analyze" before the ArgumentError.
    printed = [line for line in job.stderr.splitlines() if line.strip() and line != JVM_NOTICE]
    assert printed == []
