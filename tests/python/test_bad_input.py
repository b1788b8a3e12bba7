"""Bad input: each a clear error naming what and where, or a documented behaviour
(docs/reliability.md, "Bad input"). Nulls in tuple columns are refused naming the column and the
key (test_errors.py, test_spl_types.py); windows of millions of tuples are test_large_state.py's.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

import streams_window as sw

WINDOW_SUM = "io.streamswindow.examples.WindowSum"
RUNNING_TOTALS = "io.streamswindow.examples.RunningTotals"


@pytest.mark.parametrize(
    ("bad", "java"),
    [(math.nan, "NaN"), (math.inf, "Infinity"), (-math.inf, "-Infinity")],
    ids=["nan", "inf", "-inf"],
)
def test_nan_or_infinity_in_a_delta_attribute_is_refused_naming_it_and_the_key(
    spark: SparkSession, bad: float, java: str
) -> None:
    rows = [("a", 0, 1.0), ("b", 1, 2.0), ("b", 2, bad), ("b", 3, 9.0)]
    df = spark.createDataFrame(rows, "key string, seq long, v double")
    sums = sw.run_operator(
        df,
        WINDOW_SUM,
        window="partitioned, tumbling, delta(v, 5.0)",
        partition_by="key",
        order_by="seq",
        params={"attr": "v"},
        output_schema="key string, total double, count long",
    )
    with pytest.raises(sw.OperatorError) as raised:
        sums.collect()

    error = raised.value
    assert error.key == "[b]"
    message = error.cause_message or ""
    assert message.startswith(f"delta attribute v of a tuple is {java}:"), message
    assert "filter such tuples out" in message


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
