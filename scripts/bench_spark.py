#!/usr/bin/env python3
"""Spark benchmark of streams-window: a partitioned tumbling count(4) sum, timed against Spark's
own ways of computing the same thing, and the size of a sliding window's saved state.

Run it with ``scripts/bench spark`` (which prepares the venv and the jars); directly it needs
pyspark, pandas and pyarrow (scripts/bench-requirements.txt) and the built jars.

Variants, all in one local[2] session, each timed BENCH_REPEATS times (median reported):

  A  batch      streams-window: WindowSum on "partitioned, tumbling, count(4)", ordered by seq
  B  batch      Spark's exact native emulation: row_number() over (key, seq), bucket = (rn-1) div 4,
                groupBy(key, bucket) keeping full buckets of 4
  C1 streaming  streams-window on a parquet file stream, one micro-batch, on the chunked state
                layout (RocksDB, what sw.configure chooses)
  C1s streaming the same on the single-value layout (Spark's default HDFS state store)
  C0 streaming  a hand-written port of the same tumble straight on flatMapGroupsWithState, no IBM
                API and no engine (scripts/baselines/HandWrittenTumble.java, compiled here)
  C2 streaming  applyInPandasWithState doing the same tumble with (pending count, pending sum) state

  R  streaming  reference, not the same job: Spark's own streaming aggregation of the same file
                stream (max(seq), sum(value), count per key; update mode), the cheapest stateful
                micro-batch Spark runs over this input: generated code end to end, no row decoded
                into objects, no user code. It bounds what any operator on Spark's stateful API
                can reach against C2.

Then every streaming variant again as a running query: its first micro-batch reads FIXED_ROWS rows
(a fresh query's fixed cost: start, planning, the state store opened and committed in every
partition), then the same BENCH_ROWS rows arrive as new files and the second micro-batch reads
them; both are timed by the query's progress (triggerExecution). The second micro-batch is what a
long-running query pays per micro-batch, without what Spark's state stores cost once at a query's
start (RocksDB's first commit uploads a full snapshot when a query creates its column families).

Then the batch job by key count (issue 41): A, B and S (the bare shuffle of the same rows by key,
`repartition(n, "key")` to noop) on BENCH_ROWS rows over each key count of BENCH_KEYS (default
1,000, 100,000 and 1,000,000 keys: 5,000, 50 and 5 rows per key at 5M rows), every key count in
each round, BENCH_REPEATS rounds after one warm-up round, each key count's job first checked
against B on 200,000 rows with as many rows per key. One row per key count: B / A and A / S
against their targets, B / A >= 2 at 100,000 keys (KEYS_FLOOR), >= 1.5 at 1,000,000 keys, and
A / S <= 1.15 at 1,000 keys (KEYS_SHUFFLE_CEILING); other key counts have none.

Then streaming with many keys (issue 41; BENCH_MANY_KEYS_STREAM=0 leaves it out): running queries
on a parquet file stream whose micro-batches each give every one of 100,000 keys one row
(MANY_KEYS_FILES files per micro-batch, all staged before the query starts and read in order,
maxFilesPerTrigger at a time), each timed per micro-batch by its progress (triggerExecution) after
5 untimed micro-batches, 10 timed: the floor F, Spark's least stateful per-key query,
transformWithState with one ValueState<Long> count per key and each row out with its count
(java/bench FloorQuery.perLongKey, on the RocksDB store transformWithState needs), against
streams-window's WindowSum on "partitioned, sliding, count(1), count(1)" on the chunked layout
(RocksDB) and on the single-value layout (HDFS). That window keeps one tuple per key and puts out
one row per row, as the floor keeps one count and puts out one row per row (a tumbling count(4)
would put out a row every fourth micro-batch, less work than the floor's). Median ms per
micro-batch and ours / floor, target within 1.5x (MANY_KEYS_STREAM_TARGET).

Then, for sliding count(N), count(1) windows (N = 10, 100, 1000) in streaming, the bytes of the
state each key saves.

Then the sliding-window jobs of bench_sliding.py: SPL Aggregate (Average; Average + Max + Count)
on sliding count(N) windows against Spark's own window frame (BENCH_SLIDING=0 skips them).

Which key counts: every section but the batch comparison by key count runs at the first key count
of BENCH_KEYS (1,000 by default); the comparison by key count at each. How long, on 2 cores and
5M rows: the 1,000-key sections and the sliding jobs about ten minutes, the comparison by key
count a few minutes more (its 1,000,000-key round about 10 s), the streaming many-keys section
about one to two minutes (estimates, not yet timed on a quiet machine).

Environment: BENCH_ROWS (default 5000000), BENCH_KEYS (a comma-separated list of key counts,
default "1000,100000,1000000"), BENCH_REPEATS (5), BENCH_WARMUP
(untimed full-size rounds of every variant before the first timed round; default 1, and 4 for the
batch matrix, whose later layouts take one each),
BENCH_JSON (a file to write the results to, as JSON), BENCH_SPARK_ONLY=batch (only the batch job:
A, B and S, the bare shuffle of the same rows, `repartition(n, "key")` to noop, in every layout
below, then their times and ratios against the floors: A at least BATCH_FLOOR times faster than B,
and within SHUFFLE_CEILING of S; also a quick comparison of two builds, each run from its own
checkout), BENCH_SPARK_ONLY=many-keys-stream (only the streaming section with many keys). In that mode the layouts are parameters: BENCH_FILES (input files, a comma-separated
list; default "8"), BENCH_PARTITIONS (shuffle partitions, likewise; default "8") and BENCH_ORDER
("sorted": each file holds a stretch of the rows, seq in order inside it per key; "dealt": the rows
dealt round robin over the files, each file then in no order of seq; "both", the default, times
both in the same rounds, so that "A dealt / A sorted" compares runs taken together). With several
key counts in BENCH_KEYS the batch mode runs every layout at each (1,000 keys with the floors
above, 100,000 and 1,000,000 keys with KEYS_FLOOR, others with none); BENCH_KEYS=1000 runs it as
before. The streaming many-keys benchmark: BENCH_MANY_KEYS_STREAM (1; 0 leaves it out),
BENCH_MANY_KEYS_STREAM_KEYS (100000), BENCH_MANY_KEYS_WARMUP_BATCHES (5),
BENCH_MANY_KEYS_BATCHES (10, timed), BENCH_MANY_KEYS_ROUNDS (1: each query once; more rounds run
the three in turn again, medians pooled) and BENCH_MANY_KEYS_WINDOW (the window of streams-window's
queries). It needs java/bench's thin jar (target/streams-window-bench-*.jar).
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES_JAR = ROOT / "java/examples/target/streams-window-examples-0.1.0-SNAPSHOT.jar"
OPERATOR = "io.streamswindow.examples.WindowSum"
TUMBLE = "partitioned, tumbling, count(4)"
OUTPUT_SCHEMA = "key long, seq long, total double, count long"
INPUT_DDL = "key long, seq long, value double"
# Input files: several, so that a key's rows reach a group from several input partitions.
INPUT_FILES = 8
# The targets: how much faster streams-window must be than each alternative (docs/performance.md).
BATCH_TARGET = 1.5
# The batch-only floors of every layout and input order: B / A at least BATCH_FLOOR, and A / S
# (the bare shuffle of the same rows) at most SHUFFLE_CEILING.
BATCH_FLOOR = 2.0
SHUFFLE_CEILING = 1.25
# The batch comparison by key count (BENCH_KEYS, default KEY_COUNTS; issue 41): B / A at least
# KEYS_FLOOR[keys], and A / S at most KEYS_SHUFFLE_CEILING[keys], where a key count has one. The
# batch matrix (BENCH_SPARK_ONLY=batch) keeps BATCH_FLOOR and SHUFFLE_CEILING at 1,000 keys, for
# every layout and input order, and takes KEYS_FLOOR at the other key counts.
KEY_COUNTS = "1000,100000,1000000"
KEYS_FLOOR = {100_000: 2.0, 1_000_000: 1.5}
KEYS_SHUFFLE_CEILING = {1_000: 1.15}
INPUT_ORDERS = ("sorted", "dealt")
STREAMING_TARGET = 4.0
STATE_WINDOW_SIZES = (10, 100, 1000)
# Rows of the input that measures the fixed cost of a streaming micro-batch (8 per key).
FIXED_ROWS = 8000
# Goals for a running query's micro-batch (docs/performance.md): the chunked layout within 10 % of
# the single-value one, and applyInPandasWithState at least 3 times streams-window's time.
LAYOUT_TARGET = 1.1
RUNNING_TARGET = 3.0
STATE_KEYS = 100
REFERENCE = "R Spark streaming aggregation"
HAND_WRITTEN = "C0 hand-written flatMapGroupsWithState"
SINGLE_VALUE = "C1s streams-window, single-value layout"
STORES = {
    "chunked": "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider",
    "single-value": "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider",
}
# The streaming many-keys benchmark (BENCH_MANY_KEYS_STREAM): every micro-batch gives each of
# MANY_KEYS_STREAM_KEYS keys one row, read from MANY_KEYS_FILES parquet files. The window: one row
# in, one row out, one tuple kept per key, the closest streams-window has to the floor's one count
# per key and one row out per row in.
MANY_KEYS_STREAM_KEYS = 100_000
MANY_KEYS_WINDOW = "partitioned, sliding, count(1), count(1)"
MANY_KEYS_FILES = 2
# Goal: streams-window's micro-batch at most this many times the floor's (issue 41).
MANY_KEYS_STREAM_TARGET = 1.5
MANY_KEYS_FLOOR = "F transformWithState floor (RocksDB)"
BENCH_TARGET = ROOT / "java/bench/target"


def baseline_jar(work: Path) -> Path:
    """Compiles the hand-written baseline against the installed pyspark's jars; returns its jar."""
    import subprocess

    import pyspark

    jars = sorted((Path(pyspark.__file__).parent / "jars").glob("*.jar"))
    classes = work / "baseline-classes"
    source = ROOT / "scripts/baselines/HandWrittenTumble.java"
    classpath = os.pathsep.join(map(str, jars))
    subprocess.run(["javac", "-cp", classpath, "-d", str(classes), str(source)], check=True)
    jar = work / "baselines.jar"
    subprocess.run(["jar", "cf", str(jar), "-C", str(classes), "."], check=True)
    return jar


