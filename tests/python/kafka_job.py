"""A streaming query from one Kafka topic, through WindowSum, to another, stopped and restarted
from its checkpoint with more input written in between; prints, as JSON, what each run did.

test_kafka.py runs this in a subprocess: spark.jars is read only when a process starts its JVM,
so the shared test session cannot gain Spark's Kafka connector. The input records are
{"key", "seq", "cost"} JSON values keyed by "key"; each output record is a window's sum as JSON,
keyed by its key. Usage:
python kafka_job.py <bootstrap> <input topic> <output topic> <connector jars, comma-separated>
    <scratch directory> <rows written between the two runs, as JSON>
"""

from __future__ import annotations

import json
import sys
from typing import Any

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

import streams_window as sw
from kafka_broker import KafkaClient
from support import READINGS_SCHEMA, SUMS_SCHEMA, WINDOW_SUM, data_batches

WINDOW = "partitioned, tumbling, count(4)"
# Records a micro-batch takes at most, so that a run has several and windows span them.
PER_BATCH = 12


def sums_query(spark: SparkSession, bootstrap: str, source: str) -> DataFrame:
    readings = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", source)
        .option("startingOffsets", "earliest")
        .option("maxOffsetsPerTrigger", PER_BATCH)
        .load()
        .select(F.from_json(F.col("value").cast("string"), READINGS_SCHEMA).alias("row"))
        .select("row.*")
    )
    sums = sw.run_operator(
        readings,
        WINDOW_SUM,
        window=WINDOW,
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema=SUMS_SCHEMA,
    )
    return sums.select(
        F.col("key"), F.to_json(F.struct("key", "seq", "total", "count")).alias("value")
    )


def run(spark: SparkSession, bootstrap: str, source: str, sink: str, checkpoint: str) -> int:
    """Runs the query until it has taken every record of ``source`` there is now, then stops it;
    returns how many micro-batches read input."""
    query = (
        sums_query(spark, bootstrap, source)
        .writeStream.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("topic", sink)
        .option("checkpointLocation", checkpoint)
        .trigger(processingTime="100 milliseconds")
        .start()
    )
    try:
        query.processAllAvailable()
        return len(data_batches(query))
    finally:
        query.stop()


def main(
    bootstrap: str, source: str, sink: str, jars: list[str], scratch: str, more: list[list[Any]]
) -> dict[str, Any]:
    builder = (
        SparkSession.builder.master("local[2]")
        .appName("streams-window Kafka test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.warehouse.dir", f"{scratch}/warehouse")
    )
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path(), *jars]).getOrCreate()
    checkpoint = f"{scratch}/checkpoint"
    try:
        first = run(spark, bootstrap, source, sink, checkpoint)
        written = KafkaClient(bootstrap).produce(
            source,
            [(key, json.dumps({"key": key, "seq": seq, "cost": cost})) for key, seq, cost in more],
        )
        second = run(spark, bootstrap, source, sink, checkpoint)
        return {
            "first_run_batches": first,
            "written_between": written,
            "second_run_batches": second,
        }
    finally:
        spark.stop()


if __name__ == "__main__":
    bootstrap_arg, source_arg, sink_arg, jars_arg, scratch_arg, more_arg = sys.argv[1:]
    print(
        json.dumps(
            main(
                bootstrap_arg,
                source_arg,
                sink_arg,
                jars_arg.split(","),
                scratch_arg,
                json.loads(more_arg),
            )
        )
    )
