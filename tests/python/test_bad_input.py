"""Bad input: each a clear error naming what and where, or a documented behaviour
(docs/reliability.md, "Bad input"). Nulls in tuple columns are refused naming the column and the
key (test_errors.py, test_spl_types.py); windows of millions of tuples are test_large_state.py's.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

import streams_window as sw

WINDOW_SUM = "io.streamswindow.examples.WindowSum"
RUNNING_TOTALS = "io.streamswindow.examples.RunningTotals"


def test_nan_and_infinities_in_a_delta_attribute_give_ibms_windows(spark: SparkSession) -> None:
    # IBM's runtime keeps a windowed w while w.v >= t.v - 5.0 and refuses nothing
    # (docs/decisions.md, "NaN and infinities in a float delta attribute"): a NaN on either side
    # tumbles the window, a +inf arrival tumbles it, and a +inf oldest never tumbles again on
    # finite values (those rows stay in the window: no sum comes out for them).
    nan, inf = math.nan, math.inf
    rows = [
        ("a", 0, 1.0, 1.0), ("a", 1, 7.0, 2.0),
        ("b", 0, 1.0, 1.0), ("b", 1, 2.0, 2.0), ("b", 2, nan, 4.0), ("b", 3, 3.0, 8.0),
        ("b", 4, -inf, 16.0), ("b", 5, 6.0, 32.0), ("b", 6, inf, 64.0), ("b", 7, 10.0, 128.0),
        ("b", 8, 1e300, 256.0),
    ]  # fmt: skip
    df = spark.createDataFrame(rows, "key string, seq long, v double, cost double")
    sums = sw.run_operator(
        df,
        WINDOW_SUM,
        window="partitioned, tumbling, delta(v, 5.0)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema="key string, seq long, total double, count long",
    )
    assert sorted(sums.collect()) == [
        ("a", 0, 1.0, 1),  # 7.0 arrives: 1.0 >= 2.0 is false
        ("b", 1, 3.0, 2),  # NaN arrives: 1.0 >= NaN is false
        ("b", 2, 4.0, 1),  # NaN is the oldest: NaN >= -2.0 is false
        # -inf arrives and stays (3.0 >= -inf), and so does 6.0 (3.0 >= 1.0, only the oldest is
        # compared); +inf arrives: 3.0 >= +inf is false
        ("b", 5, 56.0, 3),
        # +inf is the oldest: +inf >= 5.0 and +inf >= 1e300 hold, so it never tumbles again
    ]


def test_nan_and_infinities_in_a_float32_delta_attribute_give_ibms_windows(
    spark: SparkSession,
) -> None:
    # A float column is SPL float32: t.v - d is rounded to a float, as IBM computes it, and the
    # clause's 0.1 is the float 0.1f. 1.0f - 0.1f is 0.9f, so 0.9 stays when 1.0 arrives (the
    # difference 1.0 - 0.9f, 0.10000002, is more than 0.1f).
    rows = [(0, 0.9, 1.0), (1, 1.0, 2.0), (2, math.nan, 4.0), (3, math.inf, 8.0), (4, 1.0, 16.0)]
    df = spark.createDataFrame(rows, "seq long, v float, cost double")
    sums = sw.run_operator(
        df,
        WINDOW_SUM,
        window="tumbling, delta(v, 0.1)",
        order_by="seq",
        params={"attr": "cost"},
        output_schema="seq long, total double, count long",
    )
    assert sorted(sums.collect()) == [(1, 3.0, 2), (2, 4.0, 1)]


def test_nan_and_infinities_held_in_a_saved_window_survive_a_restart(
    spark: SparkSession, tmp_path: Path, state_layout: str
) -> None:
    # Key a's window holds +inf and key b's holds NaN across micro-batches and a restart from the
    # checkpoint: were either read back as another value, the second run would tumble otherwise.
    source, output = tmp_path / "input", tmp_path / "output"
    source.mkdir()

    def write(name: str, rows: list[tuple[str, int, float, float]]) -> None:
        lines = (json.dumps(dict(key=k, seq=q, v=v, cost=c)) + "\n" for k, q, v, c in rows)
        (source / f"{name}.tmp").write_text("".join(lines))  # NaN/Infinity: Spark reads them
        (source / f"{name}.tmp").rename(source / f"{name}.json")

    def run() -> None:
        stream = (
            spark.readStream.schema("key string, seq long, v double, cost double")
            .option("maxFilesPerTrigger", 1)
            .json(str(source))
        )
        sums = sw.run_operator(
            stream,
            WINDOW_SUM,
            window="partitioned, tumbling, delta(v, 5.0)",
            partition_by="key",
            order_by="seq",
            params={"attr": "cost"},
            output_schema="key string, seq long, total double, count long",
        )
        query = (
            sums.writeStream.format("json")
            .option("path", str(output))
            .option("checkpointLocation", str(tmp_path / "checkpoint"))
            .start()
        )
        try:
            query.processAllAvailable()
        finally:
            query.stop()

    write("part-0", [("a", 0, 1.0, 1.0), ("a", 1, math.inf, 2.0), ("b", 0, math.nan, 4.0)])
    run()
    write("part-1", [("a", 2, 10.0, 8.0), ("a", 3, math.nan, 16.0), ("b", 1, 3.0, 32.0)])
    run()

    rows = spark.read.schema("key string, seq long, total double, count long").json(str(output))
    assert sorted(rows.collect()) == [
        ("a", 0, 1.0, 1),  # +inf arrives: 1.0 >= +inf is false
        ("a", 2, 10.0, 2),  # +inf >= 5.0 kept 10.0 with it; NaN arrives and tumbles both
        ("b", 0, 4.0, 1),  # the saved NaN is out of 3.0's window (NaN >= -2.0 is false)
    ]


def test_a_10_mb_tuple_crosses_micro_batches_in_the_state_store(
    spark: SparkSession, tmp_path: Path, state_layout: str
) -> None:
    source = tmp_path / "input"
    source.mkdir()
    big = "x" * (10 * 1024 * 1024)
    (source / "part-0.json").write_text(json.dumps(dict(key="a", seq=0, v=1.5, note=big)) + "\n")
    stream = (
        spark.readStream.schema("key string, seq long, v double, note string")
        .option("maxFilesPerTrigger", 1)
        .json(str(source))
    )
    sums = sw.run_operator(
        stream,
        WINDOW_SUM,
        window="partitioned, tumbling, count(2)",
        partition_by="key",
        params={"attr": "v"},
        output_schema="key string, note string, total double, count long",
    )
    name = f"big_tuple_{state_layout.replace('-', '_')}"
    query = (
        sums.writeStream.format("memory")
        .queryName(name)
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .start()
    )
    try:
        query.processAllAvailable()  # the 10 MB tuple waits in the key's saved window
        (source / "part-1.json").write_text(
            json.dumps(dict(key="a", seq=1, v=2.0, note=big + "y")) + "\n"
        )
        query.processAllAvailable()
    finally:
        query.stop()

    rows = spark.table(name).collect()
    assert [(r["key"], len(r["note"]), r["total"], r["count"]) for r in rows] == [
        ("a", len(big) + 1, 3.5, 2)
    ]


def test_an_operator_throwing_on_one_key_fails_the_query_naming_that_key(
    spark: SparkSession, tmp_path: Path
) -> None:
    source = tmp_path / "input"
    source.mkdir()
    rows = [
        dict(key=k, seq=i, v=13.0 if k == "c" and i > 4 else float(i))
        for i, k in enumerate("abcabcabc")
    ]
    (source / "part-0.json").write_text("".join(json.dumps(r) + "\n" for r in rows))
    stream = spark.readStream.schema("key string, seq long, v double").json(str(source))
    totals = sw.run_operator(
        stream,
        RUNNING_TOTALS,
        window="partitioned, tumbling, count(2)",
        partition_by="key",
        order_by="seq",
        params={"attr": "v", "failOn": "13"},
        output_schema="key string, window_no long, total double",
    )
    query = (
        totals.writeStream.format("noop").option("checkpointLocation", str(tmp_path / "cp")).start()
    )
    with pytest.raises(sw.OperatorError) as raised:
        query.processAllAvailable()
    query.stop()

    error = raised.value
    assert error.key == "[c]"
    assert error.cause_message == "RunningTotals refuses v = 13.0 as configured (failOn)"


@pytest.mark.parametrize(
    "window",
    [
        "partitioned, tumbling, time(5)",
        "partitioned, sliding, count(4), time(1)",
        "partitioned, tumbling, count(4), partitionAge(60)",
    ],
)
def test_processing_time_policies_are_refused_on_a_batch_naming_the_alternatives(
    any_spark: Any, window: str
) -> None:
    # A batch is read at one instant: a time policy would never fire and the rows would be
    # missing without a word (docs/python.md, "Batch and streaming").
    from streams_window.errors import ArgumentError

    df = any_spark.createDataFrame([("a", 0, 1.0)], "key string, seq long, cost double")
    with pytest.raises(ArgumentError) as aggregated:
        sw.aggregate(df, window=window, partition_by="key", output={"total": "Sum(cost)"})
    with pytest.raises(ArgumentError) as operated:
        sw.run_operator(
            df,
            WINDOW_SUM,
            window=window,
            partition_by="key",
            params={"attr": "cost"},
            output_schema="key string, total double",
        )
    for refused in (aggregated, operated):
        message = str(refused.value)
        assert "processing-time policies" in message
        assert "count, delta or punct policies" in message
        assert "event_time=" in message