def bench_classes_jar() -> Path:
    """The thin jar of java/bench (FloorQuery), for spark.jars; benchmarks.jar shades the engine
    and Kafka's client, which the session has already."""
    found = sorted(BENCH_TARGET.glob("streams-window-bench-*.jar"))
    if not found:
        sys.exit(
            "error: java/bench/target has no streams-window-bench jar; build it with"
            " mvn -q -pl java/bench -am package -DskipTests"
        )
    return found[0]


def floor_per_long_key(df):
    """FloorQuery.perLongKey (java/bench) over df: transformWithState with one ValueState<Long>
    count per key, each row out at once as (key, count, seq)."""
    try:
        from pyspark.sql.classic.dataframe import DataFrame
    except ImportError:  # pyspark 3.5 has no classic module (and no transformWithState either)
        from pyspark.sql import DataFrame
    spark = df.sparkSession
    jdf = spark._jvm.io.streamswindow.bench.latency.FloorQuery.perLongKey(df._jdf, "seq")
    return DataFrame(jdf, spark)


def hand_written(df):
    from pyspark.sql import DataFrame

    jvm = df.sparkSession._jvm
    return DataFrame(jvm.baselines.HandWrittenTumble.run(df._jdf, 4), df.sparkSession)


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "")
    try:
        value = int(raw) if raw else default
    except ValueError:
        sys.exit(f"error: {name}={raw!r} is not a whole number")
    if value <= 0:
        sys.exit(f"error: {name} must be positive, got {value}")
    return value


def say(message: str) -> None:
    print(f"==> {message}", file=sys.stderr, flush=True)


def start_session(extra_jars=()):
    from pyspark.sql import SparkSession

    import streams_window as sw

    if not EXAMPLES_JAR.is_file():
        sys.exit(
            f"error: {EXAMPLES_JAR.relative_to(ROOT)} is missing; build it with"
            " mvn -q -pl java/spark,java/examples -am install -DskipTests"
        )
    # Python workers (applyInPandasWithState) must run this interpreter, which has pandas and
    # pyarrow; Spark would otherwise start whatever "python3" is first on PATH.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    # PySpark 4.2's own pandas serializer triggers a pandas FutureWarning on every group.
    os.environ.setdefault("PYTHONWARNINGS", "ignore::FutureWarning")
    builder = (
        SparkSession.builder.master("local[2]")
        .appName("streams-window bench")
        # Frozen into a streaming checkpoint when a query first starts, so set before any query:
        # 8 state-store partitions for 2 cores (Spark's default of 200 is for clusters).
        .config("spark.sql.shuffle.partitions", "8")
        .config("spark.driver.memory", "4g")
    )
    spark = sw.configure(builder, extra_jars=[EXAMPLES_JAR, *extra_jars]).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def run_operator(df, window: str):
    """WindowSum over df through the facade, ordered by seq within each key."""
    import streams_window as sw

    return sw.run_operator(
        df,
        OPERATOR,
        window=window,
        partition_by="key",
        order_by="seq",
        params={"attr": "value"},
        output_schema=OUTPUT_SCHEMA,
    )


def write_input(
    spark, path: Path, rows: int, keys: int, files: int = INPUT_FILES, order: str = "sorted"
) -> None:
    """rows rows over keys keys in files parquet files; seq increases per key.

    order "sorted": each file holds a stretch of the rows, in seq order per key; "dealt": the rows
    dealt round robin over the files (Spark's repartition), each file then sorted by a hash of the
    row, so that seq is in no order inside a file.
    """
    from pyspark.sql import functions as F

    # Values are multiples of 0.5 below 2^53: every sum is exact, whatever the order of addition,
    # so results compare exactly across engines.
    df = spark.range(0, rows, 1, files).select(
        (F.col("id") % keys).alias("key"),
        (F.col("id") / keys).cast("long").alias("seq"),
        ((F.col("id") * 7919 % 1000) * 0.5).alias("value"),
    )
    if order == "dealt":
        df = df.repartition(files).sortWithinPartitions(F.xxhash64("key", "seq"))
    elif order != "sorted":
        raise ValueError(f"input order {order!r}: expected one of {INPUT_ORDERS}")
    df.write.mode("overwrite").parquet(str(path))


