"""A user's session from start to stop, for test_quiet_logs.py, which reads what it printed.

A failing operator in a batch job (its error caught, as a user would), then a streaming query with
a time window, stopped while its micro-batches run back to back, then the session's end. Usage:
python quiet_job.py <scratch directory>
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from pyspark.sql import SparkSession

import streams_window as sw
from support import FAILING_OPERATOR, READINGS_SCHEMA, WINDOW_SUM, StreamInput, readings


def main(scratch: Path) -> None:
    builder = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
    )
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    rows = readings(["a", "b"], 6)
    failing = sw.run_operator(
        spark.createDataFrame(rows, READINGS_SCHEMA),
        FAILING_OPERATOR,
        window="tumbling, count(4)",
        params={"failAt": 3},
        output_schema="key string",
    )
    try:
        failing.collect()
    except sw.OperatorError as error:
        print(f"caught: {str(error).splitlines()[0]}", flush=True)

    source = StreamInput(scratch)
    source.write(rows)
    query = (
        sw.run_operator(
            spark.readStream.schema(READINGS_SCHEMA).json(str(source.directory)),
            WINDOW_SUM,
            window="partitioned, sliding, time(30), count(1)",
            partition_by="key",
            order_by="seq",
            params={"attr": "cost"},
            output_schema="key string, total double",
        )
        .writeStream.format("json")
        .option("path", str(scratch / "out"))
        .option("checkpointLocation", str(scratch / "checkpoint"))
        .start()
    )
    # The default trigger: with a time window, micro-batches follow each other without a pause,
    # so stop() lands in one.
    deadline = time.monotonic() + 120
    while len(query.recentProgress) < 4:
        if time.monotonic() > deadline or query.exception() is not None:
            raise RuntimeError(f"the query made no progress: {query.exception()}")
        query.awaitTermination(0.2)
    query.stop()
    print(json.dumps({"batches_before_stop": len(query.recentProgress)}), flush=True)
    spark.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
