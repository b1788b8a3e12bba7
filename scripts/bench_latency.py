#!/usr/bin/env python3
"""Latency through Kafka: how long a record takes from an input topic, through a streaming query,
to an output topic, at a fixed rate, for Spark's own queries and for ``run_operator``, in
real-time mode (Spark 4.3's ``trigger(realTime=...)``) and in micro-batches.

Run it with ``scripts/bench latency`` (which builds the jars and uses the Spark 4.3 venv); directly
it needs pyspark 4.3 with streams_window, the jars of java/spark, java/examples and java/bench
(``target/benchmarks.jar`` for the probe, the thin ``target/streams-window-bench-*.jar`` for the
floor query), and scripts/kafka.

A local Kafka broker (scripts/kafka, in a temporary directory, on a free port) serves every run.
Each run creates a fresh input and output topic (2 partitions each) and a fresh checkpoint, starts
one query in one Spark session (``local[4]``, 2 shuffle partitions: real-time mode runs every
stage's tasks at once, 2 Kafka partitions plus 2 shuffle partitions), waits until it runs, then
runs the load driver ``io.streamswindow.bench.latency.KafkaLatencyProbe`` (java/bench) for
BENCH_LATENCY_WARMUP + BENCH_LATENCY_SECONDS seconds, and stops the query.

The probe writes R records/s over 100 keys (k0 ... k99 in turn; value
``{"key","seq","cost","sent"}``, ``sent`` the wall clock in ms at the send; paced by the
monotonic clock) while it reads the output topic from its end (positioned before the first
write). A record's latency is the time its output record was received less its ``sent``, which
every query carries through; only records received in the measurement window after the warm-up
count. The probe also counts records written and received in every second: the lag (written less
received) of a query that keeps up stays level; one that falls behind grows. A rate is
*sustained* when the probe wrote within 5 % of R and the lag is not growing: growing when a
least-squares line through the lag over the measurement window rises by more than 5 % of R per
second and the last lag is above the highest of the window's first half (``LagTrend`` in
java/bench).

Queries (BENCH_LATENCY_QUERIES, comma-separated, default the first four, run in this order at each
rate):

  spark-rtm     Spark's own stateless pass-through, Kafka to Kafka (key and value unchanged),
                real-time mode: the least any query costs there
  floor-rtm     the least stateful per-key query on Spark's own API: transformWithState with one
                ValueState<Long> count per key, each row out at once as (key, count, sent)
                (java/bench FloorQuery), real-time mode, update output mode
  operator-mb   run_operator of IncrementalAverage on "partitioned, sliding, count(10), count(1)"
                per key, in micro-batches (the default trigger: the next starts when one ends)
  operator-rtm  the same run_operator with real_time=True, in real-time mode
  join-rtm      sw.join with real_time=True of the records as two ports (a key's records
                alternating between them), "partitioned, sliding, count(1)" on both, equal on
                the key: each record after its key's first matches the other port's latest at
                once, and its output carries the later ``sent`` of the pair (the arriving one's
                while records arrive in order); not in the default list: run it with
                BENCH_LATENCY_QUERIES=floor-rtm,join-rtm

Real-time queries run ``outputMode("update").trigger(realTime=BENCH_LATENCY_RTM_BATCH)``: each
real-time batch runs that long, then checkpoints, and the next starts.

Then, with BENCH_LATENCY_MAX=1 (the default), the highest rate each real-time query sustains: from
the highest rate it sustained above (0 when none), the rate doubles while sustained (up to
BENCH_LATENCY_MAX_CEILING), then BENCH_LATENCY_MAX_STEPS bisections between the highest rate
sustained and the lowest not sustained (rounded to 100 records/s), each trial a fresh query with
the shorter windows BENCH_LATENCY_MAX_WARMUP + BENCH_LATENCY_MAX_SECONDS, one trial per rate.
The probe itself writes a few hundred thousand records/s on 2 cores: a trial where it fell short
of the rate is not sustained, and says so.

Then, with BENCH_LATENCY_TRIGGERS=1 (the default), how late processing-time triggers fire in
real-time mode. ``run_operator`` of ``io.streamswindow.bench.latency.TriggerLateness`` (java/bench,
an operator on IBM's API only) on ``partitioned, sliding, time(30), time(P)`` per key
(P = BENCH_LATENCY_TRIGGER_PERIOD seconds, default 1), ``real_time=True``: per partition it notes
the wall clock at the partition's creation (its first row: in real-time mode a row's processing
time is the wall clock of its call, so that is the trigger grid's origin, to the millisecond for
most keys; lateness_summary says how the others are corrected), counts its TRIGGER events and
at the k-th submits ``(key, trigger, due_ms, fired_ms, lateness_ms)``, ``due_ms`` = origin +
k * P and ``lateness_ms`` = the wall clock then less ``due_ms``. Spark fires a state
partition's due timers after each of its input rows and at the end of each batch, so two
scenarios, each a fresh query:

  busy  the probe writes BENCH_LATENCY_TRIGGER_RATE records/s (default 1000) over 100 keys for
        BENCH_LATENCY_WARMUP + BENCH_LATENCY_SECONDS; the triggers fired in the measurement window
        count (the probe's ``start_ms`` plus the warm-up)
  idle  BENCH_LATENCY_IDLE_KEYS keys (default 5) get one row each, then nothing for
        BENCH_LATENCY_IDLE_SECONDS (default 30): timers fire only at batch ends, so up to a batch
        late; every trigger counts

After the query stops, its output topic is read whole (KafkaClient.consume) and the lateness
percentiles computed here (nearest rank, whole ms).

Prints a table (query, records/s, p50, p99, max in ms, sustained?) and the ratios of
operator-rtm's p50 and p99 to floor-rtm's at each rate, measured in the same run, then the
trigger lateness of each scenario (its triggers, p50, p99, max in ms); writes everything as JSON
to BENCH_JSON (default java/bench/target/bench-results/latency.json), the trigger scenarios under
"triggers". The broker is stopped at the end, also when a run fails.

Cold start (BENCH_LATENCY_COLD=1, or ``scripts/bench latency cold``; instead of all the above):
how a query's latency settles after a restart. Each query of BENCH_LATENCY_COLD_QUERIES (default
floor-rtm and operator-rtm, the latter ``run_operator`` on "partitioned, sliding, count(10),
count(1)" over 100 keys, both in real-time mode) runs once, in a new Python process and so a new
JVM and Spark session (this script again, with --cold-child: it starts the session and the query,
says when start() returned, and stops both when its standard input closes), on fresh topics and a
fresh checkpoint, against one broker for the whole run. As soon as the query has started, the
probe writes BENCH_LATENCY_COLD_RATE records/s (default 10000) over 100 keys for
BENCH_LATENCY_COLD_SECONDS (default 90), with no warm-up, and gives the p50 (and p99, max) of the
records received in each BENCH_LATENCY_COLD_INTERVAL seconds (default 10) from its start
(``--interval``). The floor's steady p50 is the median of its interval p50s from
BENCH_LATENCY_COLD_STEADY seconds on (default 45); each query is reported with the start of the
first interval from which its p50 stays within COLD_FACTOR (2) times that (an interval with no
record received counts as outside), and with the seconds from its process's start to the query's
start (JVM, session, plan). Everything goes to BENCH_JSON (default
java/bench/target/bench-results/latency-cold.json), each query's log to the run's temporary
directory while it runs. The per-second counts are kept, but no sustained verdict: the lag trend
of a run that starts cold says little.

Environment: BENCH_LATENCY_RATES (records/s, comma-separated, default "1000,10000"),
BENCH_LATENCY_WARMUP (seconds, default 15), BENCH_LATENCY_SECONDS (default 60),
BENCH_LATENCY_QUERIES, BENCH_LATENCY_RTM_BATCH (default "5 seconds"), BENCH_LATENCY_MASTER
(default "local[4]"), BENCH_LATENCY_MAX (1 or 0), BENCH_LATENCY_MAX_WARMUP (default 5),
BENCH_LATENCY_MAX_SECONDS (default 15), BENCH_LATENCY_MAX_STEPS (default 3),
BENCH_LATENCY_MAX_CEILING (default 640000), BENCH_LATENCY_TRIGGERS (1 or 0),
BENCH_LATENCY_TRIGGER_PERIOD (seconds, default 1), BENCH_LATENCY_TRIGGER_RATE (default 1000),
BENCH_LATENCY_IDLE_KEYS (default 5), BENCH_LATENCY_IDLE_SECONDS (default 30), BENCH_JSON.
BENCH_LATENCY_QUERIES= (empty) and BENCH_LATENCY_MAX=0 run the trigger scenarios alone.
BENCH_LATENCY_COLD (0 or 1), BENCH_LATENCY_COLD_QUERIES, BENCH_LATENCY_COLD_RATE,
BENCH_LATENCY_COLD_SECONDS, BENCH_LATENCY_COLD_INTERVAL, BENCH_LATENCY_COLD_STEADY: the cold-start
mode above (BENCH_LATENCY_RTM_BATCH and BENCH_LATENCY_MASTER apply to it too).
"""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench_spark import bench_classes_jar, env_int, say

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "python"))
from kafka_broker import KafkaBroker, connector_jars, java_command, spark_line  # noqa: E402