def native_tumble(df):
    """Spark's exact equivalent of a partitioned tumbling count(4) sum in seq order."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    numbered = df.withColumn(
        "rn", F.row_number().over(Window.partitionBy("key").orderBy("seq"))
    ).withColumn("bucket", F.floor((F.col("rn") - 1) / 4))
    return (
        numbered.groupBy("key", "bucket")
        .agg(
            F.max("seq").alias("seq"),
            F.sum("value").alias("total"),
            F.count(F.lit(1)).alias("count"),
        )
        # A count(4) tumble emits full windows only; a partial last bucket stays in the window.
        .where(F.col("count") == 4)
        .select("key", "seq", "total", "count")
    )


def pandas_tumble(key, frames, state):
    """applyInPandasWithState body: tumbling count(4) sum of one key.

    State: (pending count, pending sum), the tuples of the unfinished window; no arrays in it.
    """
    import numpy as np
    import pandas as pd

    pending, pending_sum = state.get if state.exists else (0, 0.0)
    pdf = pd.concat(list(frames), ignore_index=True)
    # Arrival order is seq order, as run_operator's order_by gives it.
    pdf = pdf.sort_values("seq", kind="stable")
    values = pdf["value"].to_numpy()
    seqs = pdf["seq"].to_numpy()
    totals: list = []
    ends: list = []
    start = 0
    if pending:
        need = 4 - pending
        if len(values) < need:
            state.update((pending + len(values), pending_sum + float(values.sum())))
            return
        totals.append(np.array([pending_sum + values[:need].sum()]))
        ends.append(seqs[need - 1 : need])
        start = need
    full = (len(values) - start) // 4
    stop = start + 4 * full
    totals.append(values[start:stop].reshape(full, 4).sum(axis=1))
    ends.append(seqs[start + 3 : stop : 4])
    rest = values[stop:]
    state.update((len(rest), float(rest.sum())))
    total = np.concatenate(totals)
    yield pd.DataFrame(
        {
            "key": np.full(len(total), key[0], dtype="int64"),
            "seq": np.concatenate(ends).astype("int64"),
            "total": total,
            "count": np.full(len(total), 4, dtype="int64"),
        }
    )


def pandas_stream(stream):
    from pyspark.sql.streaming.state import GroupStateTimeout

    return stream.groupBy("key").applyInPandasWithState(
        pandas_tumble,
        outputStructType=OUTPUT_SCHEMA,
        stateStructType="pending long, pending_sum double",
        outputMode="append",
        timeoutConf=GroupStateTimeout.NoTimeout,
    )


def native_stream_aggregate(stream):
    """The reference R: Spark's own streaming aggregation per key over every input column."""
    from pyspark.sql import functions as F

    return stream.groupBy("key").agg(
        F.max("seq").alias("seq"), F.sum("value").alias("total"), F.count(F.lit(1)).alias("count")
    )


def file_stream(spark, path: Path):
    # All input files in one micro-batch.
    return (
        spark.readStream.schema(INPUT_DDL).option("maxFilesPerTrigger", 100000).parquet(str(path))
    )


def run_stream(
    result, checkpoint: Path, sink: str = "noop", name: str | None = None, mode: str = "append"
):
    """Starts result on sink, waits until the input is used up, stops; returns the query."""
    writer = (
        result.writeStream.format(sink)
        .outputMode(mode)
        .option("checkpointLocation", str(checkpoint))
    )
    if name:
        writer = writer.queryName(name)
    query = writer.start()
    used_up(query)
    return query


def used_up(query) -> list[dict]:
    """Waits until a started query has used up its input, stops it, and returns the progress of
    its micro-batches that read rows; raises what made it fail."""
    try:
        query.processAllAvailable()
        progress = [p for p in query.recentProgress if p["numInputRows"] > 0]
    finally:
        query.stop()
    if query.exception() is not None:
        raise RuntimeError(f"streaming query failed: {query.exception()}")
    return progress


def arrive(source: Path, folder: Path, tag: str) -> None:
    """Puts source's parquet files into a stream's folder as new files, newer than any there."""
    now = time.time()
    for index, data in enumerate(sorted(source.glob("*.parquet"))):
        target = folder / f"{tag}-{index:04d}.parquet"
        shutil.copyfile(data, target)
        os.utime(target, (now, now))


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def noop(df) -> None:
    df.write.format("noop").mode("overwrite").save()


def interleaved(jobs: dict[str, Callable[[], object]], repeats: int) -> dict[str, list[float]]:
    """Each job once untimed, then ``repeats`` rounds of all of them in turn, timed: the seconds
    of each job's rounds, by name. Interleaving keeps the machine's drift out of the ratios."""
    for job in jobs.values():
        job()
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for round_ in range(repeats):
        for name, job in jobs.items():
            times[name].append(timed(job))
        say(
            f"round {round_ + 1}: "
            + ", ".join(f"{name} {times[name][-1]:.2f} s" for name in jobs)
        )
    return times


def publish(report: dict) -> None:
    """A benchmark's report with the machine's one-minute load average, printed as JSON and, with
    BENCH_JSON, written there."""
    report["load_average"] = os.getloadavg()[0]
    text = json.dumps(report, indent=2)
    print(text)
    if os.environ.get("BENCH_JSON"):
        Path(os.environ["BENCH_JSON"]).write_text(text + "\n")


def same_rows(a, b) -> tuple[bool, int, int]:
    count_a, count_b = a.count(), b.count()
    same = count_a == count_b and a.exceptAll(b).count() == 0 and b.exceptAll(a).count() == 0
    return same, count_a, count_b


