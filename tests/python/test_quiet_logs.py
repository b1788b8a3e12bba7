"""What a user's terminal shows: the library's errors, and no Spark log lines on a normal run.

Runs quiet_job.py in its own process (its stderr is all the JVM and Python printed) and reads
every line of it.
"""

from __future__ import annotations

from pathlib import Path

from support import run_script

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
