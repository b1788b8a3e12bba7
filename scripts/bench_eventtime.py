#!/usr/bin/env python3
"""Event-time benchmark of streams-window: sliding panes summed per key, in batch, timed against
Spark's own windowed aggregation of the same input in the same session.

Run it with ``scripts/bench eventtime`` (which prepares the venv and the jars).

Input: BENCH_ROWS rows over BENCH_KEYS keys; each key has one row per second of event time
(``ts``), with exact half-integer values, so every sum is exact and the two results compare
row for row.

Variants (medians of BENCH_REPEATS timed runs after one warm-up run, interleaved):
  E1 streams-window  ``sw.aggregate`` on ``partitioned, timeInterval, intervalDuration(10.0),
                     creationPeriod(1.0)`` with ``event_time="ts"``: per key and pane, the pane's
                     start and end (``intervalStart()``, ``intervalEnd()``) and ``Sum(value)``
  E2 Spark           ``groupBy(key, window(ts, "10 seconds", "1 second")).agg(sum(value))``

Both give one row per key and non-empty pane; the results are checked equal first (not timed).
Environment: BENCH_ROWS (default 5000000), BENCH_KEYS (1000), BENCH_REPEATS (3), BENCH_JSON.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from bench_spark import env_int, median, noop, same_rows, say, start_session, timed

WINDOW = "partitioned, timeInterval, intervalDuration(10.0), creationPeriod(1.0)"
INPUT_FILES = 8
# The target: at least as fast as Spark's own windowed aggregation.
TARGET = 1.0


def write_input(spark, path: Path, rows: int, keys: int) -> None:
    from pyspark.sql import functions as F

    (
        spark.range(0, rows, 1, INPUT_FILES)
        .select(
            (F.col("id") % keys).alias("key"),
            # One row per key and second of event time.
            (F.col("id") / keys).cast("long").cast("timestamp").alias("ts"),
            ((F.col("id") * 7919 % 1000) * 0.5).alias("value"),
        )
        .write.mode("overwrite")
        .parquet(str(path))
    )


def ours(df):
    import streams_window as sw

    return sw.aggregate(
        df,
        window=WINDOW,
        partition_by="key",
        event_time="ts",
        output={"start": "intervalStart()", "end": "intervalEnd()", "total": "Sum(value)"},
    )


def spark_windows(df):
    from pyspark.sql import functions as F

    return (
        df.groupBy("key", F.window("ts", "10 seconds", "1 second"))
        .agg(F.sum("value").alias("total"))
        .select(
            "key", F.col("window.start").alias("start"), F.col("window.end").alias("end"), "total"
        )
    )


def main() -> int:
    rows = env_int("BENCH_ROWS", 5_000_000)
    keys = env_int("BENCH_KEYS", 1000)
    repeats = env_int("BENCH_REPEATS", 3)
    work = Path(tempfile.mkdtemp(prefix="streams-window-bench-eventtime-"))
    try:
        say("starting a local[2] Spark session")
        spark = start_session()
        data, small = work / "input", work / "check"
        say(f"writing the input: {rows:,} rows, {keys:,} keys, one row per key and second")
        write_input(spark, data, rows, keys)
        write_input(spark, small, min(rows, 200_000), min(keys, 100))

        say("checking that both give the same panes (not timed)")
        check = spark.read.parquet(str(small))
        same, n_ours, n_spark = same_rows(ours(check), spark_windows(check))
        say(f"same rows: {same} ({n_ours} against {n_spark} pane rows)")

        variants = {
            "E1 streams-window aggregate": lambda: noop(ours(spark.read.parquet(str(data)))),
            "E2 Spark window() + groupBy": lambda: noop(
                spark_windows(spark.read.parquet(str(data)))
            ),
        }
        times: dict[str, list[float]] = {name: [] for name in variants}
        for round_ in range(repeats + 1):
            for name, action in variants.items():
                seconds = timed(action)
                if round_ > 0:
                    times[name].append(seconds)
                say(f"{'warm-up' if round_ == 0 else f'round {round_}'}: {name} {seconds:.2f} s")

        e1, e2 = (median(times[name]) for name in variants)
        ratio = e2 / e1
        print(f"\nEvent-time panes (D = 10 s, P = 1 s), Sum, {rows:,} rows, {keys:,} keys, batch")
        for name, seconds in zip(variants, (e1, e2), strict=True):
            print(f"  {name:32s} {seconds:8.2f} s (median of {repeats})")
        verdict = "met" if ratio >= TARGET else "NOT met"
        print(
            f"  E2 / E1 = {ratio:.2f}x (target >= {TARGET:.1f}x: {verdict}); results equal: {same}"
        )
        print(f"  load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        if os.environ.get("BENCH_JSON"):
            Path(os.environ["BENCH_JSON"]).write_text(
                json.dumps(
                    {
                        "rows": rows,
                        "keys": keys,
                        "repeats": repeats,
                        "times": times,
                        "ratio": ratio,
                        "same_rows": same,
                    },
                    indent=2,
                )
                + "\n"
            )
        spark.stop()
        return 0 if same else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