class Bench:
    def __init__(self, spark, work: Path, repeats: int, warm_up: int = 1):
        self.spark = spark
        self.work = work
        self.repeats = repeats
        # Untimed rounds before the session's first timed round; later measurements (another
        # layout) take one. The JVM keeps speeding up over the first ten or so full-size runs of
        # each job (docs/performance.md, "Warming up").
        self.warm_up = warm_up
        self.warmed = False
        self.runs = 0

    def checkpoint(self, label: str) -> Path:
        self.runs += 1
        return self.work / "checkpoints" / f"{label}-{self.runs}"

    def batch_sw(self, data: Path) -> None:
        noop(run_operator(self.spark.read.parquet(str(data)), TUMBLE))

    def batch_native(self, data: Path) -> None:
        noop(native_tumble(self.spark.read.parquet(str(data))))

    def batch_shuffle(self, data: Path) -> None:
        """S: the bare shuffle of the same rows by key, what any per-key job pays at least."""
        partitions = int(self.spark.conf.get("spark.sql.shuffle.partitions"))
        noop(self.spark.read.parquet(str(data)).repartition(partitions, "key"))

    def stream_sw(self, data: Path, layout: str = "chunked") -> None:
        # The layout follows the session's state store when the plan is built and the query starts.
        self.spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES[layout])
        try:
            result = run_operator(file_stream(self.spark, data), TUMBLE)
            run_stream(result, self.checkpoint(f"sw-{layout}"))
        finally:
            self.spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES["chunked"])

    def stream_hand_written(self, data: Path) -> None:
        # On the session's state store, RocksDB, as C1.
        run_stream(hand_written(file_stream(self.spark, data)), self.checkpoint("hand"))

    def stream_pandas(self, data: Path) -> None:
        run_stream(pandas_stream(file_stream(self.spark, data)), self.checkpoint("pandas"))

    def stream_reference(self, data: Path) -> None:
        run_stream(
            native_stream_aggregate(file_stream(self.spark, data)),
            self.checkpoint("reference"),
            mode="update",
        )

    def running(
        self, build, first: Path, second: Path, layout: str = "chunked", mode: str = "append"
    ) -> tuple[float, float]:
        """One query over a folder that gets first's files, then second's: the seconds of its first
        and second micro-batch, as the query's progress reports them."""
        folder = self.checkpoint("running-input")
        folder.mkdir(parents=True)
        arrive(first, folder, "a")
        # The session's state store when the query starts decides the layout (and the store).
        self.spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES[layout])
        try:
            query = (
                build(file_stream(self.spark, folder))
                .writeStream.format("noop")
                .outputMode(mode)
                .option("checkpointLocation", str(self.checkpoint("running")))
                .start()
            )
        finally:
            self.spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES["chunked"])
        try:
            query.processAllAvailable()
            arrive(second, folder, "b")
            query.processAllAvailable()
            progress = [p for p in query.recentProgress if p["numInputRows"] > 0]
        finally:
            query.stop()
        if query.exception() is not None:
            raise RuntimeError(f"streaming query failed: {query.exception()}")
        if len(progress) != 2:
            raise RuntimeError(f"expected two micro-batches with input, got {len(progress)}")
        return tuple(p["durationMs"]["triggerExecution"] / 1000 for p in progress)

    def verify(self, data: Path) -> dict[str, bool]:
        """Every variant gives the native emulation's rows (streaming ones via a memory sink)."""
        read = self.spark.read.parquet(str(data))
        native = native_tumble(read).cache()
        checks = {}
        ok, n_sw, n_native = same_rows(run_operator(read, TUMBLE), native)
        checks["batch"] = ok
        for label, build in (
            ("stream_sw", lambda s: run_operator(s, TUMBLE)),
            ("stream_pandas", pandas_stream),
            ("stream_hand_written", hand_written),
        ):
            name = f"bench_{label}_{self.runs}"
            run_stream(build(file_stream(self.spark, data)), self.checkpoint(label), "memory", name)
            ok, _, _ = same_rows(self.spark.table(name), native)
            checks[label] = ok
            self.spark.catalog.dropTempView(name)
        native.unpersist()
        say(f"checked on {data.name}: {checks} ({n_native} windows)")
        return checks

    def measure(self, variants: dict[str, Callable[[], None]]) -> dict[str, list[float]]:
        """Each variant repeats times after one untimed full-size round, rounds interleaved so that
        a slow phase of the machine hits every variant alike."""
        times: dict[str, list[float]] = {name: [] for name in variants}
        # Untimed rounds first: a small input is not enough for the JIT (the first full-size runs
        # were 30-70 % slower than the third after a 200 000-row warm-up).
        warm_up = 1 if self.warmed else self.warm_up
        self.warmed = True
        for round_ in range(1 - warm_up, self.repeats + 1):
            for name, action in variants.items():
                seconds = timed(action)
                if round_ > 0:
                    times[name].append(seconds)
                say(f"{'warm-up' if round_ <= 0 else f'round {round_}'}: {name} {seconds:.2f} s")
        return times

    def measure_running(
        self, variants: dict[str, Callable[[], tuple[float, float]]]
    ) -> dict[str, dict[str, list[float]]]:
        """As measure, for running queries: each variant's first and second micro-batch."""
        times = {name: {"first": [], "second": []} for name in variants}
        for round_ in range(0, self.repeats + 1):
            for name, action in variants.items():
                first, second = action()
                if round_ > 0:
                    times[name]["first"].append(first)
                    times[name]["second"].append(second)
                label = "warm-up" if round_ == 0 else f"round {round_}"
                say(f"{label}: {name} running, {first:.2f} s then {second:.2f} s")
        return times


def state_sizes(spark, bench: Bench) -> list[dict]:
    """Saved state per key of sliding count(N), count(1) WindowSum windows after one micro-batch.

    Each key gets 2N rows, so its window is full (N tuples) when the micro-batch ends. Measured
    two ways: the exact length of the binary state value each key saves (read back with Spark's
    state data source), and the state store's own in-memory estimate (lastProgress
    stateOperators[0].memoryUsedBytes / numRowsTotal), which adds the store's per-row overhead.
    On the single-value layout, whose one value per key the state data source reads as is (these
    windows, of at most 1,000 tuples, stay inline in the chunked layout's checkpoint too).
    """
    from pyspark.sql import functions as F

    results = []
    for size in STATE_WINDOW_SIZES:
        data = bench.work / f"state-{size}"
        write_input(spark, data, rows=STATE_KEYS * 2 * size, keys=STATE_KEYS)
        window = f"partitioned, sliding, count({size}), count(1)"
        checkpoint = bench.checkpoint(f"state-{size}")
        spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES["single-value"])
        try:
            query = run_stream(run_operator(file_stream(spark, data), window), checkpoint)
        finally:
            spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES["chunked"])
        operator = query.lastProgress["stateOperators"][0]
        state = spark.read.format("statestore").load(str(checkpoint))
        value_bytes = state.select(F.col("value.groupState.value").alias("v"))
        row = value_bytes.agg(
            F.count(F.lit(1)).alias("keys"), F.avg(F.octet_length("v")).alias("bytes")
        ).first()
        results.append(
            {
                "window": size,
                "keys": row["keys"],
                "state_bytes_per_key": row["bytes"],
                "memory_bytes_per_key": operator["memoryUsedBytes"] / operator["numRowsTotal"],
            }
        )
        say(f"state of sliding count({size}): {results[-1]}")
    return results


def median(values: list[float]) -> float:
    return statistics.median(values)


