"""parse_window(): an SPL window clause read by the one parser streams-window has (in Java)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from streams_window import _jvm
from streams_window.errors import _calling_java

if TYPE_CHECKING:
    from pyspark.sql import SparkSession


class WindowType(enum.Enum):
    """Whether a window empties itself when full (TUMBLING) or slides over its tuples (SLIDING)."""

    TUMBLING = "TUMBLING"
    SLIDING = "SLIDING"


@dataclass(frozen=True)
class WindowClause:
    """The parts of an SPL window clause, as :func:`parse_window` reads them.

    Attributes:
        clause: the clause in normal form, e.g. ``"partitioned, sliding, count(3), count(1)"``
            (defaults made explicit; ``partitioned`` first).
        type: :attr:`WindowType.TUMBLING` or :attr:`WindowType.SLIDING`.
        eviction: the eviction policy, e.g. ``"count(3)"``, ``"time(1.5)"``,
            ``"delta(ts, 10.0)"``, ``"punct()"``.
        trigger: a sliding window's trigger policy, e.g. ``"count(1)"``; ``None`` for tumbling.
        partitioned: whether the window is partitioned.
        partition_eviction: the partition eviction policy, e.g. ``"partitionAge(60.0)"``, or
            ``None``.

    Example::

        clause = sw.parse_window("sliding, time(300), time(1), partitioned")
        assert clause.type is sw.WindowType.SLIDING and clause.trigger == "time(1.0)"
    """

    clause: str
    type: WindowType
    eviction: str
    trigger: str | None
    partitioned: bool
    partition_eviction: str | None

    def __str__(self) -> str:
        return self.clause


def parse_window(clause: str, *, spark: SparkSession | None = None) -> WindowClause:
    """Read an SPL window clause with the parser ``run_operator`` uses, and return its parts.

    The parser is the JVM's, so this needs a running SparkSession with streams-window's jar:
    ``spark``, or else the active session (build it with :func:`streams_window.configure`).
    A clause reads ``[partitioned,] tumbling, <eviction>`` or
    ``[partitioned,] sliding, <eviction>[, <trigger>]``, optionally followed by
    ``partitioned`` and a partition eviction (``partitionAge(s)``, ``partitionCount(n)``,
    ``tupleCount(n)``); a policy is ``count(n)``, ``time(seconds)``,
    ``delta(attribute, value)`` or, for tumbling windows, ``punct()``.

    Args:
        clause: the window clause, e.g. ``"partitioned, tumbling, count(4)"``.
        spark: the session whose JVM parses it; the active session when omitted.

    Returns:
        The clause's parts, as a frozen :class:`WindowClause`.

    Raises:
        TypeError: ``clause`` is not a string.
        streams_window.errors.WindowClauseError: the clause cannot be read; ``token`` and
            ``position`` say where.
        streams_window.errors.StreamsWindowError: there is no session, or it lacks the jar.

    Example::

        import streams_window as sw

        window = sw.parse_window("partitioned, tumbling, count(4)")
        print(window.type, window.eviction, window.partitioned)  # WindowType.TUMBLING count(4) True
    """
    if not isinstance(clause, str):
        raise TypeError(f"parse_window() takes the clause as a string; got {type(clause).__name__}")
    session = _jvm.active_session(spark, "parse_window")
    entry = _jvm.entry_class(session, "WindowedOperators")
    with _calling_java(f"parse_window({clause!r})"):
        parts = {str(key): str(value) for key, value in entry.parseWindow(clause).items()}
    return WindowClause(
        clause=parts["clause"],
        type=WindowType(parts["type"]),
        eviction=parts["eviction"],
        trigger=parts.get("trigger"),
        partitioned=parts["partitioned"] == "true",
        partition_eviction=parts.get("partitionEviction"),
    )