BENCH_TARGET = ROOT / "java" / "bench" / "target"
PROBE_JAR = BENCH_TARGET / "benchmarks.jar"
PROBE = "io.streamswindow.bench.latency.KafkaLatencyProbe"
INPUT_SCHEMA = "key string, seq long, cost double, sent long"
OPERATOR = "io.streamswindow.examples.IncrementalAverage"
WINDOW = "partitioned, sliding, count(10), count(1)"
OPERATOR_OUTPUT = "key string, seq long, average double, count long, sent long"
SHUFFLE_PARTITIONS = 2
TOPIC_PARTITIONS = 2
TRIGGER_OPERATOR = "io.streamswindow.bench.latency.TriggerLateness"
TRIGGER_OUTPUT = "key string, trigger long, due_ms long, fired_ms long, lateness_ms long"
TRIGGER_EVICTION_S = 30
TRIGGER_SCENARIOS = {"busy": "busy: rows all the time", "idle": "idle: one row per key, then none"}


@dataclass(frozen=True)
class Query:
    name: str
    label: str
    real_time: bool


QUERIES = {
    q.name: q
    for q in (
        Query("spark-rtm", "Spark pass-through (RTM)", True),
        Query("floor-rtm", "transformWithState floor (RTM)", True),
        Query("operator-mb", "run_operator (micro-batches)", False),
        Query("operator-rtm", "run_operator (RTM)", True),
        Query("join-rtm", "SPL Join (RTM)", True),
    )
}
# join-rtm: the probe's one topic as two ports (a key's records alternate between them, the probe
# writing k0 ... k99 in turn), each a window of its key's latest record, so that every record
# after its key's first is matched once, at its arrival, with the other port's latest.
JOIN_WINDOW = "partitioned, sliding, count(1)"


def env_list(name: str, default: str) -> list[str]:
    return [part.strip() for part in os.environ.get(name, default).split(",") if part.strip()]


def env_rates() -> list[int]:
    raw = env_list("BENCH_LATENCY_RATES", "1000,10000")
    try:
        rates = [int(part) for part in raw]
    except ValueError:
        given = os.environ["BENCH_LATENCY_RATES"]
        sys.exit(f"error: BENCH_LATENCY_RATES={given!r} is not a list of whole numbers")
    if not rates or min(rates) <= 0:
        sys.exit("error: BENCH_LATENCY_RATES needs positive rates")
    return rates


