#!/usr/bin/env python3
"""Event-time benchmark of streams-window: sliding panes summed per key, timed against Spark's
own windowed aggregation of the same input in the same session, in batch and on a running stream.

Run it with ``scripts/bench eventtime`` (which prepares the venv and the jars).

Input: BENCH_ROWS rows over BENCH_KEYS keys; each key has one row per second of event time
(``ts``), with exact half-integer values, so every sum is exact and the two results compare
row for row.

Modes (BENCH_EVENTTIME_MODE; ``batch`` unless set):

``batch`` (the default), D = 10 s, P = 1 s; medians of BENCH_REPEATS timed runs after one warm-up
run, interleaved:
  E1 streams-window  ``sw.aggregate`` on ``partitioned, timeInterval, intervalDuration(10.0),
                     creationPeriod(1.0)`` with ``event_time="ts"``: per key and pane, the pane's
                     start and end (``intervalStart()``, ``intervalEnd()``) and ``Sum(value)``
  E2 Spark           ``groupBy(key, window(ts, "10 seconds", "1 second")).agg(sum(value))``
  Both give one row per key and non-empty pane; the results are checked equal first (not timed).

``sweep``: the same two jobs in batch for each overlap D/P of BENCH_OVERLAPS (default "1,10,60";
P = 1 s, so D = D/P seconds: ``intervalDuration(D)`` against ``window(ts, "D seconds",
"1 second")``); per overlap the results are checked equal first on the small input, then both are
timed (medians, interleaved) and printed as nanoseconds per input row, with Spark / ours.

``stream``: D = 10 s, P = 1 s on a running streaming query. The input is written as
BENCH_STREAM_FILES parquet files (default 10), each a contiguous stretch of event time, their
modification times in event-time order, read one per micro-batch (``maxFilesPerTrigger`` 1) with
``withWatermark("ts", "0 seconds")``; both sides write in append mode, so a pane (ours) or a
window (Spark's) comes out once, in the first micro-batch whose watermark reaches its end:
  S1 streams-window  ``sw.aggregate`` as E1, on the stream
  S2 Spark           ``groupBy(key, window(ts, "10 seconds", "1 second")).agg(sum(value))`` on the
                     stream, Spark's own streaming window aggregation (its state store: the
                     session's, the one ``sw.configure`` chooses, as ours)
  Timed by the queries' progress: the sum of ``durationMs.triggerExecution`` over the micro-batches
  with data after the first (the first carries a fresh query's fixed cost, reported apart), also
  as nanoseconds per row of those micro-batches; both to the ``noop`` sink; medians of
  BENCH_REPEATS queries of each after one warm-up query of each, interleaved. The rows of both are
  checked equal first (memory sinks) on a small input of as many files.

``all``: batch, then sweep, then stream.

Ours runs with Aggregate's default ``paneAggregation``, ``sliced`` (docs/architecture.md, "Stream
slicing"): ``sw.aggregate`` has no keyword for it.

Environment: BENCH_ROWS (default 5000000), BENCH_KEYS (1000), BENCH_REPEATS (3), BENCH_JSON (a
file to write the results to, as JSON), BENCH_EVENTTIME_MODE, BENCH_OVERLAPS, BENCH_STREAM_FILES.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bench_spark import env_int, median, noop, same_rows, say, start_session, timed

INPUT_FILES = 8
INPUT_DDL = "key long, ts timestamp, value double"
# The default run's pane: D = 10 s every P = 1 s.
DEFAULT_DURATION = 10
MODES = ("batch", "sweep", "stream", "all")
DEFAULT_OVERLAPS = "1,10,60"
WATERMARK_DELAY = "0 seconds"
# The targets: batch at least as fast as Spark's own windowed aggregation, a running
# stream at least 1.5 times as fast as Spark's streaming one.
TARGET = 1.0
STREAM_TARGET = 1.5
OURS = "E1 streams-window aggregate"
SPARKS = "E2 Spark window() + groupBy"
STREAM_OURS = "S1 streams-window aggregate"
STREAM_SPARKS = "S2 Spark streaming window()"


def window_clause(duration: int) -> str:
    """Our window for panes of ``duration`` seconds, one starting every second."""
    return f"partitioned, timeInterval, intervalDuration({duration}.0), creationPeriod(1.0)"


def write_input(spark, path: Path, rows: int, keys: int, files: int = INPUT_FILES) -> None:
    from pyspark.sql import functions as F

    # spark.range splits the ids into contiguous ranges, one per file, so each file holds a
    # stretch of event time and a stream reading the files in order sees time move forward.
    (
        spark.range(0, rows, 1, files)
        .select(
            (F.col("id") % keys).alias("key"),
            # One row per key and second of event time.
            (F.col("id") / keys).cast("long").cast("timestamp").alias("ts"),
            ((F.col("id") * 7919 % 1000) * 0.5).alias("value"),
        )
        .write.mode("overwrite")
        .parquet(str(path))
    )


def ours(df, duration: int = DEFAULT_DURATION):
    import streams_window as sw

    return sw.aggregate(
        df,
        window=window_clause(duration),
        partition_by="key",
        event_time="ts",
        output={"start": "intervalStart()", "end": "intervalEnd()", "total": "Sum(value)"},
    )


def spark_windows(df, duration: int = DEFAULT_DURATION):
    from pyspark.sql import functions as F

    return (
        df.groupBy("key", F.window("ts", f"{duration} seconds", "1 second"))
        .agg(F.sum("value").alias("total"))
        .select(
            "key", F.col("window.start").alias("start"), F.col("window.end").alias("end"), "total"
        )
    )


def env_mode() -> str:
    mode = os.environ.get("BENCH_EVENTTIME_MODE", "") or "batch"
    if mode not in MODES:
        sys.exit(f"error: BENCH_EVENTTIME_MODE={mode!r} is not one of {', '.join(MODES)}")
    return mode


def env_overlaps() -> list[int]:
    raw = os.environ.get("BENCH_OVERLAPS", "") or DEFAULT_OVERLAPS
    try:
        overlaps = [int(part) for part in raw.split(",")]
    except ValueError:
        overlaps = []
    if not overlaps or any(overlap <= 0 for overlap in overlaps):
        sys.exit(
            f"error: BENCH_OVERLAPS={raw!r} is not a comma-separated list of positive whole"
            f" numbers (D/P with P = 1 s, e.g. {DEFAULT_OVERLAPS})"
        )
    return overlaps


def interleaved(variants: dict, repeats: int, label: str = "") -> dict[str, list[float]]:
    """Each variant's seconds in repeats rounds after one warm-up round, the variants taking turns
    in every round, so that a slow phase of the machine hits them alike."""
    times: dict[str, list[float]] = {name: [] for name in variants}
    for round_ in range(repeats + 1):
        for name, action in variants.items():
            seconds = timed(action)
            if round_ > 0:
                times[name].append(seconds)
            say(f"{label}{'warm-up' if round_ == 0 else f'round {round_}'}: {name} {seconds:.2f} s")
    return times


def run_batch(spark, data: Path, small: Path, rows: int, keys: int, repeats: int) -> dict:
    """The default run: D = 10 s, P = 1 s, ours against Spark's window(), in batch."""
    say("checking that both give the same panes (not timed)")
    check = spark.read.parquet(str(small))
    same, n_ours, n_spark = same_rows(ours(check), spark_windows(check))
    say(f"same rows: {same} ({n_ours} against {n_spark} pane rows)")

    variants = {
        OURS: lambda: noop(ours(spark.read.parquet(str(data)))),
        SPARKS: lambda: noop(spark_windows(spark.read.parquet(str(data)))),
    }
    times = interleaved(variants, repeats)
    e1, e2 = (median(times[name]) for name in variants)
    ratio = e2 / e1
    print(f"\nEvent-time panes (D = 10 s, P = 1 s), Sum, {rows:,} rows, {keys:,} keys, batch")
    for name, seconds in zip(variants, (e1, e2), strict=True):
        print(f"  {name:32s} {seconds:8.2f} s (median of {repeats})")
    verdict = "met" if ratio >= TARGET else "NOT met"
    print(f"  E2 / E1 = {ratio:.2f}x (target >= {TARGET:.1f}x: {verdict}); results equal: {same}")
    print(f"  load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return {"times": times, "ratio": ratio, "same_rows": same}


def run_sweep(
    spark, data: Path, small: Path, rows: int, keys: int, repeats: int, overlaps: list[int]
) -> dict:
    """Ours against Spark's window() in batch for each overlap D/P (P = 1 s)."""
    results = {}
    load_before = os.getloadavg()[0]
    for overlap in overlaps:
        check = spark.read.parquet(str(small))
        same, n_ours, n_spark = same_rows(ours(check, overlap), spark_windows(check, overlap))
        say(f"D/P {overlap}: same rows: {same} ({n_ours} against {n_spark} pane rows)")
        variants = {
            OURS: lambda d=overlap: noop(ours(spark.read.parquet(str(data)), d)),
            SPARKS: lambda d=overlap: noop(spark_windows(spark.read.parquet(str(data)), d)),
        }
        times = interleaved(variants, repeats, f"D/P {overlap}, ")
        ours_s, spark_s = median(times[OURS]), median(times[SPARKS])
        results[str(overlap)] = {
            "times": times,
            "ours_ns_per_row": ours_s / rows * 1e9,
            "spark_ns_per_row": spark_s / rows * 1e9,
            "ratio": spark_s / ours_s,
            "same_rows": same,
            "pane_rows_checked": n_ours,
        }
    load_after = os.getloadavg()[0]
    print(
        f"\nEvent-time panes as the overlap grows (P = 1 s, D = D/P s), Sum, {rows:,} rows,"
        f" {keys:,} keys, batch; ns per input row, medians of {repeats}"
    )
    print(f"  {'D/P':>5} {'ours':>12} {'Spark window()':>15} {'Spark / ours':>13}  results equal")
    for overlap, result in results.items():
        print(
            f"  {overlap:>5} {result['ours_ns_per_row']:12,.0f} {result['spark_ns_per_row']:15,.0f}"
            f" {result['ratio']:12.2f}x  {result['same_rows']}"
        )
    print(
        f"  load average (1 min) before/after: {load_before:.1f} / {load_after:.1f}"
        f" on {os.cpu_count()} cores"
    )
    return {"overlaps": results, "load_average_1min": [load_before, load_after]}


def write_stream_input(spark, folder: Path, rows: int, keys: int, files: int) -> None:
    """files parquet files, each a stretch of event time, their modification times in the order
    of their event times: the order in which a file stream reads them."""
    write_input(spark, folder, rows, keys, files)
    parts = sorted(folder.glob("*.parquet"))
    if len(parts) != files:
        sys.exit(f"error: expected {files} input files, got {len(parts)}; lower BENCH_STREAM_FILES")
    # Whole seconds apart, as file systems keep modification times at least to the second.
    start = time.time() - len(parts) - 10
    for index, part in enumerate(parts):
        os.utime(part, (start + index, start + index))


def stream_of(spark, folder: Path):
    return (
        spark.readStream.schema(INPUT_DDL)
        .option("maxFilesPerTrigger", 1)
        .parquet(str(folder))
        .withWatermark("ts", WATERMARK_DELAY)
    )


class StreamRuns:
    """Starts the streaming queries of one input folder, each with a fresh checkpoint."""

    def __init__(self, spark, work: Path, files: int):
        self.spark = spark
        self.work = work
        self.files = files
        self.runs = 0

    def start(self, build, folder: Path, sink: str, name: str | None = None) -> list[dict]:
        """Runs build over the folder's stream to sink until the input is used up; returns the
        query's progress, one entry per micro-batch."""
        self.runs += 1
        writer = (
            build(stream_of(self.spark, folder))
            .writeStream.format(sink)
            .outputMode("append")
            .option("checkpointLocation", str(self.work / "checkpoints" / f"run-{self.runs}"))
        )
        if name:
            writer = writer.queryName(name)
        query = writer.start()
        try:
            query.processAllAvailable()
            progress = list(query.recentProgress)
        finally:
            query.stop()
        if query.exception() is not None:
            raise RuntimeError(f"streaming query failed: {query.exception()}")
        return progress

    def check(self, folder: Path) -> tuple[bool, int, int]:
        """Both sides' rows over the whole stream, through memory sinks."""
        tables = []
        for label, build in (("ours", ours), ("spark", spark_windows)):
            name = f"bench_eventtime_{label}_{self.runs}"
            self.start(build, folder, "memory", name)
            tables.append(name)
        same, n_ours, n_spark = same_rows(*(self.spark.table(name) for name in tables))
        for name in tables:
            self.spark.catalog.dropTempView(name)
        # Two empty results would be equal and prove nothing.
        return same and n_ours > 0, n_ours, n_spark

    def timed(self, build, folder: Path) -> dict:
        """One running query to the noop sink: its micro-batches with data after the first."""
        progress = self.start(build, folder, "noop")
        with_data = [p for p in progress if p["numInputRows"] > 0]
        if len(with_data) != self.files:
            raise RuntimeError(
                f"expected {self.files} micro-batches with data, one per file, got"
                f" {len(with_data)} (of {len(progress)} in the query's recent progress)"
            )
        first, rest = with_data[0], with_data[1:]
        return {
            "first_s": first["durationMs"]["triggerExecution"] / 1000,
            "seconds": sum(p["durationMs"]["triggerExecution"] for p in rest) / 1000,
            "add_batch_s": sum(p["durationMs"].get("addBatch", 0) for p in rest) / 1000,
            "rows": sum(p["numInputRows"] for p in rest),
            "micro_batches": len(rest),
        }


def run_stream(spark, work: Path, rows: int, keys: int, repeats: int, files: int) -> dict:
    """D = 10 s, P = 1 s on a running file stream, ours against Spark's streaming window()."""
    if files < 2:
        sys.exit(
            "error: BENCH_STREAM_FILES must be at least 2 (the first micro-batch is not timed)"
        )
    # The queries' progress must hold every micro-batch (Spark keeps the last 100 by default).
    spark.conf.set("spark.sql.streaming.numRecentProgressUpdates", str(max(100, 2 * files + 10)))
    runs = StreamRuns(spark, work, files)
    data, small = work / "stream-input", work / "stream-check"
    say(f"writing the stream's input: {rows:,} rows, {keys:,} keys, {files} files")
    write_stream_input(spark, data, rows, keys, files)
    write_stream_input(spark, small, min(rows, 200_000), min(keys, 100), files)

    say("checking that both streams give the same panes (memory sinks, not timed)")
    same, n_ours, n_spark = runs.check(small)
    say(f"same rows: {same} ({n_ours} against {n_spark} pane rows)")

    variants = {
        STREAM_OURS: lambda: runs.timed(ours, data),
        STREAM_SPARKS: lambda: runs.timed(spark_windows, data),
    }
    measured: dict[str, list[dict]] = {name: [] for name in variants}
    load_before = os.getloadavg()[0]
    for round_ in range(repeats + 1):
        for name, action in variants.items():
            result = action()
            if round_ > 0:
                measured[name].append(result)
            say(
                f"stream, {'warm-up' if round_ == 0 else f'round {round_}'}: {name}"
                f" {result['first_s']:.2f} s, then {result['seconds']:.2f} s over"
                f" {result['micro_batches']} micro-batches"
            )
    load_after = os.getloadavg()[0]

    summary = {}
    for name, results in measured.items():
        summary[name] = {
            "seconds": median([r["seconds"] for r in results]),
            "first_s": median([r["first_s"] for r in results]),
            "ns_per_row": median([r["seconds"] / r["rows"] * 1e9 for r in results]),
        }
    ratio = summary[STREAM_SPARKS]["seconds"] / summary[STREAM_OURS]["seconds"]
    timed_batches = files - 1
    print(
        f"\nEvent-time panes on a running stream (D = 10 s, P = 1 s), Sum, {rows:,} rows,"
        f" {keys:,} keys, {files} files read one per micro-batch, watermark delay"
        f" {WATERMARK_DELAY}, append mode"
    )
    print(
        f"  the {timed_batches} micro-batches after the first, triggerExecution summed;"
        f" medians of {repeats}"
    )
    for name, figures in summary.items():
        print(
            f"  {name:32s} {figures['seconds']:8.2f} s ({figures['ns_per_row']:,.0f} ns per row;"
            f" first micro-batch {figures['first_s']:.2f} s, not timed)"
        )
    verdict = "met" if ratio >= STREAM_TARGET else "NOT met"
    print(
        f"  S2 / S1 = {ratio:.2f}x (target >= {STREAM_TARGET:.1f}x: {verdict}); results equal:"
        f" {same}"
    )
    print(
        f"  load average (1 min) before/after: {load_before:.1f} / {load_after:.1f}"
        f" on {os.cpu_count()} cores"
    )
    return {
        "files": files,
        "measured": measured,
        "summary": summary,
        "ratio": ratio,
        "same_rows": same,
        "pane_rows_checked": n_ours,
        "load_average_1min": [load_before, load_after],
    }


def main() -> int:
    mode = env_mode()
    rows = env_int("BENCH_ROWS", 5_000_000)
    keys = env_int("BENCH_KEYS", 1000)
    repeats = env_int("BENCH_REPEATS", 3)
    overlaps = env_overlaps() if mode in ("sweep", "all") else []
    files = env_int("BENCH_STREAM_FILES", 10)
    work = Path(tempfile.mkdtemp(prefix="streams-window-bench-eventtime-"))
    try:
        say("starting a local[2] Spark session")
        spark = start_session()
        results: dict = {"mode": mode, "rows": rows, "keys": keys, "repeats": repeats}
        checks = []
        if mode in ("batch", "sweep", "all"):
            data, small = work / "input", work / "check"
            say(f"writing the input: {rows:,} rows, {keys:,} keys, one row per key and second")
            write_input(spark, data, rows, keys)
            write_input(spark, small, min(rows, 200_000), min(keys, 100))
            if mode in ("batch", "all"):
                # At the top level, where the JSON of the batch run has always had it.
                results.update(run_batch(spark, data, small, rows, keys, repeats))
                checks.append(results["same_rows"])
            if mode in ("sweep", "all"):
                results["sweep"] = run_sweep(spark, data, small, rows, keys, repeats, overlaps)
                checks.extend(r["same_rows"] for r in results["sweep"]["overlaps"].values())
        if mode in ("stream", "all"):
            results["stream"] = run_stream(spark, work, rows, keys, repeats, files)
            checks.append(results["stream"]["same_rows"])
        if os.environ.get("BENCH_JSON"):
            Path(os.environ["BENCH_JSON"]).write_text(json.dumps(results, indent=2) + "\n")
        spark.stop()
        return 0 if all(checks) else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
