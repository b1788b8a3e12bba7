"""A local Kafka broker for tests, and Kafka's own tools to write and read its topics.

``KafkaBroker`` starts and stops a broker through ``scripts/kafka`` (which fetches its pinned
jars from Maven Central on first use, tools/kafka/pom.xml) in a directory of its own, on a free
port. ``KafkaClient`` writes and reads topics through Kafka's own Java client from the broker's
jars, kept running in a JVM of its own (tools/kafka/KafkaStdioClient.java): no Python Kafka
client, and nothing in common with Spark's connector, so that a test reads what Spark wrote
independently.
``connector_jars`` gives the jars of Spark's Kafka connector for the running pyspark's line.

conftest.py's ``kafka_broker`` fixture starts one broker for the whole test run.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import socket
import subprocess
import tempfile
import threading
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "kafka"
BROKER_JARS = ROOT / "tools" / "kafka" / "target" / "broker"
TOOLS_LOGGING = ROOT / "tools" / "kafka" / "tools-log4j.properties"
# The Kafka client that KafkaClient keeps running, run from its source with the broker's jars.
STDIO_CLIENT = ROOT / "tools" / "kafka" / "KafkaStdioClient.java"


class KafkaError(RuntimeError):
    """scripts/kafka or one of Kafka's tools failed; the message ends with what it printed."""


@dataclass(frozen=True)
class Record:
    """A record read back from a topic; ``key`` is None for a record without a key."""

    partition: int
    offset: int
    key: str | None
    value: str


def java_command() -> str | None:
    """The java that scripts/kafka runs too: $JAVA, java on PATH, else $JAVA_HOME/bin/java."""
    if os.environ.get("JAVA"):
        return os.environ["JAVA"]
    on_path = shutil.which("java")
    if on_path:
        return on_path
    home = os.environ.get("JAVA_HOME")
    if home and (Path(home) / "bin" / "java").exists():
        return str(Path(home) / "bin" / "java")
    return None


def spark_line(pyspark_version: str) -> str:
    """The Spark line (scripts/lib/common.sh's SPARK_LINES) of a pyspark version: "4.2.0" is
    on "4.2"."""
    return ".".join(pyspark_version.split(".")[:2])


def connector_jars(line: str) -> list[str]:
    """The jars of Spark's Kafka connector for a Spark line (``scripts/kafka jars``), fetched on
    first use: for ``spark.jars``, beside streams-window's."""
    return _script("jars", "--spark-line", line).strip().split(",")


