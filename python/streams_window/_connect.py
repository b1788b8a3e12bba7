"""The facade on Spark Connect sessions: the same calls, sent to the server's relation plugin.

A Spark Connect client has no JVM, so ``run_operator``, ``aggregate`` and ``parse_window`` send
their (already checked) arguments as a :mod:`streams_window._connect_request` message in a
``Relation.extension``; the server's ``io.streamswindow.spark.connect.WindowRelationPlugin`` calls
the same Java entry points as the Py4J path and answers with the result's plan. The plan is
analyzed at once, so that a bad argument raises from the call, as on a classic session; the
server's exception becomes the same :mod:`streams_window.errors` class
(:mod:`streams_window._connect_errors`). docs/connect.md describes the setup.

Example::

    if _connect.is_connect(df):
        return _connect.run_operator(call, options)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from streams_window import _connect_errors, _connect_request
from streams_window.errors import StreamsWindowError

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

    from streams_window._operators import OperatorCall

#: The server setting that registers relation plugins, and our plugin's class.
RELATION_PLUGINS = "spark.connect.extensions.relation.classes"
PLUGIN_CLASS = "io.streamswindow.spark.connect.WindowRelationPlugin"


def is_connect(value: Any) -> bool:
    """Whether ``value`` is a Spark Connect DataFrame or SparkSession (without importing the
    Connect client, which needs packages a classic installation may lack)."""
    from pyspark.sql import DataFrame

    if not type(value).__module__.startswith("pyspark.sql.connect."):
        return False
    # A Connect DataFrame derives from PySpark's DataFrame; Connect's SparkSession from nothing.
    return isinstance(value, DataFrame) or type(value).__name__ == "SparkSession"


def run_operator(call: OperatorCall, options: Mapping[str, str]) -> DataFrame:
    """``run_operator`` on a Connect DataFrame: the Connect twin of the Py4J call."""
    from pyspark.sql.types import StructType

    schema = call.output_schema
    is_struct = isinstance(schema, StructType)
    return _send(
        call.df,
        lambda relation: _connect_request.run_operator_request(
            input_relation=relation,
            operator_class=call.operator_class,
            window=call.window,
            partition_by=call.partition_by,
            order_by=call.order_by,
            params=call.params,
            output_schema=None if is_struct else str(schema),
            output_schema_json=schema.json() if isinstance(schema, StructType) else None,
            options=options,
        ),
    )


def aggregate(
    df: DataFrame,
    *,
    window: str,
    partition_by: Sequence[str],
    order_by: Sequence[str],
    output: Sequence[str],
    group_by: Sequence[str],
    options: Mapping[str, str],
) -> DataFrame:
    """``aggregate`` on a Connect DataFrame (``output`` as assignments ``column=Function()``)."""
    return _send(
        df,
        lambda relation: _connect_request.aggregate_request(
            input_relation=relation,
            window=window,
            partition_by=partition_by,
            order_by=order_by,
            output=output,
            group_by=group_by,
            options=options,
        ),
    )


def parse_window(clause: str, session: Any) -> dict[str, str]:
    """The parts of ``clause`` as the server's parser reads them (the map of
    ``WindowedOperators.parseWindow``), from the one-row-per-part relation the plugin answers."""
    from pyspark.sql.connect.dataframe import DataFrame as ConnectDataFrame

    _connect_errors.install()
    plan = _request_plan(None, lambda _: _connect_request.parse_window_request(clause))
    with _connect_errors.calling_server(f"parse_window({clause!r})"):
        rows = ConnectDataFrame(plan, session).collect()
    return {row["part"]: row["value"] for row in rows}


def _send(df: DataFrame, encode: Callable[[bytes], bytes]) -> DataFrame:
    """A DataFrame whose plan is our request over ``df``'s plan, analyzed before it is returned."""
    from pyspark.sql.connect.dataframe import DataFrame as ConnectDataFrame

    _connect_errors.install()
    connect_df: Any = df  # a Connect DataFrame: its plan and session are Connect's
    result = ConnectDataFrame(_request_plan(connect_df._plan, encode), connect_df.sparkSession)
    # The server runs every check (and the operator's dry run) when it analyzes the plan: asking
    # for the schema raises a bad argument here, as the Py4J path does.
    with _connect_errors.calling_server("the streams-window request"):
        result.schema  # noqa: B018 - the analysis is the point
    return result


def _request_plan(child: Any, encode: Callable[[bytes], bytes]) -> Any:
    """A Connect plan node that sends ``encode(input relation bytes)`` as our ``Any``."""
    from pyspark.sql.connect.plan import LogicalPlan

    class WindowRequestPlan(LogicalPlan):
        """The plan node of a streams-window request; its child is the input DataFrame's plan."""

        def plan(self, session: Any) -> Any:
            relation = self._create_proto_relation()
            child_plan = self._child.plan(session).SerializeToString() if self._child else b""
            relation.extension.type_url = _connect_request.TYPE_URL
            relation.extension.value = encode(child_plan)
            return relation

    return WindowRequestPlan(child)


def no_plugin_error() -> StreamsWindowError:
    """The error for a Connect server without our plugin (or without our jar)."""
    return StreamsWindowError(
        "streams-window's relation plugin is not on this Spark Connect server. Start the server"
        f" with streams-window's jar in spark.jars and {RELATION_PLUGINS}={PLUGIN_CLASS}"
        " (streams_window.configure does both on a SparkSession.builder.remote('local[...]')"
        " builder); docs/connect.md says how on a cluster."
    )


def active_session() -> Any:
    """The active Spark Connect session when this process runs Spark Connect (PySpark's
    ``is_remote()``), else ``None``."""
    import sys

    if "pyspark.sql.connect.session" not in sys.modules:
        return None
    from pyspark.sql.connect.session import SparkSession as ConnectSession
    from pyspark.sql.utils import is_remote

    if not is_remote():
        return None
    return ConnectSession.getActiveSession() or ConnectSession._get_default_session()