def report(
    rows: int,
    keys: int,
    repeats: int,
    times: dict[str, list[float]],
    running: dict[str, dict[str, list[float]]],
    checks,
    states,
    warm_up: int = 1,
):
    med = {name: median(values) for name, values in times.items()}
    batch_ratio = med["B native (row_number + groupBy)"] / med["A streams-window batch"]
    stream_ratio = med["C2 applyInPandasWithState"] / med["C1 streams-window streaming"]
    print()
    print(
        f"Spark {rows:,} rows, {keys:,} keys, tumbling count(4) sum; local[2]; "
        f"seconds, median of {repeats} runs after {warm_up} full-size warm-up round(s) (runs)"
    )
    for name, values in times.items():
        runs = ", ".join(f"{v:.2f}" for v in values)
        print(f"  {name:<36} {med[name]:8.2f} s   ({runs})")
    print()
    verdict = lambda ratio, target: "met" if ratio >= target else "NOT met"  # noqa: E731
    print(
        f"  batch:     native / streams-window  = {batch_ratio:5.2f}  "
        f"(target >= {BATCH_TARGET}: {verdict(batch_ratio, BATCH_TARGET)})"
    )
    print(
        f"  streaming: pandas / streams-window  = {stream_ratio:5.2f}  "
        f"(target >= {STREAMING_TARGET}: {verdict(stream_ratio, STREAMING_TARGET)})"
    )
    print(f"  results equal to the native emulation: {checks}")
    c1 = med["C1 streams-window streaming"]
    if HAND_WRITTEN in med:
        print(
            f"  streaming: hand-written port / streams-window = {med[HAND_WRITTEN] / c1:5.2f}"
            " (goal > 1: faster than a port straight on flatMapGroupsWithState)"
        )
    if SINGLE_VALUE in med:
        print(f"  streaming: chunked / single-value layout = {c1 / med[SINGLE_VALUE]:5.2f}")
    reference = med.get(REFERENCE)
    if reference:
        c1 = med["C1 streams-window streaming"]
        c2 = med["C2 applyInPandasWithState"]
        print()
        print("  reference R, Spark's own streaming aggregation of the stream (not the same job):")
        print(
            f"    C1 / R = {c1 / reference:.2f}, C2 / R = {c2 / reference:.2f}; "
            f"{STREAMING_TARGET:g}x would need C1 / R <= {c2 / reference / STREAMING_TARGET:.2f}"
        )
    if running:
        first = {name: median(t["first"]) for name, t in running.items()}
        second = {name: median(t["second"]) for name, t in running.items()}
        print()
        print(
            f"  running queries: a fresh query's first micro-batch of {FIXED_ROWS:,} rows (its"
            f" fixed cost), then one of {rows:,} rows; seconds, medians (second micro-batches)"
        )
        for name in running:
            runs = ", ".join(f"{v:.2f}" for v in running[name]["second"])
            print(f"  {name:<36} {first[name]:6.2f} s then {second[name]:6.2f} s   ({runs})")
        c1_run = second["C1 streams-window streaming"]
        lines = []
        if SINGLE_VALUE in second:
            ratio = c1_run / second[SINGLE_VALUE]
            lines.append(
                f"chunked / single-value layout = {ratio:5.2f}"
                f" (goal <= {LAYOUT_TARGET}: {'met' if ratio <= LAYOUT_TARGET else 'NOT met'})"
            )
        ratio = second["C2 applyInPandasWithState"] / c1_run
        lines.append(
            f"pandas / streams-window = {ratio:5.2f}"
            f" (goal >= {RUNNING_TARGET}: {verdict(ratio, RUNNING_TARGET)})"
        )
        if HAND_WRITTEN in second:
            ratio = second[HAND_WRITTEN] / c1_run
            lines.append(
                f"hand-written port / streams-window = {ratio:5.2f}"
                f" (goal > 1: {'met' if ratio > 1 else 'NOT met'})"
            )
        if REFERENCE in second:
            lines.append(f"streams-window / R = {c1_run / second[REFERENCE]:5.2f}")
        for line in lines:
            print(f"  running, {rows:,}-row micro-batch: {line}")
    if states:
        print()
        print(
            f"Saved state per key, sliding count(N), count(1) WindowSum, {STATE_KEYS} keys, "
            "window full"
        )
        print(f"  {'N':>6} {'state value (B/key)':>20} {'store in memory (B/key)':>24}")
        for s in states:
            print(
                f"  {s['window']:>6} {s['state_bytes_per_key']:>20.0f} "
                f"{s['memory_bytes_per_key']:>24.0f}"
            )
        if len(states) >= 2:
            first, last = states[0], states[-1]
            slope = (last["state_bytes_per_key"] - first["state_bytes_per_key"]) / (
                last["window"] - first["window"]
            )
            print(f"  growth: {slope:.1f} bytes per windowed tuple")
    return {"medians": med, "batch_ratio": batch_ratio, "stream_ratio": stream_ratio}


def env_list(name: str, default: str) -> list[int]:
    """A comma-separated list of positive whole numbers."""
    raw = os.environ.get(name, "") or default
    try:
        values = [int(part) for part in raw.split(",")]
    except ValueError:
        sys.exit(f"error: {name}={raw!r} is not a comma-separated list of whole numbers")
    if not values or min(values) <= 0:
        sys.exit(f"error: {name} must list positive numbers, got {raw!r}")
    return values


def input_orders() -> list[str]:
    raw = os.environ.get("BENCH_ORDER", "") or "both"
    if raw == "both":
        return list(INPUT_ORDERS)
    if raw not in INPUT_ORDERS:
        sys.exit(f"error: BENCH_ORDER={raw!r}: expected sorted, dealt or both")
    return [raw]


