"""Spark's real-time mode (``trigger(realTime=...)``, Spark 4.3 and later) as a user meets it:
``real_time=True`` hands a stream's rows to the operator as they arrive, with count, delta,
punctuation and time policies and several input ports, through Kafka both ways; a driver killed
with SIGKILL in the middle of a batch and restarted loses nothing; docs/java.md's Java example runs
there as a plain ``java`` main; and what cannot run is refused in one line naming the alternative
(docs/python.md, "Real-time mode").

The real-time queries run in a subprocess (real_time_job.py), on the broker of conftest.py's
``kafka_broker``: the shared session has neither Spark's Kafka connector nor the task slots that
real-time mode takes (every stage's tasks at once).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyspark
import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from kafka_broker import KafkaBroker, java_command
from support import WINDOW_SUM, last_json_line, readings, run_script, tumbling_sums
from test_docs import python_blocks

HERE = Path(__file__).resolve().parent

REAL_TIME_LINE = tuple(int(part) for part in pyspark.__version__.split(".")[:2]) >= (4, 3)
needs_real_time = pytest.mark.skipif(
    not REAL_TIME_LINE, reason="Spark's real-time mode comes with Spark 4.3"
)

KEYS = ["acme", "zeta", "umbra"]


def topics(broker: KafkaBroker, *names: str) -> list[str]:
    """Topics of this test's own on the shared broker, two partitions each."""
    suffix = uuid.uuid4().hex[:8]
    made = [f"{name}-{suffix}" for name in names]
    for topic in made:
        broker.create_topic(topic, 2)
    return made


def as_records(rows: list[tuple[Any, ...]], marks: bool = False) -> list[tuple[str, str]]:
    out = []
    for row in rows:
        value: dict[str, Any] = {"key": row[0], "seq": row[1], "cost": row[2]}
        if marks:
            value["mark"] = len(row) > 3 and row[3]
        out.append((row[0], json.dumps(value)))
    return out


def sink_values(broker: KafkaBroker, topic: str) -> list[dict[str, Any]]:
    return [json.loads(record.value) for record in broker.consume(topic)]


def job(broker: KafkaBroker, jars: list[str], scratch: Path, what: str, **arguments: Any) -> Any:
    return last_json_line(job_run(broker, jars, scratch, what, **arguments))


def job_run(
    broker: KafkaBroker, jars: list[str], scratch: Path, what: str, **arguments: Any
) -> subprocess.CompletedProcess[str]:
    return run_script(
        HERE / "real_time_job.py",
        broker.bootstrap,
        ",".join(jars),
        str(scratch),
        what,
        json.dumps(arguments),
        timeout=300,
    )


# ---- refusals, on every line


def test_real_time_on_a_batch_is_refused_naming_the_alternative(spark: SparkSession) -> None:
    df = spark.createDataFrame([("a", 1, 1.0)], "key string, seq long, cost double")
    with pytest.raises(sw.ArgumentError) as refused:
        window_sums(df, real_time=True)
    assert str(refused.value).splitlines()[0] == (
        "real_time: the input is a batch DataFrame, and real-time mode runs streams only:"
        " leave real_time out for a batch"
    )


def file_stream(spark: SparkSession, tmp_path: Path) -> Any:
    (tmp_path / "in").mkdir()
    return spark.readStream.schema("key string, seq long, cost double").json(str(tmp_path / "in"))


def window_sums(df: Any, **more: Any) -> Any:
    """WindowSum per key over ``partitioned, tumbling, count(4)``, as the refusal tests ask."""
    return sw.run_operator(
        df,
        WINDOW_SUM,
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        params={"attr": "cost"},
        output_schema="key string, total double",
        **more,
    )


@pytest.fixture()
def single_value_layout(spark: SparkSession) -> Iterator[None]:
    """The shared session gives new streams the single-value layout, as it was afterwards."""
    key = "spark.streamswindow.stateLayout"
    before = spark.conf.get(key, None)
    spark.conf.set(key, "single-value")
    yield
    if before is None:
        spark.conf.unset(key)
    else:
        spark.conf.set(key, before)


@pytest.mark.skipif(REAL_TIME_LINE, reason="this line has real-time mode")
def test_real_time_before_spark_4_3_is_refused_naming_micro_batches(
    spark: SparkSession, tmp_path: Path
) -> None:
    with pytest.raises(sw.ArgumentError) as refused:
        sw.aggregate(
            file_stream(spark, tmp_path),
            window="partitioned, tumbling, count(4)",
            partition_by="key",
            output={"n": "Count()"},
            real_time=True,
        )
    assert str(refused.value).splitlines()[0] == (
        "real_time: Spark's real-time mode needs Spark 4.3 or later, and this session runs"
        f" Spark {spark.version}: leave real_time out to run the stream in micro-batches"
    )