def start_session():
    import pyspark
    from pyspark.sql import SparkSession

    import streams_window as sw

    line = spark_line(pyspark.__version__)
    builder = (
        SparkSession.builder.master(os.environ.get("BENCH_LATENCY_MASTER", "local[4]"))
        .appName("streams-window latency bench")
        .config("spark.sql.shuffle.partitions", str(SHUFFLE_PARTITIONS))
        .config("spark.ui.enabled", "false")
    )
    jars = [sw.examples_jar_path(), bench_classes_jar(), *connector_jars(line)]
    spark = sw.configure(builder, extra_jars=jars).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def source(spark, bootstrap: str, topic: str):
    return (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", topic)
        .option("startingOffsets", "earliest")
        .load()
    )


def parsed(raw):
    from pyspark.sql import functions as F

    return raw.select(F.from_json(F.col("value").cast("string"), INPUT_SCHEMA).alias("r")).select(
        "r.*"
    )


def as_records(df):
    """key and a JSON value of every column, for the Kafka sink."""
    from pyspark.sql import functions as F

    return df.select(F.col("key"), F.to_json(F.struct("*")).alias("value"))


def floor(spark, df):
    """FloorQuery.apply (java/bench) over df, through Py4J."""
    try:
        from pyspark.sql.classic.dataframe import DataFrame
    except ImportError:  # pyspark 3.5 has no classic module (and no transformWithState either)
        from pyspark.sql import DataFrame
    jdf = spark._jvm.io.streamswindow.bench.latency.FloorQuery.apply(df._jdf)
    return DataFrame(jdf, spark)


def joined(records, again):
    """SPL Join of the records (join-rtm), read twice (``records`` and ``again``): port 0 those
    of even rounds of the probe's 100 keys, port 1 those of odd ones, each window its key's
    latest; an output row per arrival that matches, carrying the later ``sent`` of the two (the
    arriving record's, as the rows come in order)."""
    import streams_window as sw

    def rounds(df):
        return (df["seq"] / 100).cast("long") % 2

    return sw.join(
        records.where(rounds(records) == 0),
        again.where(rounds(again) == 1),
        left_window=JOIN_WINDOW,
        right_window=JOIN_WINDOW,
        partition_by_lhs="key",
        partition_by_rhs="key",
        equality_lhs="L.key",
        equality_rhs="R.key",
        output={"key": "L.key", "seq": "max(L.seq, R.seq)", "sent": "max(L.sent, R.sent)"},
        real_time=True,
    )


def query_frame(name: str, spark, bootstrap: str, topic: str):
    import streams_window as sw

    raw = source(spark, bootstrap, topic)
    if name == "spark-rtm":
        return raw.select("key", "value")
    if name == "floor-rtm":
        return as_records(floor(spark, parsed(raw)))
    if name == "join-rtm":
        # Port 1 reads the topic through a source of its own, subscribed by pattern: real-time
        # mode refuses two identical sources in one query.
        second = (
            spark.readStream.format("kafka")
            .option("kafka.bootstrap.servers", bootstrap)
            .option("subscribePattern", re.escape(topic))
            .option("startingOffsets", "earliest")
            .load()
        )
        return as_records(joined(parsed(raw), parsed(second)))
    averages = sw.run_operator(
        parsed(raw),
        OPERATOR,
        window=WINDOW,
        partition_by="key",
        params={"attr": "cost"},
        output_schema=OPERATOR_OUTPUT,
        real_time=QUERIES[name].real_time,
    )
    return as_records(averages)


def start_query(query: Query, spark, bootstrap: str, tin: str, tout: str, checkpoint: Path):
    frame = query_frame(query.name, spark, bootstrap, tin)
    return start_sink(frame, bootstrap, tout, checkpoint, f"latency-{query.name}", query.real_time)


def start_sink(frame, bootstrap: str, tout: str, checkpoint: Path, name: str, real_time: bool):
    writer = (
        frame.writeStream.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("topic", tout)
        .option("checkpointLocation", str(checkpoint))
        .queryName(name)
    )
    if real_time:
        batch = os.environ.get("BENCH_LATENCY_RTM_BATCH", "5 seconds")
        writer = writer.outputMode("update").trigger(realTime=batch)
    return writer.start()


def wait_running(q, timeout: float = 120) -> None:
    """Returns once the query has left its start (sources initialised, a batch under way)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not q.isActive:
            raise RuntimeError(f"the query stopped while starting: {q.exception()}")
        status = q.status
        if status.get("isTriggerActive") or q.lastProgress is not None:
            return
        time.sleep(0.2)
    raise RuntimeError(f"the query did not start within {timeout:.0f} s: {q.status}")


def probe_command(bootstrap: str, tin: str, tout: str, rate: int, warmup: int, seconds: int):
    return [
        java_command() or "java", "-cp", str(PROBE_JAR), PROBE,
        "--bootstrap", bootstrap, "--input", tin, "--output", tout,
        "--rate", str(rate), "--warmup", str(warmup), "--seconds", str(seconds),
    ]  # fmt: skip


def probe_result(stdout: str, stderr: str, returncode: int) -> dict:
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(
            f"the probe printed no result (exit {returncode}):\n"
            + "\n".join(stderr.strip().splitlines()[-20:])
        )
    return json.loads(lines[-1])


def run_probe(bootstrap: str, tin: str, tout: str, rate: int, warmup: int, seconds: int) -> dict:
    done = subprocess.run(
        probe_command(bootstrap, tin, tout, rate, warmup, seconds), capture_output=True,
        text=True, timeout=warmup + seconds + 120, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    return probe_result(done.stdout, done.stderr, done.returncode)


class Runs:
    """Every run of the session: fresh topics and checkpoint each time, numbered."""

    def __init__(self, spark, broker: KafkaBroker, work: Path) -> None:
        self.spark = spark
        self.broker = broker
        self.work = work
        self.count = 0

    def run(self, query: Query, rate: int, warmup: int, seconds: int) -> dict:
        self.count += 1
        tin, tout = f"lat{self.count}-{query.name}-in", f"lat{self.count}-{query.name}-out"
        checkpoint = self.work / f"checkpoint-{self.count}"
        result = {"query": query.name, "rate": rate, "warmup_s": warmup, "seconds": seconds}
        say(f"{query.label}, {rate} records/s: {warmup} s warm-up + {seconds} s measured")
        q = None
        try:
            self.broker.create_topic(tin, TOPIC_PARTITIONS)
            self.broker.create_topic(tout, TOPIC_PARTITIONS)
            q = start_query(query, self.spark, self.broker.bootstrap, tin, tout, checkpoint)
            wait_running(q)
            result.update(run_probe(self.broker.bootstrap, tin, tout, rate, warmup, seconds))
            if q.exception() is not None or not q.isActive:
                result["error"] = f"the query failed: {first_line(q.exception())}"
                result["sustained"] = False
        except Exception as error:  # one failed run does not end the benchmark
            result["error"] = first_line(error)
            result["sustained"] = False
        finally:
            stop_and_clean(q, checkpoint, result)
        say(f"  {summary(result)}")
        return result


def stop_and_clean(q, checkpoint: str, result: dict) -> None:
    """Stops a run's query, if it started, and removes its checkpoint; a failure to stop is the
    run's error unless it has one already."""
    if q is not None:
        try:
            q.stop()
        except Exception as error:
            result.setdefault("error", f"stopping the query: {first_line(error)}")
    shutil.rmtree(checkpoint, ignore_errors=True)


