#!/usr/bin/env python3
"""Streaming state as windows grow: the time and the state bytes written per micro-batch, from a
few hundred thousand tuples held to millions, for each state layout (docs/architecture.md,
"State layout"), in one run.

Run it with ``scripts/bench state`` (which prepares the venv and the jars).

Query: ``run_operator(stream, WindowSum, window="partitioned, tumbling, count(100000000)",
partition_by="key")``, a window that never tumbles, so every key's window only grows. Input: a
parquet file stream of BENCH_STATE_FILES files of BENCH_STATE_ROWS rows over 100 keys (uniform
random doubles, which do not compress away), one file per micro-batch, so micro-batch b ends with
(b + 1) x BENCH_STATE_ROWS tuples held. ``noop`` sink with a checkpoint location.

Layouts: ``chunked`` (transformWithState on RocksDB with changelog checkpointing, what
``sw.configure`` chooses) and ``single-value`` (flatMapGroupsWithState on Spark's default HDFS
store: each key's whole window as one value). Per layout: the median ``triggerExecution`` of
micro-batches 2-6 (early) and of the last five (late), their ratio (the target: late within
1.2 x early for the chunked layout), and the bytes the commit of each micro-batch wrote (the
state store's delta or changelog files of that version, all partitions).

With BENCH_STATE_WINDOW=panes the query is a ``timeInterval`` window instead, one pane per key
that never completes (``intervalDuration(1000000000.0)``, event time a timestamp column inside it,
Spark's watermark behind it): every key's pane only grows, the same way.

With BENCH_STATE_WINDOW=small the query is ``partitioned, tumbling, count(4)``: windows that never
hold more than three tuples, so each micro-batch shows a layout's cost per micro-batch when there
is nothing to scale (the state bytes are then tiny).

Layouts run one after the other in one JVM, so the first pays the JIT's warm-up of the code both
share; BENCH_STATE_LAYOUTS names them in order, repeats allowed (for example
``single-value,chunked,single-value,chunked``: compare the last two).

Environment: BENCH_STATE_FILES (default 100), BENCH_STATE_ROWS (50000), BENCH_STATE_WINDOW
(``tumbling``, the default, ``panes`` or ``small``), BENCH_STATE_LAYOUTS (default
``chunked,single-value``), BENCH_JSON.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from bench_spark import env_int, say, start_session

KEYS = 100
WINDOWS = {
    "tumbling": "partitioned, tumbling, count(100000000)",
    "panes": "partitioned, timeInterval, intervalDuration(1000000000.0)",
    "small": "partitioned, tumbling, count(4)",
}
#: Event times of the panes query: seconds from here, inside its one pane.
PANE_BASE = 1_000_000_000
STORES = {
    "chunked": "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider",
    "single-value": "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider",
}
TARGET = 1.2


def write_input(spark, folder: Path, files: int, rows: int) -> None:
    from pyspark.sql import functions as F

    staging = folder.parent / "staging"
    for index in range(files):
        part = staging / f"f{index:04d}"
        (
            spark.range(rows, numPartitions=1)
            .select((F.col("id") % KEYS).alias("key"), F.rand(index).alias("value"))
            .write.parquet(str(part))
        )
        (data,) = part.glob("*.parquet")
        target = folder / f"part-{index:04d}.parquet"
        os.replace(data, target)
        os.utime(target, (1_000_000 + index, 1_000_000 + index))  # the stream's order
    shutil.rmtree(staging)


def written_per_version(state: Path) -> dict[int, int]:
    """Bytes of the delta or changelog files each state version's commit wrote."""
    sizes: dict[int, int] = {}
    for path in state.rglob("*"):
        match = re.fullmatch(r"(\d+)(_[^.]*)?\.(delta|changelog)", path.name)
        if match:
            version = int(match.group(1))
            sizes[version] = sizes.get(version, 0) + path.stat().st_size
    return sizes