def check_keys(rows: int, keys: int, check_rows: int) -> int:
    """Keys of a correctness check's check_rows rows: as many rows per key as the timed input has
    (at least 100 keys, as the checks always had), so that many keys are checked as many keys."""
    return max(min(keys, 100), keys * check_rows // rows)


def key_targets(keys: int, matrix: bool = False) -> dict[str, tuple[str, float]]:
    """The floors the batch job must meet at keys keys, those that apply: {"B / A": (">=", x),
    "A / S": ("<=", y)}. In the batch matrix 1,000 keys keep its own floors (every layout, order).
    """
    if matrix and keys == 1_000:
        return {"B / A": (">=", BATCH_FLOOR), "A / S": ("<=", SHUFFLE_CEILING)}
    targets = {}
    if keys in KEYS_FLOOR:
        targets["B / A"] = (">=", KEYS_FLOOR[keys])
    if keys in KEYS_SHUFFLE_CEILING and not matrix:
        targets["A / S"] = ("<=", KEYS_SHUFFLE_CEILING[keys])
    return targets


def judge(ratios: dict[str, float], targets: dict[str, tuple[str, float]]) -> tuple[bool, str]:
    """Whether ratios meet targets, and a text naming each target and its verdict ("-": none)."""
    met, parts = True, []
    for name, (op, bound) in targets.items():
        ok = ratios[name] >= bound if op == ">=" else ratios[name] <= bound
        met &= ok
        parts.append(f"{name} {op} {bound:g}: {'met' if ok else 'missed'}")
    return met, "; ".join(parts) or "-"


def batch_only(bench: Bench, rows: int, key_counts: list[int], checks: dict) -> int:
    """Times A, B and S at every key count, in every layout and input order
    (BENCH_SPARK_ONLY=batch); prints a row per key count, layout and order with the ratios and the
    floors, and the results as JSON."""
    spark = bench.spark
    orders = input_orders()
    layouts = []
    for keys in key_counts:
        for files in env_list("BENCH_FILES", str(INPUT_FILES)):
            inputs = {}
            for order in orders:
                inputs[order] = bench.work / f"input-{keys}-{files}-{order}"
                say(f"writing the input: {rows:,} rows, {keys:,} keys, {files} files, {order}")
                write_input(spark, inputs[order], rows, keys, files, order)
                small = bench.work / f"check-{keys}-{files}-{order}"
                small_rows = min(rows, 200_000)
                write_input(
                    spark, small, small_rows, check_keys(rows, keys, small_rows), files, order
                )
                read = spark.read.parquet(str(small))
                checks[f"batch {keys} keys {files} files {order}"], _, _ = same_rows(
                    run_operator(read, TUMBLE), native_tumble(read)
                )
            for partitions in env_list("BENCH_PARTITIONS", "8"):
                spark.conf.set("spark.sql.shuffle.partitions", str(partitions))
                variants = {}
                for order, data in inputs.items():
                    variants[f"A {order}"] = lambda data=data: bench.batch_sw(data)
                    variants[f"B {order}"] = lambda data=data: bench.batch_native(data)
                    variants[f"S {order}"] = lambda data=data: bench.batch_shuffle(data)
                say(f"layout: {keys:,} keys, {files} files, {partitions} shuffle partitions")
                load_before = os.getloadavg()[0]
                times = bench.measure(variants)
                load_after = os.getloadavg()[0]
                layouts.append(
                    {
                        "keys": keys,
                        "files": files,
                        "partitions": partitions,
                        "runs": {name: [round(t, 3) for t in ts] for name, ts in times.items()},
                        "medians": {name: round(median(ts), 3) for name, ts in times.items()},
                        "load_average_1min": [load_before, load_after],
                    }
                )
    spark.conf.set("spark.sql.shuffle.partitions", "8")
    met = True
    print(
        f"\nBatch, {rows:,} rows, medians of {bench.repeats} (seconds) after"
        f" {bench.warm_up} warm-up round(s) (one in each later layout); floors: at 1,000 keys"
        f" B / A >= {BATCH_FLOOR:g}, A / S <= {SHUFFLE_CEILING:g};"
        + "".join(f" at {k:,} keys B / A >= {v:g};" for k, v in KEYS_FLOOR.items())
        + " none at other key counts"
    )
    print(
        f"  {'keys':>9} {'files':>5} {'parts':>5} {'order':<7} {'A':>6} {'B':>6} {'S':>6}"
        f" {'B / A':>6} {'A / S':>6}  {'floors':<6} load"
    )
    for layout in layouts:
        med = layout["medians"]
        layout["floors"] = {}
        for order in orders:
            a, b, s = med[f"A {order}"], med[f"B {order}"], med[f"S {order}"]
            targets = key_targets(layout["keys"], matrix=True)
            ok, text = judge({"B / A": b / a, "A / S": a / s}, targets)
            layout["floors"][order] = text
            met &= ok
            verdict = ("met" if ok else "missed") if targets else "-"
            print(
                f"  {layout['keys']:>9,} {layout['files']:>5} {layout['partitions']:>5}"
                f" {order:<7} {a:>6.2f} {b:>6.2f} {s:>6.2f} {b / a:>6.2f} {a / s:>6.2f}"
                f"  {verdict:<6}"
                f" {layout['load_average_1min'][0]:.1f} / {layout['load_average_1min'][1]:.1f}"
            )
        if len(orders) == 2:
            layout["A_dealt_over_A_sorted"] = round(med["A dealt"] / med["A sorted"], 3)
            print(
                f"  {'':>9} {'':>5} {'':>5} A dealt / A sorted:"
                f" {layout['A_dealt_over_A_sorted']:.2f}"
            )
    result = {
        "rows": rows,
        "keys": key_counts,
        "warm_up_rounds": bench.warm_up,
        "layouts": layouts,
        "floors_met": met,
        "checks": checks,
    }
    print(json.dumps(result))
    if os.environ.get("BENCH_JSON"):
        Path(os.environ["BENCH_JSON"]).write_text(json.dumps(result, indent=2) + "\n")
    return 0 if all(checks.values()) else 1


def batch_by_keys(
    bench: Bench, rows: int, key_counts: list[int], checks: dict, inputs: dict[int, Path]
) -> dict:
    """The batch job by key count (issue 41): A, B and S on BENCH_ROWS rows over each of
    key_counts keys (8 files, rows in order, 8 shuffle partitions), all key counts interleaved in
    the same rounds; each checked against B first on 200,000 rows with as many rows per key.
    inputs: inputs already written, by key count (reused). Prints one row per key count with B /
    A, A / S and their targets; returns the figures for the JSON."""
    spark = bench.spark
    variants = {}
    for keys in key_counts:
        data = inputs.get(keys)
        if data is None:
            data = bench.work / f"keys-{keys}"
            say(f"writing the input: {rows:,} rows, {keys:,} keys, {INPUT_FILES} parquet files")
            write_input(spark, data, rows, keys)
        small = bench.work / f"keys-check-{keys}"
        small_rows = min(rows, 200_000)
        small_keys = check_keys(rows, keys, small_rows)
        write_input(spark, small, small_rows, small_keys)
        read = spark.read.parquet(str(small))
        checks[f"batch {keys} keys"], _, windows = same_rows(
            run_operator(read, TUMBLE), native_tumble(read)
        )
        say(
            f"checked {keys:,} keys on {small_rows:,} rows over {small_keys:,} keys:"
            f" {checks[f'batch {keys} keys']} ({windows:,} windows)"
        )
        variants[f"A {keys}"] = lambda data=data: bench.batch_sw(data)
        variants[f"B {keys}"] = lambda data=data: bench.batch_native(data)
        variants[f"S {keys}"] = lambda data=data: bench.batch_shuffle(data)
    load_before = os.getloadavg()[0]
    times = bench.measure(variants)
    load_after = os.getloadavg()[0]
    by_keys = []
    met = True
    for keys in key_counts:
        a, b, s = (median(times[f"{v} {keys}"]) for v in "ABS")
        targets = key_targets(keys)
        ok, text = judge({"B / A": b / a, "A / S": a / s}, targets)
        met &= ok
        by_keys.append(
            {
                "keys": keys,
                "rows_per_key": rows / keys,
                "medians": {"A": round(a, 3), "B": round(b, 3), "S": round(s, 3)},
                "B_over_A": round(b / a, 3),
                "A_over_S": round(a / s, 3),
                "targets": text,
                "targets_met": ok if targets else None,
            }
        )
    return {
        "rows": rows,
        "key_counts": key_counts,
        "files": INPUT_FILES,
        "partitions": 8,
        "repeats": bench.repeats,
        "runs": {name: [round(t, 3) for t in ts] for name, ts in times.items()},
        "by_keys": by_keys,
        "targets_met": met,
        "load_average_1min": [load_before, load_after],
    }


def print_by_keys(result: dict) -> None:
    print()
    print(
        f"Batch by key count, {result['rows']:,} rows, tumbling count(4) sum, {result['files']}"
        f" files (rows in order), {result['partitions']} shuffle partitions; seconds, medians of"
        f" {result['repeats']}, key counts interleaved in each round"
    )
    print(
        f"  {'keys':>9} {'rows/key':>9} {'A':>6} {'B':>6} {'S':>6} {'B / A':>6} {'A / S':>6}"
        "  targets"
    )
    for r in result["by_keys"]:
        med = r["medians"]
        print(
            f"  {r['keys']:>9,} {r['rows_per_key']:>9,.0f} {med['A']:>6.2f} {med['B']:>6.2f}"
            f" {med['S']:>6.2f} {r['B_over_A']:>6.2f} {r['A_over_S']:>6.2f}  {r['targets']}"
        )
    before, after = result["load_average_1min"]
    print(f"  load average (1 min) before/after: {before:.1f} / {after:.1f}")


def write_key_batch(spark, path: Path, keys: int, batch: int, files: int) -> None:
    """One micro-batch of the streaming many-keys benchmark: one row for each of keys keys, seq
    the batch's number, in files parquet files."""
    from pyspark.sql import functions as F

    spark.range(0, keys, 1, files).select(
        F.col("id").alias("key"),
        F.lit(batch).cast("long").alias("seq"),
        ((F.col("id") * 7919 % 1000) * 0.5).alias("value"),
    ).write.mode("overwrite").parquet(str(path))


def stage_batches(batches: list[Path], folder: Path) -> None:
    """Puts every batch's files into a stream's folder, batch i's files i seconds newer than batch
    i - 1's: the file source, taking its oldest files first, maxFilesPerTrigger at a time, reads one
    batch per micro-batch, in order."""
    folder.mkdir(parents=True)
    base = time.time() - 10 * len(batches)
    for number, batch in enumerate(batches):
        stamp = base + number
        for index, data in enumerate(sorted(batch.glob("*.parquet"))):
            target = folder / f"b{number:04d}-{index:04d}.parquet"
            shutil.copyfile(data, target)
            os.utime(target, (stamp, stamp))


def many_keys_stream(bench: Bench) -> dict:
    """Streaming with many keys (issue 41): running queries whose micro-batches each give every one
    of BENCH_MANY_KEYS_STREAM_KEYS keys (default 100,000) one row, timed per micro-batch (the
    query's triggerExecution) after BENCH_MANY_KEYS_WARMUP_BATCHES untimed ones: the floor,
    transformWithState with one ValueState<Long> count per key and each row out with its count
    (java/bench FloorQuery.perLongKey, on the RocksDB store transformWithState needs), against
    streams-window's WindowSum on BENCH_MANY_KEYS_WINDOW (default sliding count(1), count(1): one
    tuple kept and one row out per row, as the floor) on both state layouts. All queries in this
    session, BENCH_MANY_KEYS_ROUNDS rounds of the three in turn; medians over every timed
    micro-batch of a variant."""
    spark = bench.spark
    keys = env_int("BENCH_MANY_KEYS_STREAM_KEYS", MANY_KEYS_STREAM_KEYS)
    warm = env_int("BENCH_MANY_KEYS_WARMUP_BATCHES", 5)
    timed_batches = env_int("BENCH_MANY_KEYS_BATCHES", 10)
    rounds = env_int("BENCH_MANY_KEYS_ROUNDS", 1)
    window = os.environ.get("BENCH_MANY_KEYS_WINDOW", "") or MANY_KEYS_WINDOW
    total = warm + timed_batches
    say(
        f"streaming with many keys: {total} micro-batches of one row for each of {keys:,} keys"
        f" ({warm} untimed), {rounds} round(s)"
    )
    # Every micro-batch's progress must stay in recentProgress (100 by default).
    spark.conf.set("spark.sql.streaming.numRecentProgressUpdates", str(max(100, total + 10)))
    batches = []
    for number in range(total):
        batch = bench.work / "many-keys" / f"batch-{number:04d}"
        write_key_batch(spark, batch, keys, number, MANY_KEYS_FILES)
        batches.append(batch)
    sw_window = lambda stream: run_operator(stream, window)  # noqa: E731
    variants = {
        MANY_KEYS_FLOOR: (floor_per_long_key, "chunked", "update"),
        "O streams-window, chunked layout (RocksDB)": (sw_window, "chunked", "append"),
        "O streams-window, single-value layout (HDFS)": (sw_window, "single-value", "append"),
    }
    results = {name: {"ms": [], "rows_out": [], "state_rows": []} for name in variants}
    load_before = os.getloadavg()[0]
    for round_ in range(1, rounds + 1):
        for name, (build, layout, mode) in variants.items():
            folder = bench.checkpoint("many-keys-input")
            stage_batches(batches, folder)
            stream = (
                spark.readStream.schema(INPUT_DDL)
                .option("maxFilesPerTrigger", MANY_KEYS_FILES)
                .parquet(str(folder))
            )
            # The session's state store when the query starts decides the layout (and the store).
            spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES[layout])
            try:
                query = (
                    build(stream)
                    .writeStream.format("noop")
                    .outputMode(mode)
                    .option("checkpointLocation", str(bench.checkpoint("many-keys")))
                    .start()
                )
            finally:
                spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES["chunked"])
            progress = used_up(query)
            if len(progress) != total or any(p["numInputRows"] != keys for p in progress):
                got = [p["numInputRows"] for p in progress]
                raise RuntimeError(f"expected {total} micro-batches of {keys} rows, got {got}")
            ms = [p["durationMs"]["triggerExecution"] for p in progress]
            results[name]["ms"].extend(ms[warm:])
            results[name]["rows_out"].extend(p["sink"].get("numOutputRows", -1) for p in progress)
            operators = progress[-1].get("stateOperators") or [{}]
            results[name]["state_rows"].append(operators[0].get("numRowsTotal"))
            say(
                f"round {round_}: {name}: ms per micro-batch {ms[:warm]} untimed, then {ms[warm:]};"
                f" state rows {results[name]['state_rows'][-1]}"
            )
    load_after = os.getloadavg()[0]
    floor = median(results[MANY_KEYS_FLOOR]["ms"])
    summary = {}
    met = True
    for name, r in results.items():
        entry = {
            "layout": variants[name][1],
            "median_ms": median(r["ms"]),
            "ms": r["ms"],
            "rows_out_per_batch": sorted(set(r["rows_out"])),
            "state_rows": r["state_rows"],
        }
        if name != MANY_KEYS_FLOOR:
            entry["over_floor"] = round(entry["median_ms"] / floor, 3)
            entry["target_met"] = entry["over_floor"] <= MANY_KEYS_STREAM_TARGET
            met &= entry["target_met"]
        summary[name] = entry
    return {
        "keys": keys,
        "window": window,
        "files_per_batch": MANY_KEYS_FILES,
        "warm_up_batches": warm,
        "timed_batches": timed_batches,
        "rounds": rounds,
        "target": MANY_KEYS_STREAM_TARGET,
        "target_met": met,
        "variants": summary,
        "load_average_1min": [load_before, load_after],
    }