@needs_real_time
def test_real_time_on_the_single_value_layout_is_refused_naming_the_store(
    spark: SparkSession, tmp_path: Path, single_value_layout: None
) -> None:
    with pytest.raises(sw.ArgumentError) as refused:
        window_sums(file_stream(spark, tmp_path), real_time=True)
    first = str(refused.value).splitlines()[0]
    assert first.startswith(
        "real_time: Spark's real-time mode runs the chunked state layout only (transformWithState),"
        " and this session gives the single-value layout: set"
        " spark.sql.streaming.stateStore.providerClass to"
        " org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"
    ), first
    assert first.endswith("or leave real_time out to run in micro-batches"), first


@needs_real_time
def test_the_single_value_layout_started_under_the_real_time_trigger_is_told_what_runs_it(
    spark: SparkSession, tmp_path: Path, single_value_layout: None
) -> None:
    # Without real_time=True the plan builds; start() then meets the update output mode that
    # real-time mode needs, which the single-value layout refuses.
    sums = window_sums(file_stream(spark, tmp_path))
    with pytest.raises(sw.ArgumentError) as refused:
        sums.writeStream.format("console").outputMode("update").trigger(
            realTime="5 seconds"
        ).option("checkpointLocation", str(tmp_path / "checkpoint")).start()
    assert "Spark's real-time mode, which takes update only, runs the chunked state layout" in str(
        refused.value
    )
    assert "pass real_time=True (docs/real-time.md)" in str(refused.value)


# ---- real-time queries (Spark 4.3 and later)


@needs_real_time
@pytest.mark.parametrize("session", ["classic", "connect"])
def test_rows_reach_the_operator_as_they_arrive_not_when_the_batch_ends(
    kafka_broker: KafkaBroker, kafka_connector_jars: list[str], tmp_path: Path, session: str
) -> None:
    source, sink = topics(kafka_broker, "readings", "sums")
    rows = readings(KEYS, 4)  # 12 rows: every key's window of 4 is full once
    expected = tumbling_sums(rows, 4, sort=False)
    ran = job_run(
        kafka_broker,
        kafka_connector_jars,
        tmp_path,
        "arrival" if session == "classic" else "connect_arrival",
        source=source,
        sink=sink,
        rows=[list(row) for row in rows],
        expected=len(expected),
        batch_seconds=90,
        wait_seconds=45,
    )
    report = last_json_line(ran)
    # Every sum was written while the 90 s batch that read its rows was still open: packed until
    # the partition's end, they would have waited for the batch to end.
    assert report["seconds_after_writing"] is not None, report
    assert report["batches_ended_meanwhile"] == 0, report
    got = sorted(
        (s["key"], s["seq"], s["total"], s["count"]) for s in sink_values(kafka_broker, sink)
    )
    assert got == sorted(expected)
    # The query was stopped in the middle of its batch: with configure()'s log settings nothing
    # is logged at ERROR, Spark's streaming shuffle's report of the writers the stop ended
    # included (docs/real-time.md, "Failures and stops").
    assert [line for line in ran.stderr.splitlines() if " ERROR " in line] == []


def delta_tumbles(seqs: list[int], delta: int) -> list[list[int]]:
    """SPL's tumbling delta(seq, d): a tuple more than d past the window's oldest tumbles it."""
    windows: list[list[int]] = []
    current: list[int] = []
    for seq in seqs:
        if current and seq - current[0] > delta:
            windows.append(current)
            current = []
        current.append(seq)
    return windows


