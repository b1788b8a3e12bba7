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

Environment: BENCH_JOIN_ROWS, BENCH_JOIN_KEYS, BENCH_JOIN_REPEATS, BENCH_JOIN_CHECK_ROWS,
BENCH_JSON (a file for the results).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from bench_spark import env_int, interleaved, median, noop, same_rows, say, start_session

TARGET = 2.0
SIZE = 10


def main() -> None:
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
            "load_average": os.getloadavg()[0],
        }
        print(json.dumps(report, indent=2))
        if os.environ.get("BENCH_JSON"):
            Path(os.environ["BENCH_JSON"]).write_text(json.dumps(report, indent=2))
    finally:
        spark.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
