"""Kills the Spark driver of a streaming query with SIGKILL at random moments, restarts it from
its checkpoint each time, and checks that the file sink ends up with exactly the rows a run
without failures gives: nothing lost, nothing duplicated (docs/reliability.md).

The input (files of rows for many keys, values chosen so every sum is exact) is written before
the first start; each life of the driver (scripts/soak_job.py, a process group of Python and
its JVM) runs micro-batches of one file each until it is killed, at a random moment between
--min-life and --max-life seconds after its query started, which lands in the middle of a
micro-batch, its commit, or between two; the report counts the kills that found a micro-batch
planned and not committed. After the kills, one last life runs to the end and reads the sink
through its metadata log; the rows are compared with RunningTotals' results computed here in
Python (per key, in seq order, windows of 5: window number, count, sum, running total).

Usage: soak.py [--kills N] [--files F] [--rows-per-file R] [--keys K] [--seed S]
               [--min-life SECONDS] [--max-life SECONDS] [--time-limit SECONDS] [--work DIR]
Prints one JSON line: kills survived, rows compared, seconds taken. Exits 1 on a mismatch.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WINDOW_SIZE = 5


def write_input(root: Path, files: int, rows_per_file: int, keys: int, rng: random.Random) -> list:
    directory = root / "input"
    directory.mkdir(parents=True)
    rows = []
    seq = 0
    base = time.time() - 10 * files
    for index in range(files):
        lines = []
        for _ in range(rows_per_file):
            row = (f"k{rng.randrange(keys):03d}", seq, rng.randint(0, 400) / 4)
            rows.append(row)
            lines.append(json.dumps(dict(key=row[0], seq=row[1], v=row[2])))
            seq += 1
        path = directory / f"part-{index:05d}.json"
        path.write_text("\n".join(lines) + "\n")
        # The file source takes files in modification-time order.
        os.utime(path, (base + index, base + index))
    return rows


def expected(rows: list, size: int = WINDOW_SIZE) -> list:
    """RunningTotals' rows for ``rows`` (key, seq, value) on ``tumbling, count(size)`` windows
    partitioned by key, computed here in plain Python: the reference the sink must equal."""
    by_key: dict[str, list] = {}
    for row in sorted(rows, key=lambda r: r[1]):
        by_key.setdefault(row[0], []).append(row)
    result = []
    for key, group in by_key.items():
        running = 0.0
        for n, start in enumerate(range(0, len(group) - size + 1, size), 1):
            window = group[start : start + size]
            total = sum(r[2] for r in window)
            running += total
            result.append([key, window[-1][1], n, size, total, running])
    return sorted(result)


def batches(root: Path) -> tuple[int, int]:
    """The micro-batches the checkpoint has planned (offsets) and committed (commits)."""

    def count(name: str) -> int:
        directory = root / "checkpoint" / name
        if not directory.exists():
            return 0
        return sum(1 for path in directory.iterdir() if path.name.isdigit())

    return count("offsets"), count("commits")


def start(root: Path, log: Any, *extra: str) -> subprocess.Popen:
    # A session of its own: the kill reaches the Python driver and the JVM it started, and
    # nothing else on the machine.
    return subprocess.Popen(
        [sys.executable, str(HERE / "soak_job.py"), str(root), *extra],
        stdout=log,
        stderr=log,
        start_new_session=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--files", type=int, default=150)
    parser.add_argument("--rows-per-file", type=int, default=1000)
    parser.add_argument("--keys", type=int, default=50)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--min-life", type=float, default=0.0)
    parser.add_argument("--max-life", type=float, default=8.0)
    parser.add_argument("--time-limit", type=float, default=1800.0)
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()

    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    work = args.work or Path(tempfile.mkdtemp(prefix="streams-window-soak-"))
    root = work / "run"
    if root.exists():
        shutil.rmtree(root)
    rows = write_input(root, args.files, args.rows_per_file, args.keys, rng)
    began = time.monotonic()
    current: list[subprocess.Popen | None] = [None]

    def stop(signum: int, frame: object) -> None:
        # Stopping the soak stops the driver it started, and nothing else.
        job = current[0]
        if job is not None and job.poll() is None:
            os.killpg(job.pid, signal.SIGKILL)
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    kills = 0
    exits = 0
    mid_batch = 0
    progress: list[int] = []
    with (work / "driver.log").open("w") as log:
        while kills < args.kills:
            if time.monotonic() - began > args.time_limit:
                print(f"time limit reached after {kills} kills", file=sys.stderr)
                break
            job = start(root, log)
            current[0] = job
            marker = root / f"started-{job.pid}"
            # The JVM's start-up on a busy machine takes long and varies: kills are timed from
            # the query's start. Half of them come within --max-life seconds of it, mostly in
            # the first micro-batch of the life (which reruns the one a kill cut short); the
            # other half wait for that life's first commit, then come up to --max-life / 2
            # seconds later, in the next micro-batch or its commit, so the query moves on.
            while not marker.exists() and job.poll() is None:
                time.sleep(0.1)
            after_commit = rng.random() < 0.5
            if after_commit:
                committed_before = batches(root)[1]
                while batches(root)[1] == committed_before and job.poll() is None:
                    time.sleep(0.05)
                life = rng.uniform(0, args.max_life / 2)
            else:
                life = rng.uniform(args.min_life, args.max_life)
            try:
                job.wait(timeout=life)
                exits += 1  # it finished every file before its kill: the input is used up
                if job.returncode != 0:
                    print(f"the driver failed (exit {job.returncode}); see {work}/driver.log")
                    return 1
                break
            except subprocess.TimeoutExpired:
                os.killpg(job.pid, signal.SIGKILL)
                job.wait()
                kills += 1
                planned, committed = batches(root)
                if planned > committed:
                    mid_batch += 1  # a micro-batch was planned and not yet committed
                progress.append(committed)
        result = work / "sink.json"
        job = start(root, log, "--read-sink", str(result))
        current[0] = job
        if job.wait(timeout=max(60.0, args.time_limit)) != 0:
            print(f"the last driver failed; see {work}/driver.log")
            return 1
    actual = sorted(json.loads(result.read_text()))
    wanted = expected(rows)
    report = dict(
        kills_survived=kills,
        kills_mid_batch=mid_batch,
        committed_at_kills=progress,
        rows_compared=len(wanted),
        input_rows=len(rows),
        seed=seed,
        seconds=round(time.monotonic() - began, 1),
        equal=actual == wanted,
    )
    if actual != wanted:
        missing = [r for r in wanted if r not in actual][:5]
        extra = [r for r in actual if r not in wanted][:5]
        report.update(actual_rows=len(actual), missing=missing, extra=extra, work=str(work))
    print(json.dumps(report))
    if args.work is None and actual == wanted:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if actual == wanted else 1


if __name__ == "__main__":
    sys.exit(main())
