"""Operators with several output ports (``output_schema`` a list): SumAndOutliers, port 0 the
sum of each tumble per key and port 1 the tuples above a limit, on batch and streaming
DataFrames, with a restart from the checkpoint; one result whose rows name their port, split
with ``output_port`` (docs/python.md, "Several output ports")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import Observation, SparkSession

import streams_window as sw
from streams_window import testing
from streams_window.errors import ArgumentError
from support import (
    READINGS_SCHEMA,
    Reading,
    StreamInput,
    by_key_in_order,
    drain_to_json,
    plain,
    shuffled,
)

SUM_AND_OUTLIERS = "io.streamswindow.examples.SumAndOutliers"
WINDOW = "partitioned, tumbling, count(3)"
SUMS = "key string, total double"
OUTLIERS = "key string, seq long, cost double"
LIMIT = 10.0


def expected_ports(rows: list[Reading]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """What SumAndOutliers submits over ``rows`` in seq order per key: on port 0 the sum of
    each full tumble of three (a final marker flushes no partial tumble), on port 1 every
    reading above the limit."""
    sums, outliers = [], []
    for key, in_order in by_key_in_order(rows).items():
        for start in range(0, len(in_order) - len(in_order) % 3, 3):
            sums.append((key, sum(cost for _, _, cost in in_order[start : start + 3])))
        outliers += [(key, seq, cost) for _, seq, cost in in_order if cost > LIMIT]
    return sorted(sums), sorted(outliers)


ROWS: list[Reading] = [("a", i, float(3 * i)) for i in range(8)] + [
    ("b", i, float(i)) for i in range(5)
] + [("c", 1, 40.0)]


def run(df: Any, **extra: Any) -> Any:
    return sw.run_operator(
        df,
        SUM_AND_OUTLIERS,
        window=WINDOW,
        partition_by="key",
        order_by="seq",
        params={"attr": "cost", "limit": LIMIT},
        output_schema=[SUMS, OUTLIERS],
        **extra,
    )


def test_a_batch_result_holds_every_ports_tuples_each_row_naming_its_port(
    spark: SparkSession,
) -> None:
    df = spark.createDataFrame(shuffled(ROWS), READINGS_SCHEMA).repartition(3)

    metrics = Observation("ports")
    result = run(df, metrics=metrics)

    assert result.columns == ["output_port", "output_0", "output_1"]
    rows = result.collect()
    # Exactly one port's struct is set on each row, the one output_port names.
    for row in rows:
        assert row.output_0 is not None if row.output_port == 0 else row.output_0 is None
        assert row.output_1 is not None if row.output_port == 1 else row.output_1 is None
    sums, outliers = expected_ports(ROWS)
    assert plain(sw.output_port(result, 0).collect()) == sums
    assert plain(sw.output_port(result, 1).collect()) == outliers
    assert sw.output_port(result, 1).columns == ["key", "seq", "cost"]
    # IBM's port metrics, per output port, summed over the keys' instances.
    assert metrics.get["nTuplesSubmitted0"] == len(sums)
    assert metrics.get["nTuplesSubmitted1"] == len(outliers)


def test_the_reference_run_gives_the_same_ports(spark: SparkSession) -> None:
    df = spark.createDataFrame(ROWS, READINGS_SCHEMA)
    arguments: dict[str, Any] = dict(
        window=WINDOW,
        partition_by="key",
        order_by="seq",
        params={"attr": "cost", "limit": LIMIT},
        # A StructType port too.
        output_schema=[SUMS, spark.createDataFrame([], OUTLIERS).schema],
    )

    reference = testing.single_instance_run(df, SUM_AND_OUTLIERS, **arguments)
    on_spark = sw.run_operator(df.repartition(2), SUM_AND_OUTLIERS, **arguments)

    for port in (0, 1):
        assert plain(sw.output_port(on_spark, port).collect()) == plain(
            sw.output_port(reference, port).collect()
        )


def test_marks_name_their_port(spark: SparkSession) -> None:
    df = spark.createDataFrame([("a", i, 1.0) for i in range(3)], READINGS_SCHEMA)

    result = run(df, punctuation_column="mark")

    marks = [(row.output_port, row.mark) for row in result.collect() if row.mark is not None]
    # The tumble's window marker goes out on port 0 only (the operator punctuates port 0); the
    # final marker on both, once every input port has ended.
    assert sorted(marks) == [(0, "FINAL_MARKER"), (0, "WINDOW_MARKER"), (1, "FINAL_MARKER")]
    port_one = sw.output_port(result, 1)
    assert port_one.columns == ["key", "seq", "cost", "mark"]
    assert [tuple(r) for r in port_one.collect()] == [("a", None, None, "FINAL_MARKER")]


def test_bad_output_ports_are_refused_naming_the_port(spark: SparkSession) -> None:
    df = spark.createDataFrame(ROWS, READINGS_SCHEMA)
    with pytest.raises(ArgumentError, match=r"output port 1: output_schema 'key strin, x' is not"):
        sw.run_operator(
            df,
            SUM_AND_OUTLIERS,
            window=WINDOW,
            partition_by="key",
            params={"attr": "cost", "limit": LIMIT},
            output_schema=[SUMS, "key strin, x"],
        )
    with pytest.raises(ArgumentError, match="punctuation_column 'output_port' is a column"):
        run(df, punctuation_column="output_port")
    with pytest.raises(ArgumentError, match="output_spl_types names 'totl', which is a column of no"):
        run(df, output_spl_types={"totl": "float32"})
    with pytest.raises(ValueError, match="output_schema is an empty list"):
        sw.run_operator(df, SUM_AND_OUTLIERS, window=WINDOW, partition_by="key", output_schema=[])
    with pytest.raises(ValueError, match="no column 'output_2'; its output ports are \\[0, 1\\]"):
        sw.output_port(run(df), 2)
    with pytest.raises(ValueError, match="not the result of run_operator with several output"):
        sw.output_port(df, 0)


def test_other_port_counts_than_the_operator_declares_are_refused(spark: SparkSession) -> None:
    df = spark.createDataFrame(ROWS, READINGS_SCHEMA)
    # One output schema for SumAndOutliers, whose @OutputPorts declares two: SPL's compiler
    # refuses such an invocation, and so does the plan (not a failing job).
    with pytest.raises(ArgumentError) as raised:
        sw.run_operator(
            df,
            SUM_AND_OUTLIERS,
            window=WINDOW,
            partition_by="key",
            params={"attr": "cost", "limit": LIMIT},
            output_schema=SUMS,
        )
    assert str(raised.value).splitlines()[0] == (
        f"Operator {SUM_AND_OUTLIERS} declares 2 output port(s) (@OutputPorts), and this run"
        " gives it 1: give output_schema (a list: one schema per port)"
    )
    with pytest.raises(ArgumentError, match=r"declares 1 input port\(s\) \(@InputPorts\)"):
        run(df, inputs=[df])


def test_a_stream_keeps_the_window_across_a_restart_and_writes_each_tuple_once(
    spark: SparkSession, state_layout: str, tmp_path: Path
) -> None:
    source = StreamInput(tmp_path)

    def stream_run() -> list[tuple[Any, ...]]:
        stream = (
            spark.readStream.schema(READINGS_SCHEMA)
            .option("maxFilesPerTrigger", 1)
            .json(str(source.directory))
        )
        return drain_to_json(run(stream), tmp_path)

    # a's first tumble (seq 0-2) and b's are split by the restart.
    first = [r for r in ROWS if r[1] < 2]
    later = [r for r in ROWS if r[1] >= 2]
    source.write(first[: len(first) // 2])
    source.write(first[len(first) // 2 :])
    stream_run()
    source.write(later)
    written = stream_run()

    sums, outliers = expected_ports(ROWS)
    port_rows: dict[int, list[tuple[Any, ...]]] = {0: [], 1: []}
    for port, sum_row, outlier_row in written:
        port_rows[port].append(tuple(sum_row if port == 0 else outlier_row))
    assert sorted(port_rows[0]) == sums
    assert sorted(port_rows[1]) == outliers


def test_a_connect_session_runs_and_splits_several_output_ports(connect_spark: Any) -> None:
    df = connect_spark.createDataFrame(shuffled(ROWS), READINGS_SCHEMA)

    # Port 1's schema as a StructType: it travels as JSON, port 0's as DDL.
    result = sw.run_operator(
        df,
        SUM_AND_OUTLIERS,
        window=WINDOW,
        partition_by="key",
        order_by="seq",
        params={"attr": "cost", "limit": LIMIT},
        output_schema=[SUMS, connect_spark.createDataFrame([], OUTLIERS).schema],
    )

    sums, outliers = expected_ports(ROWS)
    assert plain(sw.output_port(result, 0).collect()) == sums
    assert plain(sw.output_port(result, 1).collect()) == outliers
