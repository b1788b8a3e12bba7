"""Kafka in, an IBM-style windowed operator, Kafka out: a streaming query on a real local broker
(conftest.py's ``kafka_broker``, scripts/kafka) through Spark's Kafka connector, stopped and
restarted from its checkpoint, with every window's sum checked against sums computed here from
the input, and no output lost or written twice.

The Spark side runs in a subprocess (kafka_job.py): the shared test session was started without
the connector's jars. Input and output are written and read with Kafka's own Java client
(kafka_broker.py), not through Spark. docs/kafka.md's examples run here too, on the same broker
(test_docs.py runs the other pages).
"""

from __future__ import annotations

import json
import uuid
from collections import Counter
from pathlib import Path

import pytest

from kafka_broker import KafkaBroker
from support import by_key_in_order, last_json_line, readings, run_script, tumbling_sums
from test_docs import python_blocks

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

KEYS = ["acme", "zeta", "umbra"]
SIZE = 4  # kafka_job.py's window: partitioned, tumbling, count(4)
# Input partitions: records of one key go to one partition, so each key's order is kept.
PARTITIONS = 2


@pytest.fixture()
def topics(kafka_broker: KafkaBroker) -> tuple[str, str]:
    """An input and an output topic of this test's own on the shared broker."""
    name = uuid.uuid4().hex[:8]
    source, sink = f"readings-{name}", f"sums-{name}"
    kafka_broker.create_topic(source, PARTITIONS)
    kafka_broker.create_topic(sink, PARTITIONS)
    return source, sink


def as_records(rows: list[tuple[str, int, float]]) -> list[tuple[str, str]]:
    return [(key, json.dumps({"key": key, "seq": seq, "cost": cost})) for key, seq, cost in rows]


def test_a_kafka_stream_restarted_from_its_checkpoint_writes_every_window_sum_once(
    kafka_broker: KafkaBroker,
    kafka_connector_jars: list[str],
    examples_jar: str,
    topics: tuple[str, str],
    tmp_path: Path,
) -> None:
    source, sink = topics
    rows = readings(KEYS, 27)  # 81 rows in seq order, keys taking turns unevenly
    before, after = rows[:45], rows[45:]
    # Some window holds rows from both sides of the restart: its first rows come back from the
    # checkpoint's state, the rest from the records written while the query was down.
    straddling = [
        key
        for key, group in by_key_in_order(rows).items()
        if any(
            {row in before for row in group[start : start + SIZE]} == {True, False}
            for start in range(0, len(group) - SIZE + 1, SIZE)
        )
    ]
    assert straddling, "the data should put a window across the restart"

    assert kafka_broker.produce(source, as_records(before)) == len(before)
    job = run_script(
        HERE / "kafka_job.py",
        kafka_broker.bootstrap,
        source,
        sink,
        ",".join(kafka_connector_jars),
        str(tmp_path),
        json.dumps([list(row) for row in after]),
        timeout=180,
    )
    report = last_json_line(job)
    # Several micro-batches on each side of the restart (maxOffsetsPerTrigger), and the second
    # run took only what was written after the first.
    assert report["first_run_batches"] >= 2
    assert report["written_between"] == len(after)
    assert report["second_run_batches"] >= 1

    records = kafka_broker.consume(sink)
    sums = [json.loads(record.value) for record in records]
    assert [record.key for record in records] == [s["key"] for s in sums]
    got = Counter((s["key"], s["seq"], s["total"], s["count"]) for s in sums)
    expected = tumbling_sums(rows, SIZE)
    assert len(expected) == len(set(expected))

    lost = sorted(set(expected) - set(got))
    unexpected = sorted(set(got) - set(expected))
    duplicates = sum(count - 1 for count in got.values())
    assert lost == [] and unexpected == []
    # Spark's Kafka sink is at-least-once; a query stopped cleanly between batches and
    # restarted from its checkpoint writes nothing twice.
    assert duplicates == 0
    assert sorted(got) == expected


def test_the_examples_of_the_kafka_page_run_as_written(
    kafka_broker: KafkaBroker, kafka_connector_jars: list[str], examples_jar: str
) -> None:
    page = ROOT / "docs" / "kafka.md"
    assert len(python_blocks(page.read_text())) >= 4
    # The page's broker is scripts/kafka start's default address; the test's runs on a free port.
    job = run_script(
        HERE / "page_job.py",
        str(page),
        "[list(row) for row in written()]",
        f"127.0.0.1:9092={kafka_broker.bootstrap}",
        cwd=ROOT,
        timeout=180,
    )
    assert last_json_line(job) == [
        ["acme", 6, 10.0, 4],
        ["acme", 12, 10.0, 4],
        ["zeta", 8, 10.0, 4],
    ]
