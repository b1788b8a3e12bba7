"""A local Kafka broker for tests, and Kafka's own tools to write and read its topics.

``KafkaBroker`` starts and stops a broker through ``scripts/kafka`` (which fetches its pinned
jars from Maven Central on first use, tools/kafka/pom.xml) in a directory of its own, on a free
port. ``KafkaClient`` writes and reads topics with the console producer and consumer that come
with the broker's jars (``java -cp tools/kafka/target/broker/*``): no Python Kafka client, and
nothing in common with Spark's connector, so that a test reads what Spark wrote independently.
``connector_jars`` gives the jars of Spark's Kafka connector for the running pyspark's line.

conftest.py's ``kafka_broker`` fixture starts one broker for the whole test run.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "kafka"
BROKER_JARS = ROOT / "tools" / "kafka" / "target" / "broker"
TOOLS_LOGGING = ROOT / "tools" / "kafka" / "tools-log4j.properties"

# Kafka's console tools, in the jars of Kafka 3.9 (the producer is still in the broker's jar).
CONSOLE_PRODUCER = "kafka.tools.ConsoleProducer"
CONSOLE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleConsumer"
GET_OFFSETS = "org.apache.kafka.tools.GetOffsetShell"
TOPICS = "org.apache.kafka.tools.TopicCommand"

# What separates a record's key from its value in the console tools' lines.
SEPARATOR = "\t"


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
    """Kafka's console tools against one broker (``bootstrap``: "host:port"). Each call starts a
    JVM (about a second); the broker's jars must have been fetched (``KafkaBroker.start`` or
    ``scripts/kafka fetch`` does)."""

    def __init__(self, bootstrap: str) -> None:
        self.bootstrap = bootstrap

    def _tool(
        self, main: str, *arguments: str, stdin: str | None = None, timeout: float = 120
    ) -> str:
        java = java_command()
        if java is None:
            raise KafkaError("java not found (set JAVA_HOME or put java on PATH)")
        command = [
            java,
            f"-Dlog4j.configuration=file:{TOOLS_LOGGING}",
            "-cp",
            f"{BROKER_JARS}/*",
            main,
            "--bootstrap-server",
            self.bootstrap,
            *arguments,
        ]
        try:
            done = subprocess.run(
                command,
                input=stdin,
                stdin=None if stdin is not None else subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired as expired:
            raise KafkaError(f"{main} took over {timeout:.0f} s") from expired
        if done.returncode != 0:
            raise KafkaError(f"{main} failed (exit {done.returncode}):\n{done.stderr.strip()}")
        return done.stdout

    def create_topic(self, topic: str, partitions: int = 2) -> None:
        """Creates ``topic`` (replication factor 1: the local broker is alone)."""
        self._tool(
            TOPICS, "--create", "--topic", topic, "--partitions", str(partitions),
            "--replication-factor", "1",
        )  # fmt: skip

    def produce(self, topic: str, records: Iterable[tuple[str | None, str]]) -> int:
        """Writes (key, value) records to ``topic`` in order, acknowledged by the broker
        (acks=all) before this returns; records with the same key land in the same partition,
        in order. Either every key is None or none is. Returns how many were written."""
        lines: list[str] = []
        keyed: set[bool] = set()
        for key, value in records:
            for text in (key, value):
                if text is not None and ("\n" in text or SEPARATOR in text):
                    raise ValueError(f"a key or value holds a tab or a newline: {text!r}")
            keyed.add(key is not None)
            lines.append(value if key is None else f"{key}{SEPARATOR}{value}")
        if len(keyed) > 1:
            raise ValueError("either every record has a key or none has")
        if not lines:
            return 0
        self._tool(
            CONSOLE_PRODUCER, "--topic", topic,
            "--producer-property", "acks=all",
            "--property", f"parse.key={'true' if True in keyed else 'false'}",
            "--property", f"key.separator={SEPARATOR}",
            stdin="\n".join(lines) + "\n",
        )  # fmt: skip
        return len(lines)

    def end_offsets(self, topic: str) -> dict[int, int]:
        """Each partition's end offset: how many records it holds (nothing is deleted here)."""
        offsets: dict[int, int] = {}
        for line in self._tool(GET_OFFSETS, "--topic", topic, "--time", "-1").split():
            name, partition, offset = line.rsplit(":", 2)
            if name == topic:
                offsets[int(partition)] = int(offset)
        return offsets

    def consume(self, topic: str, timeout: float = 60) -> list[Record]:
        """Every record of ``topic``, from the start of each partition to its end offset now,
        in (partition, offset) order."""
        total = sum(self.end_offsets(topic).values())
        if total == 0:
            return []
        out = self._tool(
            CONSOLE_CONSUMER, "--topic", topic, "--from-beginning",
            "--max-messages", str(total), "--timeout-ms", str(int(timeout * 1000)),
            "--property", "print.partition=true", "--property", "print.offset=true",
            "--property", "print.key=true", "--property", f"key.separator={SEPARATOR}",
            timeout=timeout + 30,
        )  # fmt: skip
        records = []
        for line in out.splitlines():
            if not line.startswith("Partition:"):
                continue
            partition, offset, key, value = line.split(SEPARATOR, 3)
            records.append(
                Record(
                    partition=int(partition.removeprefix("Partition:")),
                    offset=int(offset.removeprefix("Offset:")),
                    key=None if key == "null" else key,
                    value=value,
                )
            )
        if len(records) != total:
            raise KafkaError(f"read {len(records)} records of {topic}, expected {total}")
        return sorted(records, key=lambda r: (r.partition, r.offset))


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
