#!/usr/bin/env python3
"""Join benchmark of streams-window: SPL's ``Join`` of two streams over ``partitioned, sliding,
count(10)`` windows with equality on the key, through ``sw.join``, against Spark's exact
emulation of it, over the same rows in the same session (issue 43's goal: at least 2x).

Run it with ``scripts/bench join``.

Input: two sides of BENCH_JOIN_ROWS rows each (default 500,000) over BENCH_JOIN_KEYS keys (default
10,000), written once to Parquet: ``key`` long, ``seq`` long (the left side's even, the right's
odd, so that the arrival order across the sides has no ties), ``value`` double. Jobs, each to the
``noop`` sink:

  ours   sw.join(left, right, left_window=right_window="partitioned, sliding, count(10)",
                 partition_by_lhs=partition_by_rhs="key", equality on the key, order_by="seq",
                 output={"key": "L.key", "lseq": "L.seq", "rseq": "R.seq"}): key by key
  spark  the same matches with Spark's operators: both sides in one frame ordered by seq per key,
         each side's row numbers, and for each row the count of the other side's rows before it;
         a row matches the other side's rows numbered within the 10 before it (a range join on
         the key), from both sides, as each pair matches once, when its later row arrives

The two are checked equal first on BENCH_JOIN_CHECK_ROWS rows a side (default 50,000); then both
run BENCH_JOIN_REPEATS times (default 5), interleaved, after one untimed round; medians and
Spark / ours are printed.

BENCH_JOIN_MODE=stream runs the join SPL users write for event time instead, on running queries
(issue 43's goal: at least 1x with the same output): each side BENCH_JOIN_STREAM_ROWS rows (default
500,000) over BENCH_JOIN_STREAM_KEYS keys (default 10,000) in event-time order, a row every 2 ms a
side (the left side's at even milliseconds, the right's at odd ones: no ties, no pair exactly 10 s
apart), ``ts`` a timestamp from 2026-01-01 and ``t`` its seconds since then as a double, staged as
BENCH_JOIN_STREAM_BATCHES files a side (default 20), read one file a side per micro-batch:

  ours   sw.join(..., left_window=right_window="partitioned, sliding, delta(ts, 10.0), count(1)",
                 partitioned and equal on the key, match="L.t - R.t <= 10.0 && R.t - L.t <= 10.0")
  spark  Spark's stream-stream interval join: both sides withWatermark("ts", "1 second"), joined on
         key equality and R.ts between L.ts - 10 s and L.ts + 10 s, append mode

Both give each pair of one key within 10 s once (a pair is matched when its later row arrives, and
the earlier is still in its delta window since the rows come in order); the outputs are checked
equal first on BENCH_JOIN_STREAM_CHECK_ROWS rows a side (default 40,000). Each query then runs
BENCH_JOIN_STREAM_ROUNDS times (default 2, in turn), timed per micro-batch (the query's
triggerExecution) after the first 4; medians over the pooled micro-batches and Spark / ours are
printed.

Environment: BENCH_JOIN_ROWS, BENCH_JOIN_KEYS, BENCH_JOIN_REPEATS, BENCH_JOIN_CHECK_ROWS,
BENCH_JOIN_MODE (batch or stream), BENCH_JOIN_STREAM_ROWS, BENCH_JOIN_STREAM_KEYS,
BENCH_JOIN_STREAM_BATCHES, BENCH_JOIN_STREAM_CHECK_ROWS, BENCH_JOIN_STREAM_ROUNDS, BENCH_JSON (a
file for the results).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from bench_spark import (
    env_int,
    interleaved,
    median,
    noop,
    publish,
    same_rows,
    say,
    stage_batches,
    start_session,
    used_up,
)

TARGET = 2.0
SIZE = 10
STREAM_TARGET = 1.0
STREAM_DELTA = 10.0
STREAM_WARM_BATCHES = 4
STREAM_EPOCH_US = 1_767_225_600_000_000  # 2026-01-01T00:00:00Z


def main() -> None:
    if os.environ.get("BENCH_JOIN_MODE", "batch") == "stream":
        stream_main()
        return
    batch_main()


def batch_main() -> None:
    import streams_window as sw
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    rows = env_int("BENCH_JOIN_ROWS", 500_000)
    keys = env_int("BENCH_JOIN_KEYS", 10_000)
    repeats = env_int("BENCH_JOIN_REPEATS", 5)
    check_rows = env_int("BENCH_JOIN_CHECK_ROWS", 50_000)
    spark = start_session()
    work = Path(tempfile.mkdtemp(prefix="streams-window-join-"))

    def write(count: int, name: str, parity: int):
        path = str(work / name)
        spark.range(count).select(
            ((F.col("id") * 7919) % keys).alias("key"),
            (F.col("id") * 2 + parity).alias("seq"),
            ((F.col("id") * 2654435761) % 1000003 / 7.0).alias("value"),
        ).repartition(4).write.parquet(path)
        return spark.read.parquet(path)

    def ours(left, right):
        return sw.join(
            left,
            right,
            left_window=f"partitioned, sliding, count({SIZE})",
            right_window=f"partitioned, sliding, count({SIZE})",
            partition_by_lhs="key",
            partition_by_rhs="key",
            equality_lhs="L.key",
            equality_rhs="R.key",
            order_by="seq",
            output={"key": "L.key", "lseq": "L.seq", "rseq": "R.seq"},
        )

    def theirs(left, right):
        both = left.select("key", "seq", F.lit(0).alias("side")).unionByName(
            right.select("key", "seq", F.lit(1).alias("side"))
        )
        arrival = Window.partitionBy("key").orderBy("seq")
        numbered = both.select(
            "key",
            "seq",
            "side",
            F.sum(F.when(F.col("side") == 0, 1).otherwise(0)).over(arrival).alias("lefts"),
            F.sum(F.col("side")).over(arrival).alias("rights"),
        )
        lefts = numbered.where("side = 0").select(
            "key", F.col("seq").alias("lseq"), F.col("lefts").alias("ln"), F.col("rights").alias("rb")
        )
        rights = numbered.where("side = 1").select(
            F.col("key").alias("rkey"),
            F.col("seq").alias("rseq"),
            F.col("rights").alias("rn"),
            F.col("lefts").alias("lb"),
        )
        # A pair matches when its later row finds the earlier among the last SIZE of its side.
        pairs = lefts.join(
            rights,
            (F.col("key") == F.col("rkey"))
            & (
                ((F.col("rseq") < F.col("lseq")) & (F.col("rn") > F.col("rb") - SIZE))
                | ((F.col("lseq") < F.col("rseq")) & (F.col("ln") > F.col("lb") - SIZE))
            ),
        )
        return pairs.select("key", "lseq", "rseq")

    try:
        small_left = write(check_rows, "check-left", 0)
        small_right = write(check_rows, "check-right", 1)
        same, count_a, count_b = same_rows(
            ours(small_left, small_right), theirs(small_left, small_right)
        )
        if not same or count_a == 0:
            raise SystemExit(f"the results differ ({count_a} and {count_b} rows)")
        say(f"checked on {check_rows:,} rows a side: equal ({count_a:,} matches)")
        left = write(rows, "left", 0)
        right = write(rows, "right", 1)
        times = interleaved(
            {
                "ours": lambda: noop(ours(left, right)),
                "spark": lambda: noop(theirs(left, right)),
            },
            repeats,
        )
        ratio = median(times["spark"]) / median(times["ours"])
        say(
            f"2 x {rows:,} rows, {keys:,} keys, partitioned, sliding, count({SIZE}) on both,"
            f" equality on the key: sw.join {median(times['ours']):.2f} s, Spark's emulation"
            f" {median(times['spark']):.2f} s, Spark / ours {ratio:.2f}x (goal >= {TARGET}x:"
            f" {'met' if ratio >= TARGET else 'missed'})"
        )
        report = {
            "rows_per_side": rows,
            "keys": keys,
            "repeats": repeats,
            "ours_s": median(times["ours"]),
            "spark_s": median(times["spark"]),
            "ratio": ratio,
            "times": times,
        }
        publish(report)
    finally:
        spark.stop()
        shutil.rmtree(work, ignore_errors=True)


def stream_main() -> None:
    """The event-time join on running queries against Spark's stream-stream interval join."""
    import streams_window as sw
    from pyspark.sql import functions as F

    rows = env_int("BENCH_JOIN_STREAM_ROWS", 500_000)
    keys = env_int("BENCH_JOIN_STREAM_KEYS", 10_000)
    files = env_int("BENCH_JOIN_STREAM_BATCHES", 20)
    check_rows = env_int("BENCH_JOIN_STREAM_CHECK_ROWS", 40_000)
    rounds = env_int("BENCH_JOIN_STREAM_ROUNDS", 2)
    spark = start_session()
    spark.conf.set("spark.sql.streaming.numRecentProgressUpdates", str(files + 10))
    work = Path(tempfile.mkdtemp(prefix="streams-window-join-stream-"))
    schema = "key long, seq long, t double, ts timestamp"
    queries = 0

    def side(count: int, name: str, parity: int) -> Path:
        """count rows of one side as files parquet folders of consecutive event time, staged as a
        stream's folder that gives one per micro-batch."""
        per = -(-count // files)
        batches = []
        for number in range(files):
            first, last = number * per, min(count, (number + 1) * per)
            path = work / "batches" / f"{name}-{number:04d}"
            spark.range(first, last, 1, 1).select(
                ((F.col("id") * 7919) % keys).alias("key"),
                (F.col("id") * 2 + parity).alias("seq"),
                ((F.col("id") * 2 + parity) / 1000.0).alias("t"),
            ).withColumn(
                # From an instant after the epoch: Spark drops as late a row at or before the
                # watermark, which starts at the epoch.
                "ts",
                F.timestamp_micros(F.lit(STREAM_EPOCH_US) + F.col("seq") * 1000),
            ).write.parquet(str(path))
            batches.append(path)
        folder = work / "streams" / name
        stage_batches(batches, folder)
        return folder

    def read(folder: Path):
        return spark.readStream.schema(schema).option("maxFilesPerTrigger", 1).parquet(str(folder))

    def ours(left, right):
        window = f"partitioned, sliding, delta(ts, {STREAM_DELTA}), count(1)"
        return sw.join(
            left,
            right,
            left_window=window,
            right_window=window,
            partition_by_lhs="key",
            partition_by_rhs="key",
            equality_lhs="L.key",
            equality_rhs="R.key",
            match=f"L.t - R.t <= {STREAM_DELTA} && R.t - L.t <= {STREAM_DELTA}",
            order_by="seq",
            output={"key": "L.key", "lseq": "L.seq", "rseq": "R.seq"},
        )

    def theirs(left, right):
        lhs = left.withWatermark("ts", "1 second").alias("L")
        rhs = right.withWatermark("ts", "1 second").alias("R")
        seconds = int(STREAM_DELTA)
        return lhs.join(
            rhs,
            F.expr(
                f"L.key = R.key AND R.ts >= L.ts - INTERVAL {seconds} SECONDS"
                f" AND R.ts <= L.ts + INTERVAL {seconds} SECONDS"
            ),
        ).select(
            F.col("L.key").alias("key"), F.col("L.seq").alias("lseq"), F.col("R.seq").alias("rseq")
        )

    def run(build, left: Path, right: Path, sink: str = "noop"):
        nonlocal queries
        queries += 1
        writer = (
            build(read(left), read(right))
            .writeStream.format(sink)
            .outputMode("append")
            .option("checkpointLocation", str(work / "checkpoints" / str(queries)))
        )
        if sink == "memory":
            writer = writer.queryName(f"join_{queries}")
        query = writer.start()
        return query, used_up(query)

    try:
        small = (side(check_rows, "check-left", 0), side(check_rows, "check-right", 1))
        a, _ = run(ours, *small, sink="memory")
        b, _ = run(theirs, *small, sink="memory")
        ours_rows, spark_rows = spark.table(a.name), spark.table(b.name)
        same, count_a, count_b = same_rows(ours_rows, spark_rows)
        if not same or count_a == 0:
            only_ours = ours_rows.exceptAll(spark_rows).limit(5).collect()
            only_spark = spark_rows.exceptAll(ours_rows).limit(5).collect()
            raise SystemExit(
                f"the results differ ({count_a} and {count_b} rows): only ours {only_ours},"
                f" only Spark's {only_spark}"
            )
        say(f"checked on {check_rows:,} rows a side: equal ({count_a:,} matches)")
        full = (side(rows, "left", 0), side(rows, "right", 1))
        ms: dict[str, list[int]] = {"ours": [], "spark": []}
        out: dict[str, list[int]] = {"ours": [], "spark": []}
        for round_ in range(1, rounds + 1):
            for name, build in (("ours", ours), ("spark", theirs)):
                _, progress = run(build, *full)
                if len(progress) != files:
                    got = [p["numInputRows"] for p in progress]
                    raise RuntimeError(f"expected {files} micro-batches, got {got}")
                times = [p["durationMs"]["triggerExecution"] for p in progress]
                ms[name].extend(times[STREAM_WARM_BATCHES:])
                out[name].append(sum(p["sink"].get("numOutputRows", 0) for p in progress))
                say(
                    f"round {round_}: {name}: ms per micro-batch {times};"
                    f" rows out {out[name][-1]:,}"
                )
        ratio = median(ms["spark"]) / median(ms["ours"])
        say(
            f"2 x {rows:,} rows, {keys:,} keys, {files} micro-batches, partitioned, sliding,"
            f" delta(ts, {STREAM_DELTA}) on both against Spark's interval join: sw.join"
            f" {median(ms['ours']):.0f} ms per micro-batch, Spark {median(ms['spark']):.0f} ms,"
            f" Spark / ours {ratio:.2f}x (goal >= {STREAM_TARGET}x:"
            f" {'met' if ratio >= STREAM_TARGET else 'missed'})"
        )
        report = {
            "mode": "stream",
            "rows_per_side": rows,
            "keys": keys,
            "micro_batches": files,
            "untimed_micro_batches": STREAM_WARM_BATCHES,
            "rounds": rounds,
            "checked_matches": count_a,
            "ours_ms": median(ms["ours"]),
            "spark_ms": median(ms["spark"]),
            "ratio": ratio,
            "ms": ms,
            "rows_out": out,
        }
        publish(report)
    finally:
        spark.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
