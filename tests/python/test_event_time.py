"""timeInterval (event-time) windows on Spark: the ``event_time`` argument, batch and streaming.

Batch: the watermark is at the end of time once the input is read, so every pane triggers once,
on complete; the results are checked against the panes computed here in plain Python and against
the single-instance run. Streaming: Spark's own watermark (``withWatermark``) drives the panes; a
file stream with out-of-order files shows triggers on complete (one in a micro-batch without
data), late re-triggers of complete panes, closing, and a restart from the checkpoint.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.streaming import StreamingQuery

import streams_window as sw
from streams_window.errors import ArgumentError
from streams_window.testing import single_instance_run
from support import WINDOW_SUM, drain_to_json, plain

PANE_SUM = "io.streamswindow.examples.PaneSum"
#: Event times are seconds from here (a multiple of every period used).
BASE = 1_700_000_000
EVENTS_SCHEMA = "key string, secs double, cost double"
PANES_SCHEMA = (
    "key string, paneStart timestamp, paneEnd timestamp, paneIndex long, paneTiming string,"
    " total double, count long"
)
# Overlapping panes [4k + 1, 4k + 11): each event time is in two or three of them.
SLIDING_PANES = (
    "partitioned, timeInterval, intervalDuration(10.0), creationPeriod(4.0), intervalOffset(1.0)"
)


def events(keys: list[str], count: int, seed: int = 3) -> list[tuple[str, float, float]]:
    """Rows (key, event time in seconds, cost) in no time order; costs are exact in any sum."""
    rng = random.Random(seed)
    return [
        (rng.choice(keys), BASE + rng.randint(0, 4000) / 40, rng.randint(0, 400) / 4)
        for _ in range(count)
    ]


def expected_panes(
    rows: Iterable[tuple[str, float, float]], duration: float, period: float, offset: float
) -> list[tuple[str, float, float, float, int]]:
    """(key, pane start, pane end, sum, count) of every non-empty pane [k·P + O, k·P + O + D),
    each pane holding the rows whose time t has start <= t < end."""
    panes: dict[tuple[str, int], list[float]] = defaultdict(list)
    for key, t, cost in rows:
        first = math.floor((t - offset - duration) / period) + 1
        last = math.floor((t - offset) / period)
        for k in range(first, last + 1):
            start = k * period + offset
            if start <= t < start + duration:
                panes[(key, k)].append(cost)
    return sorted(
        (key, k * period + offset, k * period + offset + duration, sum(costs), len(costs))
        for (key, k), costs in panes.items()
    )


def pane_rows(df: DataFrame) -> list[tuple[Any, ...]]:
    """PaneSum's rows with the pane's start and end as seconds."""
    return plain(
        df.select(
            "key",
            F.col("paneStart").cast("double"),
            F.col("paneEnd").cast("double"),
            "paneIndex",
            "paneTiming",
            "total",
            "count",
        ).collect()
    )


def test_a_batch_triggers_each_overlapping_pane_once_on_complete(spark: SparkSession) -> None:
    rows = events(["a", "b", "c"], 300)
    df = spark.createDataFrame(rows, EVENTS_SCHEMA).repartition(3)
    arguments: dict[str, Any] = dict(
        window=SLIDING_PANES, partition_by="key", event_time="secs", params={"attr": "cost"}
    )
    panes = expected_panes(rows, 10.0, 4.0, 1.0)
    assert len(panes) > 3 * 25  # about 25 panes a key, each row in two or three of them

    sums_schema = "key string, total double, count long"
    sums = plain(sw.run_operator(df, WINDOW_SUM, output_schema=sums_schema, **arguments).collect())
    assert sums == sorted((key, total, n) for key, _, _, total, n in panes)
    single = single_instance_run(df, WINDOW_SUM, output_schema=sums_schema, **arguments)
    assert plain(single.collect()) == sums

    described = sw.run_operator(df, PANE_SUM, output_schema=PANES_SCHEMA, **arguments)
    actual = pane_rows(described)
    assert actual == [(key, s, e, 0, "paneOnComplete", total, n) for key, s, e, total, n in panes]
    reference = single_instance_run(df, PANE_SUM, output_schema=PANES_SCHEMA, **arguments)
    assert pane_rows(reference) == actual


def test_a_timestamp_event_time_gives_what_seconds_give(spark: SparkSession) -> None:
    rows = events(["a", "b"], 60, seed=5)
    df = spark.createDataFrame(rows, EVENTS_SCHEMA).withColumn(
        "ts", F.col("secs").cast("timestamp")
    )
    window = "partitioned, timeInterval, intervalDuration(5.0)"  # tumbling panes
    arguments: dict[str, Any] = dict(
        window=window, partition_by="key", params={"attr": "cost"}, output_schema=PANES_SCHEMA
    )
    by_timestamp = pane_rows(
        sw.run_operator(df.drop("secs"), PANE_SUM, event_time="ts", **arguments)
    )
    by_seconds = pane_rows(sw.run_operator(df.drop("ts"), PANE_SUM, event_time="secs", **arguments))
    assert by_timestamp == by_seconds
    assert [(r[0], r[1], r[2], r[5], r[6]) for r in by_seconds] == expected_panes(
        rows, 5.0, 5.0, 0.0
    )


def test_aggregate_takes_an_event_time(spark: SparkSession) -> None:
    rows = events(["a", "b"], 80, seed=11)
    df = spark.createDataFrame(rows, EVENTS_SCHEMA)
    totals = sw.aggregate(
        df,
        window=SLIDING_PANES,
        partition_by="key",
        event_time="secs",
        output={"total": "Sum(cost)", "n": "Count()"},
    )
    assert totals.columns == ["key", "total", "n"]
    expected = sorted(
        (key, total, n) for key, _, _, total, n in expected_panes(rows, 10.0, 4.0, 1.0)
    )
    assert plain(totals.collect()) == expected


def test_aggregate_slices_overlapping_panes_with_the_results_of_going_over_each_pane(
    spark: SparkSession,
) -> None:
    # Ten panes overlap every row (D/P = 10): sliced keeps each row once, in its slice of 1 s.
    rows = events(["a", "b", "c"], 300, seed=5)
    df = spark.createDataFrame(rows, EVENTS_SCHEMA).repartition(3)
    functions = {
        "n": "Count()",
        "total": "Sum(cost)",
        "low": "Min(cost)",
        "high": "Max(cost)",
        "first": "First(secs)",
        "last": "Last(secs)",
        "at_max": "ArgMax(cost, secs)",
    }

    def panes(mode: str) -> list[tuple[Any, ...]]:
        return plain(
            sw.aggregate(
                df,
                window="partitioned, timeInterval, intervalDuration(10.0), creationPeriod(1.0)",
                partition_by="key",
                order_by="secs",
                event_time="secs",
                output=functions,
                pane_aggregation=mode,
            ).collect()
        )

    sliced = panes("sliced")
    assert sliced == panes("recompute")
    # Every row counted in ten panes.
    assert sum(row[1] for row in sliced) == 10 * len(rows)
    with pytest.raises(ArgumentError, match="paneAggregation is only valid for timeInterval"):
        sw.aggregate(df, window="tumbling, count(3)", output=functions, pane_aggregation="sliced")
    with pytest.raises(ValueError, match="pane_aggregation"):
        sw.aggregate(df, window="tumbling, count(3)", output=functions, pane_aggregation="fast")


# ------------------------------------------------------------------ argument checks


def test_event_time_is_required_for_a_time_interval_window_and_refused_for_others(
    spark: SparkSession,
) -> None:
    df = spark.createDataFrame([("a", 1.0, 1.0)], EVENTS_SCHEMA)
    common: dict[str, Any] = dict(params={"attr": "cost"}, output_schema="total double")
    with pytest.raises(ArgumentError, match="timeInterval window: give event_time"):
        sw.run_operator(df, WINDOW_SUM, window="timeInterval, intervalDuration(5.0)", **common)
    with pytest.raises(ArgumentError, match="event_time 'secs' is for timeInterval windows"):
        sw.run_operator(df, WINDOW_SUM, window="tumbling, count(2)", event_time="secs", **common)
    with pytest.raises(
        ValueError, match="event_time column 'key' is string: it must be a timestamp"
    ):
        sw.run_operator(
            df, WINDOW_SUM, window="timeInterval, intervalDuration(5.0)", event_time="key", **common
        )
    with pytest.raises(ValueError, match="event_time column 'when' is not in the DataFrame"):
        sw.aggregate(
            df,
            window="timeInterval, intervalDuration(5.0)",
            event_time="when",
            output={"n": "Count()"},
        )
    with pytest.raises(TypeError, match="event_time takes a string"):
        sw.run_operator(
            df, WINDOW_SUM, window="timeInterval, intervalDuration(5.0)", event_time=3, **common
        )


@pytest.mark.usefixtures("state_layout")
def test_a_stream_needs_spark_s_watermark_on_its_event_time(
    spark: SparkSession, tmp_path: Path
) -> None:
    stream = (
        spark.readStream.schema(EVENTS_SCHEMA)
        .json(str(tmp_path))
        .withColumn("ts", F.col("secs").cast("timestamp"))
    )
    with pytest.raises(
        ArgumentError, match=r"carries no watermark.*withWatermark\(\"ts\", delay\)"
    ):
        sw.run_operator(
            stream,
            PANE_SUM,
            window="timeInterval, intervalDuration(5.0)",
            event_time="ts",
            params={"attr": "cost"},
            output_schema="total double",
        )


# ------------------------------------------------------------------ streaming


class EventFiles:
    """A directory a file stream reads, one JSON-lines file at a time, in the order written."""

    def __init__(self, root: Path) -> None:
        self.directory = root / "input"
        self.directory.mkdir(parents=True)
        self._staging = root / "staging"
        self._staging.mkdir()
        self._count = 0
        self._first_mtime = int(os.path.getmtime(self.directory)) - 1000

    def write(self, *rows: tuple[str, float]) -> None:
        staged = self._staging / f"part-{self._count:04d}.json"
        with staged.open("w") as out:
            for key, seconds in rows:
                out.write(json.dumps({"key": key, "secs": BASE + seconds, "cost": 1.0}) + "\n")
        mtime = self._first_mtime + self._count
        os.utime(staged, (mtime, mtime))
        os.replace(staged, self.directory / staged.name)
        self._count += 1


# Panes [5k, 5k + 10) that close 10 s after their end.
STREAM_PANES = (
    "partitioned, timeInterval, intervalDuration(10.0), creationPeriod(5.0), discardAge(10.0)"
)


def stream_panes(
    spark: SparkSession, files: EventFiles, window: str = STREAM_PANES, **options: Any
) -> DataFrame:
    events = (
        spark.readStream.schema(EVENTS_SCHEMA)
        .option("maxFilesPerTrigger", 1)
        .json(str(files.directory))
        .withColumn("ts", F.col("secs").cast("timestamp"))
        .withWatermark("ts", "0 seconds")
    )
    return sw.run_operator(
        events,
        PANE_SUM,
        window=window,
        partition_by="key",
        event_time="ts",
        params={"attr": "cost"},
        output_schema=PANES_SCHEMA,
        **options,
    )


def relative(rows: Iterable[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """(key, pane start from BASE, index, timing, count) of PaneSum rows."""
    return sorted((r[0], r[1] - BASE, r[3], r[4], r[6]) for r in rows)


# What the files below give, worked out by hand (the watermark of a micro-batch is the largest
# event time of the micro-batches before it; panes [5k, 5k + 10) close at end + 10):
# file 0 (a@1, a@7, b@2), watermark none: nothing.
# file 1 (a@12), watermark 7: [-5,5) completes: a {1}, b {2}.
# file 2 (a@3, late), watermark 12: [0,10) completes: a {1,7}, b {2}; then a@3 joins the complete
#   panes [-5,5) and [0,10), whose late triggers wait for the watermark's next move.
# file 3 (a@31), watermark 12 again: nothing (a watermark that stands still delivers nothing).
#   In the next micro-batch (without data when file 3 was the last), watermark 31: first the
#   late triggers of [-5,5) and [0,10) for a alone, then [5,15) and [10,20) complete for a;
#   every pane but [25,35) and [30,40) (a@31, never complete) closes.
# file 4 (a@4): earlier than watermark 31 - 10: dropped (its panes have closed too).
STREAM_EXPECTED = [
    ("a", -5.0, 0, "paneOnComplete", 1),
    ("a", -5.0, 1, "paneLate", 2),
    ("a", 0.0, 0, "paneOnComplete", 2),
    ("a", 0.0, 1, "paneLate", 3),
    ("a", 5.0, 0, "paneOnComplete", 2),
    ("a", 10.0, 0, "paneOnComplete", 1),
    ("b", -5.0, 0, "paneOnComplete", 1),
    ("b", 0.0, 0, "paneOnComplete", 1),
]


def write_stream_files(files: EventFiles, which: slice) -> None:
    contents = [
        [("a", 1), ("a", 7), ("b", 2)],
        [("a", 12)],
        [("a", 3)],
        [("a", 31)],
        [("a", 4)],
    ]
    for rows in contents[which]:
        files.write(*rows)


@pytest.mark.usefixtures("state_layout")
def test_spark_s_watermark_completes_re_triggers_and_closes_panes(
    spark: SparkSession, tmp_path: Path
) -> None:
    files = EventFiles(tmp_path)
    write_stream_files(files, slice(0, 4))  # file 3 last: its watermark needs a batch without data
    query: StreamingQuery = (
        stream_panes(spark, files)
        .select(
            "key",
            F.col("paneStart").cast("double"),
            "paneEnd",
            "paneIndex",
            "paneTiming",
            "total",
            "count",
        )
        .writeStream.format("memory")
        .queryName("event_time_panes")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        # Event-time timeouts: Spark runs micro-batches without data only while the watermark
        # moves, so processAllAvailable() returns.
        query.processAllAvailable()
        progress = query.recentProgress
    finally:
        query.stop()

    assert relative(spark.table("event_time_panes").collect()) == STREAM_EXPECTED
    data = [p for p in progress if p["numInputRows"] > 0]
    assert [p["numInputRows"] for p in data] == [3, 1, 1, 1]
    assert [p["sink"]["numOutputRows"] for p in data] == [0, 2, 2, 0]
    # The late triggers of file 2's a@3 and the panes that file 3's watermark completes come out
    # in the micro-batch after file 3, which has no data: the first whose watermark moved.
    after_file_3 = [p for p in progress if p["batchId"] == data[3]["batchId"] + 1][0]
    assert after_file_3["numInputRows"] == 0
    assert after_file_3["sink"]["numOutputRows"] == 4


@pytest.mark.usefixtures("state_layout")
def test_late_output_returns_the_tuples_of_closed_panes_instead_of_dropping_them(
    spark: SparkSession, tmp_path: Path
) -> None:
    files = EventFiles(tmp_path)
    write_stream_files(files, slice(0, 5))  # file 4 (a@4) is earlier than watermark 31 - 10
    query = (
        stream_panes(spark, files, late_output=True)
        # The dropped-late count per micro-batch, as Spark's observed metrics report it.
        .observe("late", F.count("late_tuple").alias("dropped"))
        .writeStream.format("memory")
        .queryName("event_time_late")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        query.processAllAvailable()
        progress = query.recentProgress
    finally:
        query.stop()

    dropped = [p["observedMetrics"]["late"]["dropped"] for p in progress if p["numInputRows"] > 0]
    assert dropped == [0, 0, 0, 0, 1]  # file 4's a@4

    rows = spark.table("event_time_late").collect()
    late = [row for row in rows if row.late_tuple is not None]
    panes = [row for row in rows if row.late_tuple is None]
    # Spark's own windows drop such a row without a trace; here it comes back, whole.
    assert [(row.key, row.total, row.late_tuple.key, row.late_tuple.secs) for row in late] == [
        ("a", None, "a", BASE + 4.0)
    ]
    assert (
        relative(
            (
                r.key,
                r.paneStart.timestamp(),
                r.paneEnd,
                r.paneIndex,
                r.paneTiming,
                r.total,
                r["count"],
            )
            for r in panes
        )
        == STREAM_EXPECTED
    )


@pytest.mark.usefixtures("state_layout")
def test_a_tuple_earlier_than_the_watermark_minus_discard_age_is_dropped_though_its_pane_is_open(
    spark: SparkSession, tmp_path: Path
) -> None:
    # Panes [10k, 10k + 10) close 5 s after their end. File 2's a@14 comes when the watermark is
    # 20: its pane [10, 20) stays open until 25, but 14 is earlier than 20 - 5, so IBM's runtime
    # drops it (docs/semantics.md, timeInterval windows: Dropped tuples) instead of triggering
    # [10, 20) again with it.
    files = EventFiles(tmp_path)
    for seconds in (12, 20, 14, 40):
        files.write(("a", seconds))
    query = (
        stream_panes(
            spark,
            files,
            window="partitioned, timeInterval, intervalDuration(10.0), discardAge(5.0)",
            late_output=True,
        )
        .observe("late", F.count("late_tuple").alias("dropped"))
        .writeStream.format("memory")
        .queryName("event_time_drop_point")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        query.processAllAvailable()
        progress = query.recentProgress
    finally:
        query.stop()

    dropped = [p["observedMetrics"]["late"]["dropped"] for p in progress if p["numInputRows"] > 0]
    assert dropped == [0, 0, 1, 0]
    rows = spark.table("event_time_drop_point").collect()
    assert [row.late_tuple.secs - BASE for row in rows if row.late_tuple is not None] == [14.0]
    panes = [
        (r.key, r.paneStart.timestamp(), r.paneEnd, r.paneIndex, r.paneTiming, r.total, r["count"])
        for r in rows
        if r.late_tuple is None
    ]
    # [10, 20) once, on complete, with 12 alone; [20, 30) once; [40, 50) never completes.
    assert relative(panes) == [
        ("a", 10.0, 0, "paneOnComplete", 1),
        ("a", 20.0, 0, "paneOnComplete", 1),
    ]


def test_late_output_is_refused_for_windows_that_drop_nothing(spark: SparkSession) -> None:
    df = spark.createDataFrame([("a", 1.0, 1.0)], EVENTS_SCHEMA)
    with pytest.raises(sw.ArgumentError) as raised:
        sw.run_operator(
            df,
            "io.streamswindow.examples.WindowSum",
            window="tumbling, count(2)",
            params={"attr": "cost"},
            output_schema="total double",
            late_output=True,
        )
    assert str(raised.value).startswith(
        "late_output is for timeInterval windows, which drop tuples earlier than the watermark"
        " minus discardAge"
    )


@pytest.mark.usefixtures("state_layout")
def test_a_restart_mid_pane_loses_and_duplicates_nothing(
    spark: SparkSession, tmp_path: Path
) -> None:
    files = EventFiles(tmp_path)

    def run() -> None:
        drain_to_json(stream_panes(spark, files), tmp_path)

    # The first run ends with a micro-batch without data at watermark 12 ([0,10) completes) and
    # stops with [5,15) and [10,20) incomplete, [-5,5) and [0,10) complete and open: after the
    # restart the late a@3 joins those two, file 3's watermark re-triggers them with index 1
    # (their trigger counts came through the checkpoint) and completes the others, and a@4 is
    # dropped.
    write_stream_files(files, slice(0, 2))
    run()
    write_stream_files(files, slice(2, None))
    run()

    rows = spark.read.schema(PANES_SCHEMA).json(str(tmp_path / "output"))
    assert relative(pane_rows(rows)) == STREAM_EXPECTED


@pytest.mark.usefixtures("state_layout")
def test_a_restart_inside_a_pane_larger_than_a_chunk_keeps_every_tuple(
    spark: SparkSession, tmp_path: Path
) -> None:
    # One pane [0, 1000) per key holds 2,100 tuples across a restart: on the chunked layout more
    # than two chunks of 1,024 (docs/architecture.md, "State layout"), read back after it.
    files = EventFiles(tmp_path)
    window = "partitioned, timeInterval, intervalDuration(1000.0), discardAge(10.0)"

    def run() -> None:
        drain_to_json(stream_panes(spark, files, window=window), tmp_path)

    def write_file(first: float) -> None:
        files.write(*[(key, first + j * 0.4) for j in range(700) for key in ("a", "b")])

    write_file(0)
    write_file(300)
    run()
    write_file(600)
    files.write(("a", 1500))  # moves the watermark past the pane's close
    run()

    rows = spark.read.schema(PANES_SCHEMA).json(str(tmp_path / "output"))
    assert relative(pane_rows(rows)) == [
        ("a", 0.0, 0, "paneOnComplete", 2100),
        ("b", 0.0, 0, "paneOnComplete", 2100),
    ]