@needs_real_time
def test_count_delta_punctuation_time_two_ports_join_and_sort_run_in_real_time_mode(
    kafka_broker: KafkaBroker, kafka_connector_jars: list[str], tmp_path: Path
) -> None:
    rows = readings(["a", "b"], 7)
    costs = {seq: cost for _, seq, cost in rows}
    per_key: dict[str, list[int]] = {}
    for key, seq, _ in rows:
        per_key.setdefault(key, []).append(seq)

    expected: dict[str, list[tuple[str, float, int]]] = {"count": [], "delta": [], "punct": []}
    for key, seqs in per_key.items():
        for start in range(0, len(seqs) - 2, 3):
            group = seqs[start : start + 3]
            expected["count"].append((key, sum(costs[s] for s in group), 3))
        for group in delta_tumbles(seqs, 2):
            expected["delta"].append((key, sum(costs[s] for s in group), len(group)))
        expected["punct"].append((key, sum(costs[s] for s in seqs), len(seqs)))
    marked = [(*row, False) for row in rows] + [(key, 0, 0.0, True) for key in per_key]

    windows: dict[str, list[Any]] = {}
    clauses = {
        "count": "partitioned, tumbling, count(3)",
        "delta": "partitioned, tumbling, delta(seq, 2)",
        "punct": "partitioned, tumbling, punct()",
        "time": "partitioned, tumbling, time(1)",
    }
    for name, clause in clauses.items():
        source, sink = topics(kafka_broker, f"{name}-in", f"{name}-out")
        kafka_broker.produce(
            source, as_records(marked if name == "punct" else rows, name == "punct")
        )
        # time: every key's rows tumble within a second or two; at least one tumble per key.
        count = len(per_key) if name == "time" else len(expected[name])
        windows[name] = [clause, source, sink, count]
    port0, port1, ports_sink = topics(kafka_broker, "port0", "port1", "ports-out")
    left_rows, right_rows = readings(["a", "b"], 4), readings(["a", "b"], 6, first_seq=100)
    kafka_broker.produce(port0, as_records(left_rows))
    kafka_broker.produce(port1, as_records(right_rows))
    # SPL Join reads the same two topics: every pair of one key, once.
    join_sink, sort_source, sort_sink = topics(kafka_broker, "join-out", "sort-in", "sort-out")
    pairs = sorted((lk, ls, rs) for lk, ls, _ in left_rows for rk, rs, _ in right_rows if lk == rk)
    # SPL Sort's progressive sort of count(2) (docs/semantics.md, "SPL Sort"): once a key holds
    # two rows, each new one first pushes out the least it holds, then takes its place after the
    # rows it ties with; the last two stay held (no final marker on a running stream).
    sort_rows = readings(["a", "b"], 6)
    kafka_broker.produce(sort_source, as_records(sort_rows))
    pushed_out: dict[str, list[tuple[float, int]]] = {}
    held: dict[str, list[tuple[float, int]]] = {}
    for key, seq, cost in sort_rows:
        kept = held.setdefault(key, [])
        if len(kept) == 2:
            pushed_out.setdefault(key, []).append(kept.pop(0))
        kept.append((cost, seq))
        kept.sort(key=lambda row: row[0])  # stable: equal costs keep arrival order

    report = job(
        kafka_broker,
        kafka_connector_jars,
        tmp_path,
        "policies",
        windows=windows,
        ports=[port0, port1, ports_sink, 4 + 4],
        join=[port0, port1, join_sink, len(pairs)],
        sort=[sort_source, sort_sink, sum(len(rows) for rows in pushed_out.values())],
        batch_seconds=5,
        wait_seconds=40,
    )
    assert all(waited is not None for waited in report.values()), report

    for name in ("count", "delta", "punct"):
        got = sorted(
            (v["key"], v["total"], v["n"]) for v in sink_values(kafka_broker, windows[name][2])
        )
        assert got == sorted(expected[name]), name
    # Every row is in exactly one tumble of its key: the tumbles' totals add up to the rows'.
    tumbles = sink_values(kafka_broker, windows["time"][2])
    assert sum(v["n"] for v in tumbles) == len(rows)
    assert sum(v["total"] for v in tumbles) == pytest.approx(sum(costs.values()))
    ports = Counter(
        (v["key"], v["port"], v["count"]) for v in sink_values(kafka_broker, ports_sink)
    )
    assert ports == Counter({("a", 0, 2): 2, ("b", 0, 2): 2, ("a", 1, 3): 2, ("b", 1, 3): 2})
    joined = sorted((v["key"], v["lseq"], v["rseq"]) for v in sink_values(kafka_broker, join_sink))
    assert joined == pairs
    # A key's rows keep their order through Kafka (one partition per key, in and out).
    sorted_out: dict[str, list[tuple[float, int]]] = {}
    for v in sink_values(kafka_broker, sort_sink):
        sorted_out.setdefault(v["key"], []).append((v["cost"], v["seq"]))
    assert sorted_out == pushed_out


