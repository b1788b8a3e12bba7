#!/usr/bin/env python3
"""Sort benchmark of streams-window: SPL's ``Sort`` on ``partitioned, tumbling, count(1000)``
through ``sw.sort`` against Spark's exact emulation of it, over the same rows in the same session
(issue 43's goal: at least 2x).

Run it with ``scripts/bench sort``.

Input: BENCH_SORT_ROWS rows (default 5,000,000) over BENCH_SORT_KEYS keys (default 1,000), written
once to Parquet in 8 files: ``key`` long, ``seq`` long (increasing per key), ``value`` double (a
scrambled value, so each window really sorts). Jobs, each to the ``noop`` sink:

  ours   sw.sort(df, window="partitioned, tumbling, count(1000)", partition_by="key",
                 order_by="seq", sort_by="value")
  spark  the same rows with Spark's operators: the row number per key in seq order gives each
         row its window (row_number() - 1) div 1000; a count over (key, window) keeps full
         windows only; sortWithinPartitions(key, window, value, seq) puts each window in value
         order, ties in arrival order, as Sort does

The two are checked equal first, order included, on BENCH_SORT_CHECK_ROWS rows (default
200,000, over as many keys as give each two and a half windows): each output row's position within its key (a monotonically increasing id over the
result, ranked per key) must be the same. Then both run BENCH_SORT_REPEATS times (default 5),
interleaved, after one untimed round; medians and Spark / ours are printed.

Environment: BENCH_SORT_ROWS, BENCH_SORT_KEYS, BENCH_SORT_REPEATS, BENCH_SORT_CHECK_ROWS,
BENCH_JSON (a file for the results).
"""

from __future__ import annotations

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
    start_session,
)

TARGET = 2.0
SIZE = 1000


def main() -> None:
    import streams_window as sw
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    rows = env_int("BENCH_SORT_ROWS", 5_000_000)
    keys = env_int("BENCH_SORT_KEYS", 1_000)
    repeats = env_int("BENCH_SORT_REPEATS", 5)
    check_rows = env_int("BENCH_SORT_CHECK_ROWS", 200_000)
    spark = start_session()
    work = Path(tempfile.mkdtemp(prefix="streams-window-sort-"))

    def write(count: int, name: str, keys: int):
        path = str(work / name)
        spark.range(count).select(
            (F.col("id") % keys).alias("key"),
            (F.col("id") / keys).cast("long").alias("seq"),
            ((F.col("id") * 2654435761) % 1000003 / 7.0).alias("value"),
        ).repartition(8).write.parquet(path)
        return spark.read.parquet(path)

    def ours(df):
        return sw.sort(
            df,
            window=f"partitioned, tumbling, count({SIZE})",
            partition_by="key",
            order_by="seq",
            sort_by="value",
        )

    def theirs(df):
        in_order = Window.partitionBy("key").orderBy("seq")
        windowed = df.withColumn(
            "window", F.floor((F.row_number().over(in_order) - 1) / SIZE)
        ).withColumn("held", F.count(F.lit(1)).over(Window.partitionBy("key", "window")))
        return (
            windowed.where(F.col("held") == SIZE)
            .sortWithinPartitions("key", "window", "value", "seq")
            .drop("window", "held")
        )

    def positions(result):
        ranked = Window.partitionBy("key").orderBy("at")
        return result.withColumn("at", F.monotonically_increasing_id()).select(
            "key", "seq", "value", F.row_number().over(ranked).alias("position")
        )

    try:
        # As many keys as give each two and a half windows: full windows and a partial one.
        small = write(check_rows, "check", max(1, check_rows * 2 // (5 * SIZE)))
        same, count_a, count_b = same_rows(positions(ours(small)), positions(theirs(small)))
        if not same or count_a == 0:
            raise SystemExit(f"the results differ ({count_a} and {count_b} rows)")
        say(f"checked on {check_rows:,} rows, order included: equal ({count_a:,} rows)")
        df = write(rows, "rows", keys)
        times = interleaved(
            {"ours": lambda: noop(ours(df)), "spark": lambda: noop(theirs(df))}, repeats
        )
        ratio = median(times["spark"]) / median(times["ours"])
        say(
            f"{rows:,} rows, {keys:,} keys, partitioned, tumbling, count({SIZE}): sw.sort"
            f" {median(times['ours']):.2f} s, Spark's emulation {median(times['spark']):.2f} s,"
            f" Spark / ours {ratio:.2f}x (goal >= {TARGET}x: {'met' if ratio >= TARGET else 'missed'})"
        )
        report = {
            "rows": rows,
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


if __name__ == "__main__":
    main()
