"""parse_window(): an SPL window clause read by the one parser streams-window has (in Java)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from streams_window import _connect, _jvm, _pyspark
from streams_window.errors import calling

if TYPE_CHECKING:
    from pyspark.sql import SparkSession


class WindowType(enum.Enum):
    """Whether a window empties itself when full (TUMBLING), slides over its tuples (SLIDING),
    or keeps panes over intervals of event time (TIME_INTERVAL)."""

    TUMBLING = "TUMBLING"
    SLIDING = "SLIDING"
    TIME_INTERVAL = "TIME_INTERVAL"


@dataclass(frozen=True)
class WindowClause:
    """The parts of an SPL window clause, as :func:`parse_window` reads them.

    Attributes:
        clause: the clause in normal form, e.g. ``"partitioned, sliding, count(3), count(1)"``
            (defaults made explicit; ``partitioned`` first).
        type: :attr:`WindowType.TUMBLING`, :attr:`WindowType.SLIDING` or
            :attr:`WindowType.TIME_INTERVAL`.
        eviction: the eviction policy, e.g. ``"count(3)"``, ``"time(1.5)"``,
            ``"delta(ts, 10.0)"``, ``"punct()"``; ``None`` for a timeInterval window.
        trigger: a sliding window's trigger policy, e.g. ``"count(1)"``; ``None`` for tumbling
            and timeInterval windows.
        partitioned: whether the window is partitioned.
        partition_eviction: the partition eviction policy, e.g. ``"partitionAge(60.0)"``, or
            ``None``.
        time_interval: a timeInterval window's options, those at their default left out, e.g.
            ``"intervalDuration(10.0), creationPeriod(5.0)"``; ``None`` for other windows.

    Example::

        clause = sw.parse_window("sliding, time(300), time(1), partitioned")
        assert clause.type is sw.WindowType.SLIDING and clause.trigger == "time(1.0)"
    """

    clause: str
    type: WindowType
    eviction: str | None
    trigger: str | None
    partitioned: bool
    partition_eviction: str | None
    time_interval: str | None = None

    def __str__(self) -> str:
        return self.clause


def parse_window(clause: str, *, spark: SparkSession | None = None) -> WindowClause:
    """Read an SPL window clause with the parser ``run_operator`` uses, and return its parts.

    The parser is the JVM's, so this needs a running SparkSession with streams-window's jar:
    ``spark``, or else the active session (build it with :func:`streams_window.configure`). On a
    Spark Connect session the server's parser reads it, through streams-window's relation plugin
    (docs/connect.md).
    A clause reads ``[partitioned,] tumbling, <eviction>`` or
    ``[partitioned,] sliding, <eviction>[, <trigger>]``, optionally followed by
    ``partitioned`` and a partition eviction (``partitionAge(s)``, ``partitionCount(n)``,
    ``tupleCount(n)``); a policy is ``count(n)``, ``time(seconds)``,
    ``delta(attribute, value)`` or, for tumbling windows, ``punct()``.

    Args:
        clause: the window clause, e.g. ``"partitioned, tumbling, count(4)"``.
        spark: the session whose JVM parses it, classic or Spark Connect; the active session
            when omitted.

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
    session = _pyspark.active_session(spark, "parse_window")
    with calling(f"parse_window({clause!r})"):
        if _pyspark.is_connect(session):
            parts = _connect.parse_window(clause, session)
        else:
            parts = _jvm.parse_window(clause, session)
    return WindowClause(
        clause=parts["clause"],
        type=WindowType(parts["type"]),
        eviction=parts.get("eviction"),
        trigger=parts.get("trigger"),
        partitioned=parts["partitioned"] == "true",
        partition_eviction=parts.get("partitionEviction"),
        time_interval=parts.get("timeInterval"),
    )