@needs_real_time
def test_a_driver_killed_mid_batch_and_restarted_loses_nothing_and_counts_its_repeats(
    kafka_broker: KafkaBroker, kafka_connector_jars: list[str], tmp_path: Path
) -> None:
    source, sink = topics(kafka_broker, "readings", "sums")
    rows = readings(KEYS, 40)
    expected = tumbling_sums(rows, 4, sort=False)
    first, second = rows[:60], rows[60:]
    kafka_broker.produce(source, as_records(first))
    arguments = dict(
        source=source,
        sink=sink,
        checkpoint=str(tmp_path / "checkpoint"),
        batch_seconds=30,
        wait_seconds=240,
    )
    environment = dict(os.environ, PYTHONPATH=str(HERE))
    command = [sys.executable, str(HERE / "real_time_job.py"), kafka_broker.bootstrap,
               ",".join(kafka_connector_jars), str(tmp_path)]  # fmt: skip
    # A driver that never reaches its goal: killed with SIGKILL once some sums are out, in the
    # middle of its 30 s batch (Kafka's sink writes as the operator submits).
    killed = subprocess.Popen(
        [*command, "restartable", json.dumps({**arguments, "until": len(expected) + 1})],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        deadline = time.monotonic() + 180
        while sum(kafka_broker.end_offsets(sink).values()) < 5:
            assert killed.poll() is None, "the job ended before it was killed"
            assert time.monotonic() < deadline, "no sum came out before the kill"
            time.sleep(0.2)
    finally:
        killed.send_signal(signal.SIGKILL)
        killed.wait()
    kafka_broker.produce(source, as_records(second))

    report = job(
        kafka_broker,
        kafka_connector_jars,
        tmp_path,
        "restartable",
        **{**arguments, "batch_seconds": 5, "until": len(expected)},
    )
    assert report["seconds"] is not None, report
    got = Counter(
        (s["key"], s["seq"], s["total"], s["count"]) for s in sink_values(kafka_broker, sink)
    )
    # Nothing lost and every window exact: the state the restart read back was the killed batch's
    # start, and the batch ran again. Kafka's sink is at-least-once: what the killed batch had
    # written comes again (docs/reliability.md, "Real-time mode").
    assert set(got) == set(expected)
    repeats = sum(count - 1 for count in got.values())
    assert 0 <= repeats <= len(expected)


@needs_real_time
def test_the_java_example_runs_in_real_time_mode_as_a_plain_java_main(
    kafka_broker: KafkaBroker,
    kafka_connector_jars: list[str],
    built_jar: str,
    examples_jar: str,
    spark_examples_jar: str,
) -> None:
    # docs/java.md's RealTimeExample, compiled against Spark 4.2 by the Maven build, run on this
    # line's Spark jars as a Java team runs its job: a main, the jars on its class path.
    java = java_command()
    assert java is not None, "no java on PATH or under JAVA_HOME"
    source, sink = topics(kafka_broker, "readings", "sums")
    spark_jars = Path(pyspark.__file__).parent / "jars" / "*"
    classpath = os.pathsep.join(
        [spark_examples_jar, built_jar, examples_jar, *kafka_connector_jars, str(spark_jars)]
    )
    quiet = Path(sw.__file__).parent / "log4j2.properties"  # the facade's quiet log profile
    ran = subprocess.run(
        [java, f"-Dlog4j2.configurationFile={quiet}", "-cp", classpath,
         "io.streamswindow.sparkexamples.RealTimeExample", kafka_broker.bootstrap, source, sink],
        capture_output=True,
        text=True,
        timeout=240,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-5000:]
    lines = ran.stdout.splitlines()
    sums = [json.loads(line) for line in lines if line.startswith("{")]
    assert sums == [{"customer": "acme", "seq": 4, "total": 10.0, "count": 4}], lines
    # Out while the 30 s batch that read its rows was open, and a stop that logs no ERROR.
    assert "batches ended: 0" in lines, lines
    assert [line for line in ran.stderr.splitlines() if " ERROR " in line] == []


@needs_real_time
def test_the_examples_of_the_real_time_page_run_as_written(
    kafka_broker: KafkaBroker, kafka_connector_jars: list[str]
) -> None:
    page = HERE.parents[1] / "docs" / "real-time.md"
    assert len(python_blocks(page.read_text())) >= 2
    for topic in ("rt-readings", "rt-sums"):  # the page's own topics, on the test's broker
        kafka_broker.create_topic(topic, 2)
    ran = run_script(
        HERE / "page_job.py",
        str(page),
        "written()",
        f"127.0.0.1:9092={kafka_broker.bootstrap}",
        cwd=HERE.parents[1],
        timeout=240,
    )
    assert last_json_line(ran) == [{"customer": "acme", "seq": 4, "total": 10.0, "count": 4}]
