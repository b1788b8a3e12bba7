#!/usr/bin/env python3
"""Sliding-window benchmark of streams-window: SPL's Aggregate through ``sw.aggregate`` on
``partitioned, sliding, count(N), count(1)`` windows, timed against Spark's own window frame
``rowsBetween(-(N - 1), 0)`` over the same rows in the same session.

Run it with ``scripts/bench sliding`` (or as part of ``scripts/bench spark``).

Jobs (batch, 4 shuffle partitions; the input as bench_spark.py writes it: ``key``, ``seq``
increasing per key, ``value`` a multiple of 0.5, so every sum is exact and both sides' averages
are the exact mean rounded once):

  5M rows, 1000 keys, count(100), Average
  5M rows, 1000 keys, count(1000), Average
  1M rows, 100 keys, count(1000), Average + Max + Count

  ours   sw.aggregate(output={"seq": "Last(seq)", "avg": "Average(value)"[, "top": "Max(value)",
         "n": "Count()"]}): one row per key and tuple once the key's window is full
  Spark  avg(value) [max(value), count(1)] over Window.partitionBy("key").orderBy("seq")
         .rowsBetween(-(N - 1), 0), keeping the rows from the N-th of each key on (row_number,
         which runs over its own frame at no cost proportional to N): the same rows

Each job's two results are checked equal first on a smaller input (not timed); then both run
BENCH_SLIDING_REPEATS times (default 3) after a warm-up of the first job, interleaved, to the
``noop`` sink; medians and the ratio Spark / ours are printed.

Environment: BENCH_SLIDING_REPEATS (3), BENCH_SLIDING_SCALE (a divisor of every job's rows, for a
quick check; default 1), BENCH_JSON (a file to write the results to, as JSON, when run alone).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench_spark import env_int, median, noop, same_rows, say, start_session, timed, write_input

SHUFFLE_PARTITIONS = "4"
# The goal for the Average + Max + Count job, as a multiple of Spark's frame
# (docs/performance.md).
TARGET = 10.0
CHECK_ROWS = 200_000


@dataclass(frozen=True)
class Job:
    rows: int
    keys: int
    size: int
    functions: tuple[str, ...]  # among "avg", "max", "count"

    def label(self, scale: int = 1) -> str:
        names = {"avg": "Average", "max": "Max", "count": "Count"}
        rows = self.rows // scale
        amount = f"{rows // 1_000_000}M" if rows % 1_000_000 == 0 else f"{rows:,}"
        return f"{amount} rows, {self.keys:,} keys, count({self.size}), " + " + ".join(
            names[f] for f in self.functions
        )


JOBS = (
    Job(5_000_000, 1000, 100, ("avg",)),
    Job(5_000_000, 1000, 1000, ("avg",)),
    Job(1_000_000, 100, 1000, ("avg", "max", "count")),
)


def ours(df, job: Job):
    import streams_window as sw

    output = {"seq": "Last(seq)", "avg": "Average(value)"}
    if "max" in job.functions:
        output["top"] = "Max(value)"
    if "count" in job.functions:
        output["n"] = "Count()"
    return sw.aggregate(
        df,
        window=f"partitioned, sliding, count({job.size}), count(1)",
        partition_by="key",
        order_by="seq",
        output=output,
    )


def spark_frame(df, job: Job):
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    ordered = Window.partitionBy("key").orderBy("seq")
    frame = ordered.rowsBetween(-(job.size - 1), 0)
    columns = [F.col("key"), F.col("seq"), F.avg("value").over(frame).alias("avg")]
    if "max" in job.functions:
        columns.append(F.max("value").over(frame).alias("top"))
    if "count" in job.functions:
        columns.append(F.count(F.lit(1)).over(frame).cast("int").alias("n"))
    # Rows of full windows only, as a sliding Aggregate emits: row_number runs over its own
    # running frame, one step per row, so it adds no work proportional to N.
    columns.append(F.row_number().over(ordered).alias("rn"))
    return df.select(*columns).where(F.col("rn") >= job.size).drop("rn")


def run(spark, work: Path, repeats: int, scale: int = 1) -> dict:
    """Checks and times every job; returns the figures (and whether the results were equal)."""
    before = spark.conf.get("spark.sql.shuffle.partitions")
    spark.conf.set("spark.sql.shuffle.partitions", SHUFFLE_PARTITIONS)
    try:
        return _run(spark, work, repeats, scale)
    finally:
        spark.conf.set("spark.sql.shuffle.partitions", before)


def _run(spark, work: Path, repeats: int, scale: int) -> dict:
    inputs: dict[tuple[int, int], Path] = {}
    checks: dict[str, bool] = {}
    for job in JOBS:
        # A check input with at least three windows' worth of rows per key.
        rows = min(job.rows // scale, CHECK_ROWS)
        keys = max(1, min(job.keys, rows // (3 * job.size)))
        path = work / f"sliding-check-{rows}-{keys}"
        if not path.exists():
            write_input(spark, path, rows, keys)
        df = spark.read.parquet(str(path))
        same, n_ours, n_spark = same_rows(ours(df, job), spark_frame(df, job))
        checks[job.label(scale)] = same
        say(f"checked {job.label(scale)} on {rows:,} rows, {keys} keys: {same} ({n_ours} rows)")
        shape = (job.rows // scale, job.keys)
        if shape not in inputs:
            inputs[shape] = work / f"sliding-{shape[0]}-{shape[1]}"
            say(f"writing the input: {shape[0]:,} rows, {shape[1]:,} keys")
            write_input(spark, inputs[shape], *shape)

    def variants(job: Job) -> dict:
        path = str(inputs[(job.rows // scale, job.keys)])
        return {
            "ours": lambda: noop(ours(spark.read.parquet(path), job)),
            "spark": lambda: noop(spark_frame(spark.read.parquet(path), job)),
        }

    for name, action in variants(JOBS[0]).items():
        say(f"warm-up: {name} {timed(action):.2f} s")
    times: dict[str, dict[str, list[float]]] = {}
    for job in JOBS:
        label = job.label(scale)
        times[label] = {"ours": [], "spark": []}
        for round_ in range(1, repeats + 1):
            for name, action in variants(job).items():
                seconds = timed(action)
                times[label][name].append(seconds)
                say(f"round {round_}: {label}: {name} {seconds:.2f} s")
    return {"checks": checks, "times": times, "repeats": repeats}


def report(results: dict) -> None:
    repeats = results["repeats"]
    print()
    print(
        "Sliding windows, partitioned, sliding, count(N), count(1); batch, "
        f"{SHUFFLE_PARTITIONS} shuffle partitions, local[2]; seconds, median of {repeats} (runs)"
    )
    print(f"  {'job':<52} {'ours':>16} {'Spark frame':>22} {'Spark / ours':>13}")
    for label, runs in results["times"].items():
        mine, theirs = median(runs["ours"]), median(runs["spark"])
        print(
            f"  {label:<52} {mine:6.2f} ({', '.join(f'{v:.2f}' for v in runs['ours'])})"
            f" {theirs:7.2f} ({', '.join(f'{v:.1f}' for v in runs['spark'])})"
            f" {theirs / mine:8.2f}x"
        )
    last = list(results["times"].values())[-1]
    ratio = median(last["spark"]) / median(last["ours"])
    verdict = "met" if ratio >= TARGET else "NOT met"
    print(f"  goal: >= {TARGET:g}x Spark's frame on the last job: {verdict} ({ratio:.1f}x)")
    print(f"  results equal to Spark's frame: {results['checks']}")


def main() -> int:
    repeats = env_int("BENCH_SLIDING_REPEATS", 3)
    scale = env_int("BENCH_SLIDING_SCALE", 1)
    work = Path(tempfile.mkdtemp(prefix="streams-window-bench-sliding-"))
    try:
        say("starting a local[2] Spark session")
        spark = start_session()
        results = run(spark, work, repeats, scale)
        report(results)
        print(f"  load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        if os.environ.get("BENCH_JSON"):
            Path(os.environ["BENCH_JSON"]).write_text(json.dumps(results, indent=2) + "\n")
        spark.stop()
        return 0 if all(results["checks"].values()) else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
