"""Kills an executor JVM of a local-cluster master in the middle of a streaming micro-batch and
prints, as JSON, what the query's file sink then holds and what it should hold.

test_executor_loss.py runs this in a subprocess (a process holds one SparkContext). The executor
is one this process's driver JVM started (local-cluster runs the workers inside the driver and
they fork the executors), found under this process in /proc and killed by its PID with SIGKILL
while a stage is running; Spark retries its tasks on the other executor.
Usage: python executor_loss_job.py <scratch directory>
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import streams_window as sw

# The soak's reference of RunningTotals' rows, one implementation for both crash tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import soak  # noqa: E402

EXECUTORS = 2
SCHEMA = "key string, seq long, v double"
OUTPUT = "key string, seq long, window_no long, count long, total double, running double"
SIZE = 4
FILES = 4


def descendants(root: int) -> list[int]:
    """The processes under ``root``, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, stack = [], [root]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def executor_pids() -> list[int]:
    pids = []
    for pid in descendants(os.getpid()):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"CoarseGrainedExecutorBackend" in command:
            pids.append(pid)
    return sorted(pids)


def main(scratch: Path) -> dict[str, Any]:
    builder = (
        SparkSession.builder.master(f"local-cluster[{EXECUTORS},1,1024]")
        .appName("streams-window executor loss")
        .config("spark.executor.memory", "512m")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.warehouse.dir", str(scratch / "warehouse"))
    )
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    try:
        return run(spark, scratch)
    finally:
        spark.stop()


def run(spark: SparkSession, scratch: Path) -> dict[str, Any]:
    context = spark.sparkContext._jsc.sc()
    deadline = time.monotonic() + 90
    while context.getExecutorMemoryStatus().size() < EXECUTORS + 1:
        if time.monotonic() > deadline:
            raise TimeoutError("the local-cluster executors did not register within 90 s")
        time.sleep(0.2)

    source = scratch / "input"
    source.mkdir()
    rows = []
    for index in range(FILES):
        part = [(f"k{(index * 7 + i) % 6}", index * 100 + i, float(i % 9)) for i in range(100)]
        rows += part
        path = source / f"part-{index:03d}.json"
        path.write_text("".join(json.dumps(dict(key=k, seq=s, v=v)) + "\n" for k, s, v in part))
        os.utime(path, (1_000_000 + index, 1_000_000 + index))

    stream = spark.readStream.schema(SCHEMA).option("maxFilesPerTrigger", 1).json(str(source))
    # Each row waits 10 ms before the operator gets it, so that a micro-batch lasts long enough
    # to be killed in; the pause column reaches the operator, which ignores it.
    slow = stream.withColumn(
        "pause", F.expr("reflect('java.lang.Thread', 'sleep', cast(10 as bigint))")
    )
    totals = sw.run_operator(
        slow,
        "io.streamswindow.examples.RunningTotals",
        window=f"partitioned, tumbling, count({SIZE})",
        partition_by="key",
        order_by="seq",
        params={"attr": "v"},
        output_schema=OUTPUT,
    )
    output = scratch / "output"
    query = (
        totals.writeStream.format("json")
        .option("path", str(output))
        .option("checkpointLocation", str(scratch / "checkpoint"))
        .start()
    )
    tracker = spark.sparkContext.statusTracker()
    before = executor_pids()
    killed = None
    stages_at_kill: list[int] = []
    deadline = time.monotonic() + 120
    # The first micro-batch done, then the next one's stage running: kill an executor in it.
    while query.lastProgress is None and time.monotonic() < deadline:
        time.sleep(0.1)
    while killed is None and time.monotonic() < deadline:
        stages_at_kill = list(tracker.getActiveStageIds())
        if stages_at_kill:
            time.sleep(0.3)  # into the stage's tasks
            killed = before[0]
            os.kill(killed, signal.SIGKILL)
        else:
            time.sleep(0.05)
    batch_at_kill = query.lastProgress["batchId"] if query.lastProgress else None
    query.processAllAvailable()
    query.stop()
    written = spark.read.schema(OUTPUT).json(str(output)).collect()
    return dict(
        executors_before=len(before),
        killed=killed is not None and killed not in executor_pids(),
        stages_at_kill=len(stages_at_kill),
        batch_at_kill=batch_at_kill,
        batches=query.lastProgress["batchId"] + 1 if query.lastProgress else 0,
        actual=sorted([list(r) for r in written]),
        expected=soak.expected(rows, SIZE),
    )


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