def free_port() -> int:
    """A port P of 127.0.0.1 that is free, as is P + 1 (the broker's controller takes it)."""
    for _ in range(20):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port < 65535 and _free(port + 1):
            return port
    raise KafkaError("found no two free neighbouring ports on 127.0.0.1")


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _script(*arguments: str, timeout: float = 300) -> str:
    """Runs scripts/kafka; its stdout, or a KafkaError with its stderr."""
    try:
        done = subprocess.run(
            ["bash", str(SCRIPT), *arguments],
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as expired:
        raise KafkaError(
            f"scripts/kafka {' '.join(arguments)} took over {timeout:.0f} s"
        ) from expired
    if done.returncode != 0:
        raise KafkaError(
            f"scripts/kafka {' '.join(arguments)} failed (exit {done.returncode}):\n"
            + (done.stderr.strip() or done.stdout.strip())
        )
    return done.stdout


class KafkaClient:
    """Writes and reads the topics of one broker (``bootstrap``: "host:port") through one Kafka
    client kept running in a JVM of its own (tools/kafka/KafkaStdioClient.java, started at the
    first call and ended with this process or ``close``): a call costs milliseconds, where each
    of Kafka's console tools started a JVM, about a second. The broker's jars must have been
    fetched (``KafkaBroker.start`` or ``scripts/kafka fetch`` does)."""

    def __init__(self, bootstrap: str) -> None:
        self.bootstrap = bootstrap
        self._process: subprocess.Popen[str] | None = None
        self._errors: IO[str] | None = None
        self._lock = threading.Lock()

    def _call(self, request: dict[str, Any], timeout: float = 120) -> Any:
        """Sends one request to the client's JVM; its answer, or a KafkaError naming what failed."""
        with self._lock:
            process = self._started()
            assert process.stdin is not None and process.stdout is not None
            try:
                process.stdin.write(json.dumps(request) + "\n")
                process.stdin.flush()
            except OSError as gone:
                raise KafkaError(f"the Kafka client's JVM ended:\n{self._stderr()}") from gone
            ready, _, _ = select.select([process.stdout], [], [], timeout)
            line = process.stdout.readline() if ready else ""
            if not ready:
                self._end()
                raise KafkaError(f"{request['op']} of {request['topic']} took over {timeout:.0f} s")
            if not line:
                raise KafkaError(f"the Kafka client's JVM ended:\n{self._stderr()}")
        answer = json.loads(line)
        if "error" in answer:
            raise KafkaError(f"{request['op']} of {request['topic']} failed: {answer['error']}")
        return answer["ok"]

    def _started(self) -> subprocess.Popen[str]:
        if self._process is None or self._process.poll() is not None:
            java = java_command()
            if java is None:
                raise KafkaError("java not found (set JAVA_HOME or put java on PATH)")
            self._errors = tempfile.TemporaryFile("w+")
            self._process = subprocess.Popen(
                [
                    java,
                    f"-Dlog4j.configuration=file:{TOOLS_LOGGING}",
                    "-cp",
                    f"{BROKER_JARS}/*",
                    str(STDIO_CLIENT),
                    self.bootstrap,
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._errors,
                text=True,
            )
            weakref.finalize(self, KafkaClient._end_process, self._process)
        return self._process

    def _stderr(self) -> str:
        if self._errors is None:
            return ""
        self._errors.seek(0)
        return self._errors.read().strip()

    @staticmethod
    def _end_process(process: subprocess.Popen[str]) -> None:
        """Ends the client's JVM: its standard input closes, and it stops when it has read it."""
        if process.poll() is None:
            try:
                if process.stdin is not None:
                    process.stdin.close()
                process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()

    def _end(self) -> None:
        if self._process is not None:
            KafkaClient._end_process(self._process)
            self._process = None

    def close(self) -> None:
        """Ends the client's JVM; a later call starts another."""
        with self._lock:
            self._end()

    def create_topic(self, topic: str, partitions: int = 2) -> None:
        """Creates ``topic`` (replication factor 1: the local broker is alone)."""
        self._call({"op": "create", "topic": topic, "partitions": partitions})

    def produce(self, topic: str, records: Iterable[tuple[str | None, str]]) -> int:
        """Writes (key, value) records to ``topic`` in order, acknowledged by the broker
        (acks=all) before this returns; records with the same key land in the same partition,
        in order. Either every key is None or none is. Returns how many were written."""
        given = [[key, value] for key, value in records]
        if len({key is None for key, _ in given}) > 1:
            raise ValueError("either every record has a key or none has")
        if not given:
            return 0
        return int(self._call({"op": "produce", "topic": topic, "records": given}))

    def end_offsets(self, topic: str) -> dict[int, int]:
        """Each partition's end offset: how many records it holds (nothing is deleted here)."""
        answer = self._call({"op": "offsets", "topic": topic})
        return {int(partition): int(offset) for partition, offset in answer.items()}

    def consume(self, topic: str, timeout: float = 60) -> list[Record]:
        """Every record of ``topic``, from the start of each partition to its end offset now,
        in (partition, offset) order."""
        answer = self._call(
            {"op": "consume", "topic": topic, "timeout_ms": int(timeout * 1000)},
            timeout=timeout + 30,
        )
        return [
            Record(partition=partition, offset=offset, key=key, value=value)
            for partition, offset, key, value in answer
        ]


class KafkaBroker(KafkaClient):
    """A local Kafka broker in ``directory`` (``scripts/kafka start``), on 127.0.0.1 and a free
    port unless ``port`` is given; new topics get ``partitions`` partitions. A context manager:
    ``with KafkaBroker(tmp) as broker: ...`` starts it, and stops it at the end."""

    def __init__(self, directory: Path, port: int | None = None, partitions: int = 2) -> None:
        self.directory = Path(directory)
        self.port = port
        self.partitions = partitions
        super().__init__("")

    def start(self) -> KafkaBroker:
        # A port found free can be taken before the broker binds it: one more try on another.
        for attempt in range(3):
            port = self.port or free_port()
            try:
                _script(
                    "start", "--dir", str(self.directory), "--port", str(port),
                    "--partitions", str(self.partitions),
                )  # fmt: skip
            except KafkaError as error:
                if self.port is None and attempt < 2 and "is taken" in str(error):
                    continue
                raise
            self.port = port
            self.bootstrap = f"127.0.0.1:{port}"
            return self
        raise AssertionError("unreachable")

    def attach(self) -> KafkaBroker:
        """Uses the broker that ``scripts/kafka start`` runs already in ``directory`` on
        ``port`` (scripts/test starts one for all its pytest runs), instead of starting one."""
        if self.port is None:
            raise KafkaError("attach needs the running broker's port")
        with socket.socket() as probe:
            try:
                probe.connect(("127.0.0.1", self.port))
            except OSError as error:
                raise KafkaError(
                    f"no Kafka broker answers on 127.0.0.1:{self.port} ({self.directory}): {error}"
                ) from error
        self.bootstrap = f"127.0.0.1:{self.port}"
        return self

    def stop(self) -> None:
        self.close()
        _script("stop", "--dir", str(self.directory))

    @property
    def log(self) -> Path:
        """The broker's log file."""
        return self.directory / "server.log"

    def __enter__(self) -> KafkaBroker:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