def first_line(error) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def verdict(result: dict) -> str:
    if "error" in result and "count" not in result:
        return f"failed: {result['error']}"
    if result.get("error"):
        return f"no: {result['error']}"
    if result.get("sustained"):
        return "yes"
    if not result.get("kept_up", True):
        return f"no: the probe wrote only {result['produced_per_s']:.0f}/s"
    return f"no: lag +{result['lag_slope_per_s']:.0f}/s"


def summary(result: dict) -> str:
    if "count" not in result:
        return verdict(result)
    return (
        f"p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms,"
        f" {result['count']} records, received {result['received_per_s']:.0f}/s,"
        f" sustained: {verdict(result)}"
    )


def round_rate(rate: float) -> int:
    return max(100, int(round(rate, -2))) if rate >= 1000 else max(1, int(round(rate)))


def find_max(runs: Runs, query: Query, known: list[dict]) -> dict:
    """The highest rate query sustains: doubling, then bisection (the docstring at the top)."""
    warmup = env_int("BENCH_LATENCY_MAX_WARMUP", 5)
    seconds = env_int("BENCH_LATENCY_MAX_SECONDS", 15)
    steps = env_int("BENCH_LATENCY_MAX_STEPS", 3)
    ceiling = env_int("BENCH_LATENCY_MAX_CEILING", 640_000)
    lo = max((r["rate"] for r in known if r.get("sustained")), default=0)
    hi = min((r["rate"] for r in known if not r.get("sustained") and r["rate"] > lo), default=None)
    trials = []

    def trial(rate: int) -> bool:
        result = runs.run(query, rate, warmup, seconds)
        trials.append(result)
        return bool(result.get("sustained"))

    while hi is None:
        rate = lo * 2
        if rate > ceiling:
            break
        if trial(rate):
            lo = rate
        else:
            hi = rate
    for _ in range(steps):
        if hi is None:
            break
        rate = round_rate((lo + hi) / 2)
        if rate in (lo, hi):
            break
        if trial(rate):
            lo = rate
        else:
            hi = rate
    return {
        "query": query.name,
        "sustained": lo,
        "not_sustained": hi,
        "ceiling": ceiling,
        "warmup_s": warmup,
        "seconds": seconds,
        "trials": trials,
    }


def trigger_period() -> float:
    raw = os.environ.get("BENCH_LATENCY_TRIGGER_PERIOD", "1")
    try:
        period = float(raw)
    except ValueError:
        sys.exit(f"error: BENCH_LATENCY_TRIGGER_PERIOD={raw!r} is not a number of seconds")
    if not period > 0:
        sys.exit("error: BENCH_LATENCY_TRIGGER_PERIOD must be positive")
    return period


def trigger_window(period: float) -> str:
    return f"partitioned, sliding, time({TRIGGER_EVICTION_S}), time({period:g})"


def trigger_frame(spark, bootstrap: str, topic: str, period: float):
    """TriggerLateness (java/bench) per key in real-time mode: one record per time trigger."""
    import streams_window as sw

    lateness = sw.run_operator(
        parsed(source(spark, bootstrap, topic)),
        TRIGGER_OPERATOR,
        window=trigger_window(period),
        partition_by="key",
        params={"period": period, "partitionBy": "key"},
        output_schema=TRIGGER_OUTPUT,
        real_time=True,
    )
    return as_records(lateness)