def print_many_keys_stream(result: dict) -> None:
    print()
    print(
        f"Streaming with many keys: running queries, micro-batches of one row for each of"
        f" {result['keys']:,} keys; ms per micro-batch, median of"
        f" {result['timed_batches'] * result['rounds']} after {result['warm_up_batches']} untimed"
        f' micro-batches per query; streams-window: WindowSum on "{result["window"]}"'
    )
    print(f"  {'variant':<46} {'ms':>7} {'min':>7} {'max':>7} {'rows out':>9}  ours / floor")
    for name, r in result["variants"].items():
        rows_out = "/".join(str(n) for n in r["rows_out_per_batch"])
        line = (
            f"  {name:<46} {r['median_ms']:>7.0f} {min(r['ms']):>7.0f} {max(r['ms']):>7.0f}"
            f" {rows_out:>9}"
        )
        if "over_floor" in r:
            verdict = "met" if r["target_met"] else "missed"
            line += f"  {r['over_floor']:5.2f} (target within {result['target']:g}x: {verdict})"
        print(line)
    before, after = result["load_average_1min"]
    print(f"  load average (1 min) before/after: {before:.1f} / {after:.1f}")


def main() -> int:
    rows = env_int("BENCH_ROWS", 5_000_000)
    # The first key count is the one of every section but the batch comparison by key count.
    key_counts = env_list("BENCH_KEYS", KEY_COUNTS)
    keys = key_counts[0]
    only = os.environ.get("BENCH_SPARK_ONLY", "")
    if only not in ("", "batch", "many-keys-stream"):
        sys.exit(f"error: BENCH_SPARK_ONLY={only!r}: expected batch or many-keys-stream")
    batch = only == "batch"
    stream_many = not batch and os.environ.get("BENCH_MANY_KEYS_STREAM", "1") != "0"
    repeats = env_int("BENCH_REPEATS", 5)
    # The batch matrix's figures (docs/performance.md, "Warming up") were taken after four rounds.
    warm_up = env_int("BENCH_WARMUP", 4 if batch else 1)
    work = Path(tempfile.mkdtemp(prefix="streams-window-bench-"))
    try:
        say("compiling the hand-written baseline")
        baseline = baseline_jar(work)
        say("starting a local[2] Spark session")
        spark = start_session([baseline, *([bench_classes_jar()] if stream_many else [])])
        bench = Bench(spark, work, repeats, warm_up)
        if batch:
            say("correctness check of the batch job on small inputs of each layout (not timed)")
            return batch_only(bench, rows, key_counts, {})
        if only == "many-keys-stream":
            many_keys = many_keys_stream(bench)
            print_many_keys_stream(many_keys)
            if os.environ.get("BENCH_JSON"):
                Path(os.environ["BENCH_JSON"]).write_text(
                    json.dumps({"many_keys_stream": many_keys}, indent=2) + "\n"
                )
            spark.stop()
            return 0
        say(f"writing the input: {rows:,} rows, {keys:,} keys, {INPUT_FILES} parquet files")
        data = work / "input"
        write_input(spark, data, rows, keys)
        warm = work / "warm-up"
        write_input(spark, warm, min(rows, 200_000), min(keys, 100))

        say("correctness check of every variant on a small input (not timed)")
        checks = bench.verify(warm)

        variants = {
            "A streams-window batch": lambda: bench.batch_sw(data),
            "B native (row_number + groupBy)": lambda: bench.batch_native(data),
            "C1 streams-window streaming": lambda: bench.stream_sw(data),
            SINGLE_VALUE: lambda: bench.stream_sw(data, "single-value"),
            HAND_WRITTEN: lambda: bench.stream_hand_written(data),
            "C2 applyInPandasWithState": lambda: bench.stream_pandas(data),
            REFERENCE: lambda: bench.stream_reference(data),
        }
        load_before = os.getloadavg()[0]
        times = bench.measure(variants)
        load_after = os.getloadavg()[0]

        say(
            f"measuring running queries: a first micro-batch of {FIXED_ROWS:,} rows, then one of"
            f" {rows:,}"
        )
        small = work / "fixed"
        write_input(spark, small, FIXED_ROWS, keys)
        sw_tumble = lambda stream: run_operator(stream, TUMBLE)  # noqa: E731
        running = bench.measure_running(
            {
                "C1 streams-window streaming": lambda: bench.running(sw_tumble, small, data),
                SINGLE_VALUE: lambda: bench.running(sw_tumble, small, data, "single-value"),
                HAND_WRITTEN: lambda: bench.running(hand_written, small, data),
                "C2 applyInPandasWithState": lambda: bench.running(pandas_stream, small, data),
                REFERENCE: lambda: bench.running(
                    native_stream_aggregate, small, data, mode="update"
                ),
            }
        )

        say("checking the full batch result against the native emulation (not timed)")
        read = spark.read.parquet(str(data))
        checks["batch_full"], _, _ = same_rows(run_operator(read, TUMBLE), native_tumble(read))

        say(f"the batch job by key count: {', '.join(f'{k:,}' for k in key_counts)} keys")
        by_keys = batch_by_keys(bench, rows, key_counts, checks, {keys: data})
        many_keys = many_keys_stream(bench) if stream_many else None

        say("measuring saved state per key for sliding windows")
        states = state_sizes(spark, bench)
        sliding = None
        if os.environ.get("BENCH_SLIDING", "1") != "0":
            import bench_sliding

            say("sliding windows: sw.aggregate against Spark's window frame")
            sliding = bench_sliding.run(
                spark, work, env_int("BENCH_SLIDING_REPEATS", 3), env_int("BENCH_SLIDING_SCALE", 1)
            )
            checks.update({f"sliding {job}": ok for job, ok in sliding["checks"].items()})
        summary = report(rows, keys, repeats, times, running, checks, states, warm_up)
        if sliding is not None:
            bench_sliding.report(sliding)
        print(
            f"  load average (1 min) before/after the timed runs: {load_before:.1f} / "
            f"{load_after:.1f} on {os.cpu_count()} cores"
        )
        print_by_keys(by_keys)
        if many_keys is not None:
            print_many_keys_stream(many_keys)

        results = {
            "rows": rows,
            "keys": keys,
            "key_counts": key_counts,
            "repeats": repeats,
            "warm_up_rounds": warm_up,
            "times": times,
            "running": running,
            "checks": checks,
            "state": states,
            "sliding": sliding,
            "by_keys": by_keys,
            "many_keys_stream": many_keys,
            "load_average_1min": [load_before, load_after],
            "machine": {
                "cores": os.cpu_count(),
                "python": platform.python_version(),
                "spark": spark.version,
                "java": spark._jvm.System.getProperty("java.version"),
            },
            **summary,
        }
        if os.environ.get("BENCH_JSON"):
            Path(os.environ["BENCH_JSON"]).write_text(json.dumps(results, indent=2) + "\n")
        spark.stop()
        return 0 if all(checks.values()) else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
