"""Operators whose input port 0 has no window (``window=None``): filters, transforms and
enrichers, keyed by ``partition_by`` (an operator instance per key) or not (one instance for the
whole input), on batch and streaming DataFrames, their StateHandler state kept per key across
micro-batches and restarts (docs/python.md, "Operators without a window")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from streams_window.errors import ArgumentError
from streams_window.testing import single_instance_run
from support import READINGS_SCHEMA, StreamInput, drain_to_json, plain, readings, shuffled

RUNNING_COUNT = "io.streamswindow.examples.RunningCount"
THRESHOLD_FILTER = "io.streamswindow.examples.ThresholdFilter"
COUNTED = READINGS_SCHEMA + ", running_count long, running_sum double"


def running_counts(rows: list[tuple[str, int, float]], *, keyed: bool) -> list[tuple[Any, ...]]:
    """What RunningCount gives: in seq order, each row with its instance's count and sum so far
    (an instance per key when keyed, else one for every row)."""
    counts: dict[str, tuple[int, float]] = {}
    expected = []
    for key, seq, cost in sorted(rows, key=lambda r: r[1]):
        instance = key if keyed else ""
        count, total = counts.get(instance, (0, 0.0))
        counts[instance] = (count + 1, total + cost)
        expected.append((key, seq, cost, count + 1, total + cost))
    return sorted(expected)


def test_an_enricher_without_a_window_numbers_each_keys_tuples_in_its_own_instance(
    any_spark: Any,
) -> None:
    rows = readings(["a", "b", "c"], 7)
    df = any_spark.createDataFrame(shuffled(rows), READINGS_SCHEMA).repartition(3)

    result = sw.run_operator(
        df,
        RUNNING_COUNT,
        window=None,
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema=COUNTED,
    )

    assert plain(result.collect()) == running_counts(rows, keyed=True)


def test_without_partition_by_one_instance_sees_the_whole_input(spark: SparkSession) -> None:
    rows = readings(["a", "b"], 6)
    df = spark.createDataFrame(shuffled(rows), READINGS_SCHEMA).repartition(2)
    arguments: dict[str, Any] = dict(
        window=None, order_by="seq", params={"attr": "cost"}, output_schema=COUNTED
    )

    result = sw.run_operator(df, RUNNING_COUNT, **arguments)

    expected = running_counts(rows, keyed=False)
    assert plain(result.collect()) == expected
    # The reference (one instance on the driver) agrees.
    assert plain(single_instance_run(df, RUNNING_COUNT, **arguments).collect()) == expected


def test_a_filter_without_a_window_passes_what_it_accepts(spark: SparkSession) -> None:
    rows = readings(["a", "b"], 10)
    df = spark.createDataFrame(rows, READINGS_SCHEMA)

    result = sw.run_operator(
        df,
        THRESHOLD_FILTER,
        window=None,
        params={"attr": "cost", "threshold": 5},
        output_schema=READINGS_SCHEMA,
    )

    assert plain(result.collect()) == sorted(r for r in rows if r[2] >= 5)


def test_window_none_refuses_what_only_a_window_takes(spark: SparkSession) -> None:
    df = spark.createDataFrame(readings(["a"], 2), READINGS_SCHEMA)
    with pytest.raises(ArgumentError, match="event_time 'seq' is for timeInterval windows"):
        sw.run_operator(
            df, RUNNING_COUNT, window=None, event_time="seq", output_schema=COUNTED
        )
    with pytest.raises(ValueError, match="window is empty"):
        sw.run_operator(df, RUNNING_COUNT, window=" ", output_schema=COUNTED)


def counting_query(spark: SparkSession, source: StreamInput, root: Path) -> list[tuple[Any, ...]]:
    """Runs RunningCount, keyed, over every file the source holds that the checkpoint has not
    read, then stops; returns everything the sink holds."""
    stream = (
        spark.readStream.schema(READINGS_SCHEMA)
        .option("maxFilesPerTrigger", 1)
        .json(str(source.directory))
    )
    counted = sw.run_operator(
        stream,
        RUNNING_COUNT,
        window=None,
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema=COUNTED,
    )
    return drain_to_json(counted, root)


def test_a_stream_keeps_each_keys_state_across_micro_batches_and_a_restart(
    spark: SparkSession, state_layout: str, tmp_path: Path
) -> None:
    source = StreamInput(tmp_path)
    first = readings(["a", "b"], 4)
    source.write(first[:4])
    source.write(first[4:])
    assert counting_query(spark, source, tmp_path) == running_counts(first, keyed=True)

    # A new query from the same checkpoint: each key's count and sum go on where they stopped.
    later = readings(["a", "b", "c"], 3, first_seq=100)
    source.write(later)
    assert counting_query(spark, source, tmp_path) == running_counts(first + later, keyed=True)
