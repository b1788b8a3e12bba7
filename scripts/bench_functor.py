#!/usr/bin/env python3
"""Functor benchmark of streams-window: SPL's ``Functor`` through ``sw.functor`` against the same
``filter`` and ``select`` written in PySpark, over the same rows in the same session (issue 42's
goal: within 1.1x).

Run it with ``scripts/bench functor``.

Input: BENCH_FUNCTOR_ROWS rows (default 20,000,000) written once to Parquet: ``ticker`` (four
values), ``price`` double, ``volume`` int. Jobs, each to the ``noop`` sink:

  native   sw.functor(filter='volume > 100 && ticker == "IBM"',
                      output={"notional": "price * (float64)volume"})
           against df.filter((volume > 100) & (ticker == "IBM"))
                     .withColumn("notional", price * volume.cast("double"))
  udf      sw.functor(output={"code": "upper(ticker) + \\"-\\" + (rstring)volume"}), which runs
           SPL's evaluator (rstring's upper changes ASCII only), against
           df.withColumn("code", concat(upper(ticker), lit("-"), volume.cast("string")))

Each pair is checked equal first (not timed); then both run BENCH_FUNCTOR_REPEATS times (default
7), interleaved, after one untimed round; medians and the ratio ours / PySpark are printed.

Environment: BENCH_FUNCTOR_ROWS, BENCH_FUNCTOR_REPEATS, BENCH_JSON (a file for the results).
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

TARGET = 1.1


def main() -> None:
    import streams_window as sw
    from pyspark.sql import functions as F

    rows = env_int("BENCH_FUNCTOR_ROWS", 20_000_000)
    repeats = env_int("BENCH_FUNCTOR_REPEATS", 7)
    spark = start_session()
    work = Path(tempfile.mkdtemp(prefix="streams-window-functor-"))
    try:
        path = str(work / "trades")
        tickers = F.element_at(F.array(*(F.lit(t) for t in ("IBM", "HPQ", "GOOG", "MSFT"))),
                               (F.col("id") % 4 + 1).cast("int"))
        spark.range(rows).select(
            tickers.alias("ticker"),
            ((F.col("id") % 1000) * 0.25 + 1.0).alias("price"),
            (F.col("id") % 400).cast("int").alias("volume"),
        ).write.parquet(path)
        df = spark.read.parquet(path)
        jobs = {
            "native": (
                lambda: sw.functor(
                    df, filter='volume > 100 && ticker == "IBM"',
                    output={"notional": "price * (float64)volume"},
                ),
                lambda: df.filter((F.col("volume") > 100) & (F.col("ticker") == "IBM")).withColumn(
                    "notional", F.col("price") * F.col("volume").cast("double")
                ),
            ),
            "udf": (
                lambda: sw.functor(df, output={"code": 'upper(ticker) + "-" + (rstring)volume'}),
                lambda: df.withColumn(
                    "code",
                    F.concat(F.upper("ticker"), F.lit("-"), F.col("volume").cast("string")),
                ),
            ),
        }
        results = {}
        for name, (ours, theirs) in jobs.items():
            same, count_ours, count_theirs = same_rows(ours().limit(200_000), theirs().limit(200_000))
            if not same:
                raise SystemExit(f"{name}: the results differ ({count_ours} and {count_theirs} rows)")
            times = interleaved(
                {"ours": lambda: noop(ours()), "pyspark": lambda: noop(theirs())}, repeats
            )
            ratio = median(times["ours"]) / median(times["pyspark"])
            results[name] = {
                "ours_s": median(times["ours"]),
                "pyspark_s": median(times["pyspark"]),
                "ratio": ratio,
                "times": times,
            }
            say(
                f"{name}: sw.functor {median(times['ours']):.2f} s, PySpark"
                f" {median(times['pyspark']):.2f} s, ours / PySpark {ratio:.2f}"
                + (f" (goal <= {TARGET})" if name == "native" else "")
            )
        publish({"rows": rows, "repeats": repeats, "results": results})
    finally:
        spark.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