def run_layout(spark, layout: str, folder: Path, scratch: Path, window: str) -> dict:
    from pyspark.sql import functions as F

    import streams_window as sw

    spark.conf.set("spark.sql.streaming.stateStore.providerClass", STORES[layout])
    stream = (
        spark.readStream.schema("key long, value double")
        .option("maxFilesPerTrigger", 1)
        .parquet(str(folder))
    )
    event_time = {}
    if window == "panes":
        stream = stream.withColumn(
            "ts", (F.lit(PANE_BASE) + F.col("value")).cast("timestamp")
        ).withWatermark("ts", "0 seconds")
        event_time = {"event_time": "ts"}
    sums = sw.run_operator(
        stream,
        "io.streamswindow.examples.WindowSum",
        window=WINDOWS[window],
        **event_time,
        partition_by="key",
        params={"attr": "value"},
        output_schema="key long, total double",
    )
    checkpoint = Path(tempfile.mkdtemp(prefix=f"checkpoint-{layout}-", dir=scratch))
    query = sums.writeStream.format("noop").option("checkpointLocation", str(checkpoint)).start()
    try:
        query.processAllAvailable()
        progress = [p for p in query.recentProgress if p["numInputRows"] > 0]
    finally:
        query.stop()
    millis = [p["durationMs"]["triggerExecution"] for p in progress]
    written = written_per_version(checkpoint / "state")
    per_batch = [written.get(p["batchId"] + 1, 0) for p in progress]
    early, late = statistics.median(millis[2:7]), statistics.median(millis[-5:])
    return {
        "layout": layout,
        "batches": len(progress),
        "early_ms": early,
        "late_ms": late,
        "late_over_early": late / early,
        "early_written_bytes": statistics.median(per_batch[2:7]),
        "late_written_bytes": statistics.median(per_batch[-5:]),
        "ms": millis,
        "written_bytes": per_batch,
    }


def main() -> None:
    files = env_int("BENCH_STATE_FILES", 100)
    rows = env_int("BENCH_STATE_ROWS", 50_000)
    window = os.environ.get("BENCH_STATE_WINDOW", "tumbling")
    layouts = os.environ.get("BENCH_STATE_LAYOUTS", ",".join(STORES)).split(",")
    if not set(layouts) <= set(STORES):
        sys.exit(f"error: BENCH_STATE_LAYOUTS is {layouts}; it takes some of {', '.join(STORES)}")
    if window not in WINDOWS:
        sys.exit(f"error: BENCH_STATE_WINDOW is {window!r}; it takes one of {', '.join(WINDOWS)}")
    spark = start_session()
    scratch = Path(tempfile.mkdtemp(prefix="streams-window-bench-state-"))
    try:
        folder = scratch / "input"
        folder.mkdir()
        say(f"writing {files} files of {rows:,} rows over {KEYS} keys")
        write_input(spark, folder, files, rows)
        results = []
        for layout in layouts:
            held = files * rows
            say(
                f"running the {layout} layout ({WINDOWS[window]}): {files} micro-batches,"
                f" up to {held:,} tuples held"
            )
            results.append(run_layout(spark, layout, folder, scratch, window))
    finally:
        spark.stop()
        shutil.rmtree(scratch, ignore_errors=True)

    early_held, late_held = 5 * rows, (files - 2) * rows
    print()
    print(f"per micro-batch of {rows:,} new rows:", end=" ")
    print(f"early (about {early_held:,} held) vs late (about {late_held:,} held)")
    header = ("layout", "early ms", "late ms", "late/early", "early written", "late written")
    print("{:<14} {:>9} {:>9} {:>11} {:>14} {:>13}".format(*header))
    for r in results:
        print(
            f"{r['layout']:<14} {r['early_ms']:>9.0f} {r['late_ms']:>9.0f}"
            f" {r['late_over_early']:>10.2f}x {r['early_written_bytes'] / 1e6:>11.2f} MB"
            f" {r['late_written_bytes'] / 1e6:>10.2f} MB"
        )
    ratio = results[0]["late_over_early"]
    verdict = "meets" if ratio <= TARGET else "misses"
    print(f"chunked layout: late/early {ratio:.2f}x {verdict} the target of {TARGET}x")
    if os.environ.get("BENCH_JSON"):
        Path(os.environ["BENCH_JSON"]).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    sys.exit(main())