def nearest_rank(ordered: list[int], fraction: float) -> int:
    """The nearest-rank percentile of an ascending list, as the probe's LatencyHistogram has it."""
    rank = max(1, -(-len(ordered) * round(fraction * 1000) // 1000))
    return ordered[rank - 1]


def lateness_summary(records: list, since_ms: int | None, until_ms: int | None) -> dict:
    """p50, p99, max (and min, mean) of the lateness of the trigger records fired in
    [since_ms, until_ms) (no bound when None); how many triggers and keys that is.

    A key's origin as the operator notes it (the wall clock in its first call) can only be later
    than the instant the engine created the partition at (the call's processing time, which Spark
    reads before the call), and the engine never fires a trigger before its deadline: so a key
    whose triggers show a lateness below 0 had its origin noted that much too late at least (the
    first key of a query, while classes load, by a few hundred ms). Each such key's lateness is
    raised by the least that makes its earliest trigger 0 ms late (``origin_corrections``: how
    many keys, by at most how much); the figures before that are kept as ``raw_*``."""
    rows = [json.loads(record.value) for record in records]
    least: dict[str, int] = {}
    for row in rows:
        least[row["key"]] = min(least.get(row["key"], 0), row["lateness_ms"])
    fired = [
        row
        for row in rows
        if (since_ms is None or row["fired_ms"] >= since_ms)
        and (until_ms is None or row["fired_ms"] < until_ms)
    ]
    if not fired:
        return {"triggers": 0, "keys": 0}
    raw = sorted(row["lateness_ms"] for row in fired)
    late = sorted(row["lateness_ms"] - least[row["key"]] for row in fired)
    corrections = [-least[key] for key in {row["key"] for row in fired} if least[key] < 0]
    return {
        "triggers": len(late),
        "keys": len({row["key"] for row in fired}),
        "p50_ms": nearest_rank(late, 0.50),
        "p99_ms": nearest_rank(late, 0.99),
        "max_ms": late[-1],
        "min_ms": late[0],
        "mean_ms": round(sum(late) / len(late), 1),
        "origin_corrections": {"keys": len(corrections), "max_ms": max(corrections, default=0)},
        "raw_p50_ms": nearest_rank(raw, 0.50),
        "raw_p99_ms": nearest_rank(raw, 0.99),
        "raw_max_ms": raw[-1],
        "raw_min_ms": raw[0],
    }


def run_triggers(runs: Runs, scenario: str, period: float) -> dict:
    """One trigger-lateness scenario (the docstring at the top): a fresh TriggerLateness query in
    real-time mode, its input written as the scenario says, then its output topic read whole."""
    runs.count += 1
    broker = runs.broker
    name = f"lat{runs.count}-triggers-{scenario}"
    tin, tout = f"{name}-in", f"{name}-out"
    checkpoint = runs.work / f"checkpoint-{runs.count}"
    warmup = env_int("BENCH_LATENCY_WARMUP", 15)
    seconds = env_int("BENCH_LATENCY_SECONDS", 60)
    rate = env_int("BENCH_LATENCY_TRIGGER_RATE", 1000)
    idle_keys = env_int("BENCH_LATENCY_IDLE_KEYS", 5)
    idle_seconds = env_int("BENCH_LATENCY_IDLE_SECONDS", 30)
    result: dict = {"scenario": scenario, "period_s": period, "window": trigger_window(period)}
    if scenario == "busy":
        result.update({"keys": 100, "rate": rate, "warmup_s": warmup, "seconds": seconds})
        say(f"trigger lateness, busy: {rate} records/s over 100 keys, {warmup} s + {seconds} s")
    else:
        result.update({"keys": idle_keys, "rate": 0, "seconds": idle_seconds})
        say(f"trigger lateness, idle: {idle_keys} keys, one row each, then {idle_seconds} s idle")
    q = None
    since = until = None
    try:
        broker.create_topic(tin, TOPIC_PARTITIONS)
        broker.create_topic(tout, TOPIC_PARTITIONS)
        frame = trigger_frame(runs.spark, broker.bootstrap, tin, period)
        q = start_sink(frame, broker.bootstrap, tout, checkpoint, f"latency-{name}", True)
        wait_running(q)
        if scenario == "busy":
            probe = run_probe(broker.bootstrap, tin, tout, rate, warmup, seconds)
            since = probe["start_ms"] + warmup * 1000
            until = since + seconds * 1000
            result["produced_per_s"] = probe["produced_per_s"]
            result["kept_up"] = probe["kept_up"]
            if probe.get("error"):
                result["error"] = f"the probe: {probe['error']}"
        else:
            now = int(time.time() * 1000)
            rows = [
                (f"idle{i}", json.dumps({"key": f"idle{i}", "seq": i, "cost": 1.0, "sent": now}))
                for i in range(idle_keys)
            ]
            broker.produce(tin, rows)
            time.sleep(idle_seconds)
        if q.exception() is not None or not q.isActive:
            result["error"] = f"the query failed: {first_line(q.exception())}"
        q.stop()
        q = None
        result.update(lateness_summary(broker.consume(tout), since, until))
        if result["triggers"] == 0:
            result.setdefault("error", "no trigger came out")
    except Exception as error:  # one failed scenario does not end the benchmark
        result["error"] = first_line(error)
    finally:
        stop_and_clean(q, checkpoint, result)
    say(f"  {trigger_summary(result)}")
    return result


def trigger_summary(result: dict) -> str:
    if not result.get("triggers"):
        return f"failed: {result.get('error', 'no triggers')}"
    fixed = result["origin_corrections"]
    text = (
        f"{result['triggers']} triggers of {result['keys']} keys: lateness p50 {result['p50_ms']}"
        f" ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms; origins of {fixed['keys']}"
        f" keys corrected, by up to {fixed['max_ms']} ms (before: min {result['raw_min_ms']},"
        f" p50 {result['raw_p50_ms']}, p99 {result['raw_p99_ms']}, max {result['raw_max_ms']})"
    )
    return text + (f"; error: {result['error']}" if result.get("error") else "")


def ratio(a, b) -> float | None:
    return round(a / b, 2) if a is not None and b else None


def ratios(results: list[dict]) -> list[dict]:
    """operator-rtm's and join-rtm's over floor-rtm's, p50 and p99, at every rate both measured."""
    by = {(r["query"], r["rate"]): r for r in results if "count" in r}
    out = []
    for rate in sorted({r["rate"] for r in results}):
        fl = by.get(("floor-rtm", rate))
        for name in ("operator-rtm", "join-rtm"):
            op = by.get((name, rate))
            if op and fl:
                out.append({
                    "query": name,
                    "rate": rate,
                    "p50": ratio(op["p50_ms"], fl["p50_ms"]),
                    "p99": ratio(op["p99_ms"], fl["p99_ms"]),
                })  # fmt: skip
    return out


def print_triggers(triggers: dict) -> None:
    print(
        "\nTrigger lateness in real-time mode (ms from a time trigger's deadline to its firing;"
        f" {triggers['window']}, batches of {triggers['rtm_batch']})"
    )
    print(
        f"{'scenario':<32} {'keys':>5} {'records/s':>10} {'triggers':>9} {'p50 ms':>8}"
        f" {'p99 ms':>8} {'max ms':>8}"
    )
    for r in triggers["results"]:
        label = TRIGGER_SCENARIOS[r["scenario"]]

        def cell(name: str, r=r) -> str:
            return str(r[name]) if r.get("triggers") else "-"

        line = (
            f"{label:<32} {r['keys']:>5} {r['rate']:>10} {r.get('triggers', 0):>9}"
            f" {cell('p50_ms'):>8} {cell('p99_ms'):>8} {cell('max_ms'):>8}"
        )
        print(line + (f"  error: {r['error']}" if r.get("error") else ""))


def print_tables(results: list[dict], quotients: list[dict], maxima: list[dict]) -> None:
    def cell(result: dict, name: str) -> str:
        return str(result[name]) if result.get("count") else "-"  # no output received: no figure

    header = (
        f"{'query':<32} {'records/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  sustained?"
    )
    print("\nLatency through Kafka (ms from the probe's send to its receipt of the output record)")
    print(header)
    for r in results:
        print(
            f"{QUERIES[r['query']].label:<32} {r['rate']:>10} {cell(r, 'p50_ms'):>8}"
            f" {cell(r, 'p99_ms'):>8} {cell(r, 'max_ms'):>8}  {verdict(r)}"
        )
    for q in quotients:
        print(
            f"{QUERIES[q['query']].label} / transformWithState floor (RTM) at {q['rate']}"
            f" records/s:"
            f" p50 {q['p50']}x, p99 {q['p99']}x"
        )
    if maxima:
        print(f"\n{'query':<32} {'highest sustained':>18} {'lowest not':>16}  trials")
        for m in maxima:
            tried = ", ".join(
                f"{t['rate']}{'+' if t.get('sustained') else '-'}" for t in m["trials"]
            )
            lowest = m["not_sustained"] or f"none to {m['ceiling']}"
            print(
                f"{QUERIES[m['query']].label:<32} {m['sustained']:>18} {lowest:>16}"
                f"  {tried or 'none'}"
            )


# The cold-start mode (BENCH_LATENCY_COLD=1, the docstring at the top).
COLD_QUERIES = "floor-rtm,operator-rtm"
COLD_FACTOR = 2.0  # a query has settled once its p50 stays within this many times the floor's
COLD_CHILD = "--cold-child"


def cold_child(name: str, bootstrap: str, tin: str, tout: str, checkpoint: str) -> int:
    """The process of one cold-start run (a new Python process, so a new JVM and Spark session):
    starts the query, prints a JSON line when start() has returned, runs it until its standard
    input closes, then stops it and the session and prints a JSON line saying how it ended."""
    began = time.time()
    spark = start_session()
    session_ready = time.time()
    q = start_query(QUERIES[name], spark, bootstrap, tin, tout, Path(checkpoint))
    started = time.time()
    line = {
        "started_ms": int(started * 1000),
        "session_s": round(session_ready - began, 3),
        "query_start_s": round(started - session_ready, 3),
        "spark": spark.version,
        "java": spark._jvm.System.getProperty("java.version"),
    }
    print(json.dumps(line), flush=True)
    sys.stdin.read()  # until the parent closes it: after the probe, or when the parent ends
    ended: dict = {"stopped": True}
    if q.exception() is not None or not q.isActive:
        ended["error"] = f"the query failed: {first_line(q.exception())}"
    try:
        q.stop()
    finally:
        spark.stop()
    print(json.dumps(ended), flush=True)
    return 0


def json_line(text: str) -> dict | None:
    return json.loads(text) if text.startswith("{") else None


def run_cold(broker: KafkaBroker, work: Path, number: int, query: Query, settings: dict) -> dict:
    """One cold-start run: fresh topics and checkpoint, the query in a new process (cold_child),
    the probe from the query's start for the run's seconds, latencies per interval."""
    import queue
    import threading

    tin, tout = f"cold{number}-{query.name}-in", f"cold{number}-{query.name}-out"
    checkpoint = work / f"checkpoint-cold-{number}"
    log = work / f"cold-{number}-{query.name}.log"
    result: dict = {"query": query.name, **settings}
    say(
        f"cold start, {query.label}: a new JVM, {settings['rate']} records/s from the query's start"
        f" for {settings['seconds']} s; its log: {log}"
    )
    broker.create_topic(tin, TOPIC_PARTITIONS)
    broker.create_topic(tout, TOPIC_PARTITIONS)
    command = [sys.executable, str(Path(__file__).resolve()), COLD_CHILD, query.name]
    command += [broker.bootstrap, tin, tout, str(checkpoint)]
    spawned = time.time()
    with log.open("w") as err:
        child = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
            start_new_session=True,
        )  # fmt: skip
    # The probe's JVM starts beside the query's, positions its consumer, and waits for a line on
    # its standard input (--start-on-stdin) to start writing: second 0 is the query's start.
    probe_args = probe_command(
        broker.bootstrap, tin, tout, settings["rate"], 0, settings["seconds"]
    ) + ["--interval", str(settings["interval_s"]), "--start-on-stdin", "1"]
    probe = subprocess.Popen(
        probe_args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for text in child.stdout:
            lines.put(text.strip())
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    try:
        started = None
        deadline = time.monotonic() + 300
        while started is None:
            text = lines.get(timeout=max(1, deadline - time.monotonic()))
            if text is None:
                raise RuntimeError(f"the query's process ended before the query started; see {log}")
            started = json_line(text)
        probe.stdin.write("go\n")
        probe.stdin.flush()
        result["startup_s"] = round(started["started_ms"] / 1000 - spawned, 3)
        result.update({k: started[k] for k in ("session_s", "query_start_s", "spark", "java")})
        out, err_text = probe.communicate(timeout=settings["seconds"] + 120)
        found = probe_result(out, err_text, probe.returncode)
        result["probe_start_after_query_ms"] = found["start_ms"] - started["started_ms"]
        for name in ("count", "p50_ms", "p99_ms", "max_ms", "produced_per_s", "received_per_s"):
            result[name] = found.get(name)
        result["intervals"] = found.get("intervals", [])
        result["received"] = found.get("received")
        if found.get("error"):
            result["error"] = f"the probe: {found['error']}"
    except Exception as error:  # one failed run does not end the benchmark
        result["error"] = first_line(error)
    finally:
        if probe.poll() is None:  # the query never started, or the probe overran: end it
            probe.kill()
            probe.wait()
        end_child(child, lines, result)
        shutil.rmtree(checkpoint, ignore_errors=True)
    if result.get("error"):
        tail = log.read_text(errors="replace").strip().splitlines()[-15:]
        say("  the end of its log:\n" + "\n".join(tail))
    say(f"  {cold_summary(result)}")
    return result


def end_child(child, lines, result: dict) -> None:
    """Closes the child's standard input (it stops its query and session), waits for it; ends it
    (its own process group, started for it) if it has not ended within two minutes."""
    import queue

    try:
        child.stdin.close()
    except OSError:
        pass
    try:
        child.wait(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGTERM)
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        result.setdefault("error", "the query's process did not end; ended")
    while True:
        try:
            text = lines.get(timeout=5)
        except queue.Empty:
            break
        if text is None:
            break
        ended = json_line(text)
        if ended and ended.get("error"):
            result.setdefault("error", ended["error"])


def cold_summary(result: dict) -> str:
    if "intervals" not in result:
        return f"failed: {result.get('error')}"
    p50s = " ".join(str(i.get("p50_ms", "-")) for i in result["intervals"])
    text = f"started {result['startup_s']:.1f} s after the process; p50 ms per interval: {p50s}"
    return text + (f"; error: {result['error']}" if result.get("error") else "")


def steady_p50(result: dict | None, since_s: int) -> int | None:
    """The median of a run's interval p50s from since_s seconds on (intervals with records; the
    lower of the middle two when their number is even)."""
    if not result:
        return None
    p50s = sorted(
        i["p50_ms"] for i in result.get("intervals", []) if i["from_s"] >= since_s and i["count"]
    )
    return p50s[(len(p50s) - 1) // 2] if p50s else None


def within_from(result: dict, bound: float | None) -> int | None:
    """The start of the first interval from which every interval's p50 is at most bound (an
    interval without records counts as above it); None when the last one is above it."""
    if bound is None or not result.get("intervals"):
        return None
    since = None
    for i in result["intervals"]:
        if i["count"] and i["p50_ms"] <= bound:
            since = i["from_s"] if since is None else since
        else:
            since = None
    return since


def cold_main() -> int:
    """The cold-start mode: each query of BENCH_LATENCY_COLD_QUERIES once, in a new JVM."""
    settings = {
        "rate": env_int("BENCH_LATENCY_COLD_RATE", 10_000),
        "seconds": env_int("BENCH_LATENCY_COLD_SECONDS", 90),
        "interval_s": env_int("BENCH_LATENCY_COLD_INTERVAL", 10),
    }
    steady_since = env_int("BENCH_LATENCY_COLD_STEADY", 45)
    names = env_list("BENCH_LATENCY_COLD_QUERIES", COLD_QUERIES)
    unknown = [n for n in names if n not in QUERIES]
    if unknown or not names:
        sys.exit(
            f"error: unknown cold-start queries {unknown}; the queries are {', '.join(QUERIES)}"
        )
    if steady_since >= settings["seconds"]:
        sys.exit("error: BENCH_LATENCY_COLD_STEADY must be below BENCH_LATENCY_COLD_SECONDS")
    if not PROBE_JAR.is_file():
        sys.exit(f"error: {PROBE_JAR.relative_to(ROOT)} is missing; build java/bench")
    bench_classes_jar()  # the child needs it: fail here rather than in each child
    default_json = BENCH_TARGET / "bench-results" / "latency-cold.json"
    out = Path(os.environ.get("BENCH_JSON", default_json))
    work = Path(tempfile.mkdtemp(prefix="streams-window-latency-cold-"))
    load_before = os.getloadavg()[0]
    results = []
    try:
        say(f"starting a Kafka broker in {work / 'kafka'}")
        with KafkaBroker(work / "kafka", partitions=TOPIC_PARTITIONS) as broker:
            for number, name in enumerate(names, 1):
                results.append(run_cold(broker, work, number, QUERIES[name], settings))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    floor = next((r for r in results if r["query"] == "floor-rtm" and "intervals" in r), None)
    steady = steady_p50(floor, steady_since)
    bound = COLD_FACTOR * steady if steady is not None else None
    for r in results:
        r["within_factor_from_s"] = within_from(r, bound)
    document = {
        "mode": "cold",
        **settings,
        "keys": 100,
        "window": WINDOW,
        "rtm_batch": os.environ.get("BENCH_LATENCY_RTM_BATCH", "5 seconds"),
        "master": os.environ.get("BENCH_LATENCY_MASTER", "local[4]"),
        "steady_from_s": steady_since,
        "floor_steady_p50_ms": steady,
        "factor": COLD_FACTOR,
        "results": results,
        "load_average_1min": [load_before, os.getloadavg()[0]],
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=2) + "\n")
    print_cold(document)
    print(
        f"\nload average {document['load_average_1min'][0]:.1f} ->"
        f" {document['load_average_1min'][1]:.1f}; JSON: {out}"
    )
    return 1 if any("error" in r for r in results) else 0


def print_cold(document: dict) -> None:
    every = document["interval_s"]
    print(
        f"\nCold start: each query in a new JVM and Spark session, {document['rate']} records/s"
        f" over 100 keys from the query's start; p50 ms of the records received in each {every} s"
        " after it ('-': none received)"
    )
    spans = [i["from_s"] for i in next((r["intervals"] for r in document["results"] if
                                         r.get("intervals")), [])]  # fmt: skip
    header = f"{'query':<32} {'start s':>7}" + "".join(f" {f'{s}-{s + every}':>7}" for s in spans)
    print(header + f"  within {document['factor']:g}x of the floor from")
    for r in document["results"]:
        label = QUERIES[r["query"]].label
        if "intervals" not in r:
            print(f"{label:<32} failed: {r.get('error')}")
            continue
        cells = "".join(f" {str(i['p50_ms']) if i['count'] else '-':>7}" for i in r["intervals"])
        since = r["within_factor_from_s"]
        settled = f"{since} s" if since is not None else "not by the end"
        line = f"{label:<32} {r['startup_s']:>7.1f}{cells}  {settled}"
        print(line + (f"  error: {r['error']}" if r.get("error") else ""))
    steady = document["floor_steady_p50_ms"]
    if steady is None:
        print("the floor's steady p50: none (the floor did not run or put nothing out)")
    else:
        print(
            f"the floor's steady p50: {steady} ms (the median of its interval p50s from"
            f" {document['steady_from_s']} s on); {document['factor']:g}x: "
            f"{document['factor'] * steady:g} ms. 'start s': seconds from the new process to"
            " the query's start (JVM, session, query)"
        )


def stop_on_sigterm() -> None:
    """SIGTERM ends the run as Ctrl-C does: through the finally blocks that stop the broker."""

    def handler(signum, frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, handler)


def main() -> int:
    stop_on_sigterm()
    if os.environ.get("BENCH_LATENCY_COLD", "0") == "1":
        return cold_main()
    rates = env_rates()
    warmup = env_int("BENCH_LATENCY_WARMUP", 15)
    seconds = env_int("BENCH_LATENCY_SECONDS", 60)
    names = env_list("BENCH_LATENCY_QUERIES", ",".join(q for q in QUERIES if q != "join-rtm"))
    unknown = [n for n in names if n not in QUERIES]
    if unknown:
        sys.exit(f"error: unknown queries {unknown}; the queries are {', '.join(QUERIES)}")
    search = os.environ.get("BENCH_LATENCY_MAX", "1") == "1"
    with_triggers = os.environ.get("BENCH_LATENCY_TRIGGERS", "1") == "1"
    period = trigger_period()
    if not PROBE_JAR.is_file():
        sys.exit(
            f"error: {PROBE_JAR.relative_to(ROOT)} is missing; build it with"
            " mvn -q -pl java/bench -am package -DskipTests"
        )
    out = Path(os.environ.get("BENCH_JSON", BENCH_TARGET / "bench-results" / "latency.json"))
    work = Path(tempfile.mkdtemp(prefix="streams-window-latency-"))
    load_before = os.getloadavg()[0]
    results: list[dict] = []
    maxima: list[dict] = []
    triggers: dict | None = None
    try:
        say(f"starting a Kafka broker in {work / 'kafka'}")
        with KafkaBroker(work / "kafka", partitions=TOPIC_PARTITIONS) as broker:
            say(f"Kafka on {broker.bootstrap}; starting Spark")
            spark = start_session()
            try:
                runs = Runs(spark, broker, work)
                for rate in rates:
                    for name in names:
                        results.append(runs.run(QUERIES[name], rate, warmup, seconds))
                if search:
                    for name in names:
                        if QUERIES[name].real_time:
                            known = [r for r in results if r["query"] == name]
                            maxima.append(find_max(runs, QUERIES[name], known))
                if with_triggers:
                    triggers = {
                        "window": trigger_window(period),
                        "period_s": period,
                        "rtm_batch": os.environ.get("BENCH_LATENCY_RTM_BATCH", "5 seconds"),
                        "results": [run_triggers(runs, name, period) for name in TRIGGER_SCENARIOS],
                    }
                machine = {
                    "cores": os.cpu_count(),
                    "python": platform.python_version(),
                    "spark": spark.version,
                    "java": spark._jvm.System.getProperty("java.version"),
                }
            finally:
                spark.stop()  # before the broker: no query is left to write to it
    finally:
        shutil.rmtree(work, ignore_errors=True)
    quotients = ratios(results)
    document = {
        "rates": rates,
        "warmup_s": warmup,
        "seconds": seconds,
        "rtm_batch": os.environ.get("BENCH_LATENCY_RTM_BATCH", "5 seconds"),
        "master": os.environ.get("BENCH_LATENCY_MASTER", "local[4]"),
        "shuffle_partitions": SHUFFLE_PARTITIONS,
        "topic_partitions": TOPIC_PARTITIONS,
        "results": results,
        "ratios_to_floor_rtm": quotients,
        "max": maxima,
        "triggers": triggers,
        "load_average_1min": [load_before, os.getloadavg()[0]],
        "machine": machine,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=2) + "\n")
    if results or maxima:
        print_tables(results, quotients, maxima)
    if triggers:
        print_triggers(triggers)
    print(
        f"\nload average {document['load_average_1min'][0]:.1f} ->"
        f" {document['load_average_1min'][1]:.1f}; JSON: {out}"
    )
    failed = [r for r in results + [t for m in maxima for t in m["trials"]] if "error" in r]
    failed += [r for r in (triggers or {}).get("results", []) if r.get("error")]
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == COLD_CHILD:
        sys.exit(cold_child(*sys.argv[2:]))
    sys.exit(main())
