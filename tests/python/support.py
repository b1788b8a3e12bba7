"""Test data, expectations computed independently in Python, and stream input files.

The expectations here restate the semantics of the example operators over IBM Streams windows
(count-based tumbling and sliding windows, SPL's "no flush on final marker") in a few lines of
plain Python, so that a test compares the Spark run with both the Java reference run and this.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import zipfile
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

WINDOW_SUM = "io.streamswindow.examples.WindowSum"
INCREMENTAL_AVERAGE = "io.streamswindow.examples.IncrementalAverage"
FAILING_OPERATOR = "io.streamswindow.examples.FailingOperator"

READINGS_SCHEMA = "key string, seq long, cost double"
SUMS_SCHEMA = "key string, seq long, total double, count long"

Reading = tuple[str, int, float]


def readings(keys: Sequence[str], per_key: int, *, first_seq: int = 0) -> list[Reading]:
    """Rows (key, seq, cost) in seq order; seq is unique across keys, costs are exact doubles.

    Keys take turns unevenly (a key's share varies) so that windows of different keys close at
    different places in the stream; costs are multiples of 0.25, so sums are exact in any order.
    """
    rng = random.Random(per_key * 31 + len(keys))
    rows: list[Reading] = []
    remaining = {key: per_key for key in keys}
    seq = first_seq
    while any(remaining.values()):
        key = rng.choice([k for k in keys if remaining[k]])
        remaining[key] -= 1
        rows.append((key, seq, rng.randint(0, 400) / 4))
        seq += 1
    return rows


def shuffled(rows: Iterable[Any], seed: int = 7) -> list[Any]:
    """The rows in a fixed pseudo-random order."""
    result = list(rows)
    random.Random(seed).shuffle(result)
    return result


def by_key_in_order(rows: Iterable[Reading], *, sort: bool = True) -> dict[str, list[Reading]]:
    """Each key's rows, in seq order (or in the order given, with ``sort=False``)."""
    groups: dict[str, list[Reading]] = defaultdict(list)
    for row in sorted(rows, key=lambda r: r[1]) if sort else rows:
        groups[row[0]].append(row)
    return groups


def tumbling_sums(
    rows: Iterable[Reading], size: int, *, sort: bool = True
) -> list[tuple[Any, ...]]:
    """WindowSum over ``partitioned, tumbling, count(size)``: (key, last seq, sum, count) per
    full window of each key. A partial last window gives nothing: a final marker does not flush
    a window in SPL."""
    sums = []
    for key, group in by_key_in_order(rows, sort=sort).items():
        for start in range(0, len(group) - size + 1, size):
            window = group[start : start + size]
            sums.append((key, window[-1][1], sum(row[2] for row in window), size))
    return sorted(sums)


def sliding_averages(rows: Iterable[Reading], size: int) -> list[tuple[Any, ...]]:
    """IncrementalAverage over ``partitioned, sliding, count(size)`` (trigger count(1)): from
    the tuple that first fills a key's window on, (key, seq, cost, average, count) of the last
    ``size`` tuples."""
    averages = []
    for key, group in by_key_in_order(rows).items():
        for end in range(size, len(group) + 1):
            window = group[end - size : end]
            last = window[-1]
            averages.append((key, last[1], last[2], sum(r[2] for r in window) / size, size))
    return sorted(averages)


def plain(rows: Iterable[Any]) -> list[tuple[Any, ...]]:
    """Spark Rows as sorted plain tuples, for comparing results whatever their order."""
    return sorted(tuple(row) for row in rows)


def drain_to_json(result: Any, root: Path) -> list[tuple[Any, ...]]:
    """Runs the streaming DataFrame ``result`` until its input is used up, into JSON files under
    ``root / "output"`` with its checkpoint at ``root / "checkpoint"`` (so a second call restarts
    from it), then stops it; returns everything the sink holds, read back with ``result``'s
    schema, as :func:`plain` rows."""
    query = (
        result.writeStream.format("json")
        .option("path", str(root / "output"))
        .option("checkpointLocation", str(root / "checkpoint"))
        .start()
    )
    try:
        query.processAllAvailable()
    finally:
        query.stop()
    spark = result.sparkSession
    return plain(spark.read.schema(result.schema).json(str(root / "output")).collect())


class StreamInput:
    """A directory a file stream reads, filled one JSON-lines file at a time.

    Each file is written beside the directory and renamed into it (a rename is atomic, so the
    stream never sees half a file); modification times increase by a second per file, because
    Spark's file source takes new files in modification-time order and files written within
    the same clock tick would otherwise tie.
    """

    def __init__(self, root: Path) -> None:
        self.directory = root / "input"
        self.directory.mkdir(parents=True)
        self._staging = root / "staging"
        self._staging.mkdir()
        self._count = 0
        self._first_mtime = int(os.path.getmtime(self.directory)) - 1000

    def write(self, rows: Iterable[Reading]) -> Path:
        index = self._count
        self._count += 1
        staged = self._staging / f"part-{index:04d}.json"
        with staged.open("w") as out:
            for key, seq, cost in rows:
                out.write(json.dumps({"key": key, "seq": seq, "cost": cost}) + "\n")
        mtime = self._first_mtime + index
        os.utime(staged, (mtime, mtime))
        target = self.directory / staged.name
        os.replace(staged, target)
        return target


def run_script(
    script: Path,
    *arguments: str,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 240,
) -> subprocess.CompletedProcess[str]:
    """Runs a test's Python script in its own process (a process holds one SparkContext, and the
    shared session's is taken); ``tests/python`` is on its path, so it can import ``support``.
    Fails the test with the script's stderr when it runs over ``timeout`` seconds or fails."""
    import pytest

    environment = dict(os.environ if env is None else env)
    here = str(Path(__file__).resolve().parent)
    environment["PYTHONPATH"] = os.pathsep.join(
        [here] + ([environment["PYTHONPATH"]] if environment.get("PYTHONPATH") else [])
    )
    try:
        job = subprocess.run(
            [sys.executable, str(script), *arguments],
            env=environment,
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as expired:
        pytest.fail(f"{script.name} took over {timeout:.0f} s; its stderr:\n{expired.stderr}")
    assert job.returncode == 0, f"{script.name} failed:\n{job.stderr[-5000:]}"
    return job


def last_json_line(job: subprocess.CompletedProcess[str]) -> Any:
    """What a script printed last, as JSON (Spark may print before it)."""
    return json.loads(job.stdout.strip().splitlines()[-1])


# ---- an application's bundle (docs/porting.md, "Class libraries and directories")

RESOURCE_LABEL = "io.streamswindow.examples.ResourceLabel"
RESOURCE_LABEL_OUTPUT = "key string, seq long, cost double, label string, greeting string"
BUNDLE_LABEL = "labelled from the application bundle"
BUNDLE_GREETING = "hello from the toolkit"


def greeting_jar(into: Path) -> Path:
    """A jar with one class, ``greet.Hello``, that no classpath of a session holds."""
    sources = into / "src" / "greet"
    sources.mkdir(parents=True)
    (sources / "Hello.java").write_text(
        "package greet; public class Hello {"
        f' public String toString() {{ return "{BUNDLE_GREETING}"; }} }}'
    )
    javac = Path(os.environ["JAVA_HOME"]) / "bin" / "javac" if "JAVA_HOME" in os.environ else None
    compiler = str(javac) if javac and javac.exists() else shutil.which("javac") or "javac"
    classes = into / "classes"
    subprocess.run([compiler, "-d", str(classes), str(sources / "Hello.java")], check=True)
    jar = into / "hello.jar"
    with zipfile.ZipFile(jar, "w") as out:
        out.write(classes / "greet" / "Hello.class", "greet/Hello.class")
    return jar


def application_bundle(into: Path, name: str) -> Path:
    """An application's bundle as a zip: ``etc/label.txt``, and ``toolkit/lib/hello.jar``."""
    jar = greeting_jar(into / "jar")
    archive = into / f"{name}.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("etc/label.txt", BUNDLE_LABEL + "\n")
        out.write(jar, "toolkit/lib/hello.jar")
    return archive


class ProgressDict(dict):  # type: ignore[type-arg]
    """A pyspark 3.5 progress (a plain dict) read through attributes too, as pyspark 4's."""

    def __getattr__(self, name: str) -> Any:
        return self[name]


def progresses(query: Any) -> list[Any]:
    """A streaming query's recent progress, each read through attributes (``p.numInputRows``)
    on every line: pyspark 3.5 gives plain dicts, pyspark 4 objects, and a Connect session's
    progress reads as a dict without some keys, so the attribute is the one way for all."""
    return [ProgressDict(p) if type(p) is dict else p for p in query.recentProgress]


def data_batches(query: Any) -> list[Any]:
    """The progress of the micro-batches that read rows (:func:`progresses`)."""
    return [p for p in progresses(query) if p.numInputRows > 0]


def metric_values(metrics: Any) -> dict[str, Any]:
    """One entry of a progress's ``observedMetrics`` as a dict: a Row on pyspark 4, a dict on
    3.5."""
    return dict(metrics) if isinstance(metrics, dict) else metrics.asDict()
