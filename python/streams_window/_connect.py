"""The Spark Connect transport: the facade's calls sent to the server's relation plugin, and the
reading of the Connect client's errors into :class:`~streams_window._classify.Link` objects.

A Spark Connect client has no JVM, so ``run_operator``, ``aggregate`` and ``parse_window`` send
their (already checked) arguments as a ``streams_window.connect.WindowRequest`` message
(:mod:`streams_window._connect_request`) in a ``Relation.extension``; the server's
``io.streamswindow.spark.connect.WindowRelationPlugin`` calls the same Java entry points as the
Py4J transport (``_jvm``) and answers with the result's plan.
The plan is analyzed at once, so that a bad argument raises from the call, as on a classic
session. The client receives a server's exception as data (class names, messages, conditions and
message parameters of its cause chain), which :func:`chain` reads into the same links the Py4J
transport reads from Java objects. docs/connect.md describes the setup.

Example::

    if _pyspark.is_connect(df):
        return _connect.run_operator(call)
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from streams_window import _connect_request, _pyspark, _spark_version
from streams_window._call import AggregateCall, JoinCall, OperatorCall, SortCall
from streams_window._classify import ANALYSIS_EXCEPTION, STREAMING_QUERY_EXCEPTION, Link
from streams_window._connect_request import (
    EXPRESSION_PLUGIN_CLASS,
    EXPRESSION_PLUGINS,
    PLUGIN_CLASS,
    RELATION_PLUGINS,
)
from streams_window._exceptions import StreamsWindowError

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

__all__ = [
    "EXPRESSION_PLUGIN_CLASS",
    "EXPRESSION_PLUGINS",
    "PLUGIN_CLASS",
    "RELATION_PLUGINS",
    "aggregate",
    "chain",
    "parse_window",
]


def run_operator(call: OperatorCall) -> DataFrame:
    """``run_operator`` on a Connect DataFrame: the Connect twin of the Py4J call, with the same
    arguments and options (the server reads them into the same request)."""
    from pyspark.sql.types import StructType

    schema = call.output_schema
    is_struct = isinstance(schema, StructType)

    def encode(*relations: bytes) -> bytes:
        messages = _messages()
        return _request(
            run_operator=messages.RunOperator(
                inputs=[
                    _input_port(messages, relation, window)
                    for relation, window in zip(relations, call.windows, strict=True)
                ],
                operator_class=call.operator_class,
                partition_by=call.partition_by,
                order_by=call.order_by,
                params=[
                    messages.Parameter(name=name, values=values)
                    for name, values in call.params.items()
                ],
                output_schema="" if is_struct else str(schema),
                output_schema_json=schema.json() if isinstance(schema, StructType) else "",
                options=call.options,
            )
        )

    return _send(call.df, encode, more=call.frames[1:])


def aggregate(call: AggregateCall) -> DataFrame:
    """``aggregate`` on a Connect DataFrame."""
    return _send(
        call.df,
        lambda relation: _request(
            aggregate=_messages().Aggregate(
                input=relation,
                window=call.window,
                partition_by=call.partition_by,
                order_by=call.order_by,
                output=call.output,
                group_by=call.group_by,
                options=call.options,
            )
        ),
    )


def join(call: JoinCall) -> DataFrame:
    """``join`` on Connect DataFrames: the right one travels as a second relation."""

    def encode(left: bytes, right: bytes) -> bytes:
        messages = _messages()
        windows = {}
        if call.left_window is not None:
            windows["left_window"] = call.left_window
        if call.right_window is not None:
            windows["right_window"] = call.right_window
        return _request(
            join=messages.Join(
                left=left,
                right=right,
                order_by=call.order_by,
                output_names=call.output_names,
                output_expressions=call.output_expressions,
                params=[
                    messages.Parameter(name=name, values=values)
                    for name, values in call.parameters.items()
                ],
                options=call.options,
                **windows,
            )
        )

    return _send(call.left, encode, more=[call.right])


def sort(call: SortCall) -> DataFrame:
    """``sort`` on a Connect DataFrame."""
    return _send(
        call.df,
        lambda relation: _request(
            sort=_messages().Sort(
                input=relation,
                window=call.window,
                partition_by=call.partition_by,
                order_by=call.order_by,
                sort_by=call.sort_by,
                order=call.order,
                options=call.options,
            )
        ),
    )


def functor(
    df: DataFrame,
    filter_: str | None,
    output: dict[str, str],
    spl_types: dict[str, str],
    values: dict[str, str],
) -> DataFrame:
    """``functor`` on a Connect DataFrame."""
    return _send(
        df,
        lambda relation: _request(
            functor=_messages().Functor(
                input=relation,
                names=list(output),
                expressions=list(output.values()),
                spl_types=spl_types,
                values=values,
                **({} if filter_ is None else {"filter": filter_}),
            )
        ),
    )


def spl_column(
    df: DataFrame,
    expression: str,
    spl_types: dict[str, str],
    values: dict[str, str],
) -> Any:
    """``spl_column`` on a Connect DataFrame: a Column whose expression the server's expression
    plugin makes, typed from ``df``'s schema, checked at once as :func:`_send` checks a plan."""
    _require_connect_line()
    payload = _request(
        spl_column=_messages().SplColumn(
            expression=expression,
            input_schema_json=df.schema.json(),
            spl_types=spl_types,
            values=values,
        )
    )
    column = _pyspark.connect_column(_connect_request.TYPE_URL, payload)
    # The server types the expression when a plan holding it is analyzed: a select of it over
    # df's rows raises a refusal here, as the Py4J path does.
    df.select(column).schema  # noqa: B018 - the analysis is the point
    return column


def parse_window(clause: str, session: Any) -> dict[str, str]:
    """The parts of ``clause`` as the server's parser reads them (the map of
    ``WindowedOperators.parseWindow``), from the one-row-per-part relation the plugin answers."""
    _require_connect_line()
    rows = _pyspark.connect_request(
        None,
        session,
        _connect_request.TYPE_URL,
        lambda _: _request(parse_window=_messages().ParseWindow(clause=clause)),
    ).collect()
    return {row["part"]: row["value"] for row in rows}


@functools.cache
def _messages() -> SimpleNamespace:
    """The request's message classes (``WindowRequest``, ``RunOperator``, ``InputPort``...), built
    from the descriptor protoc made of its .proto, in a pool of their own. Built on first use: only
    a Connect client has the protobuf runtime."""
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    from streams_window import _connect_proto

    pool = descriptor_pool.DescriptorPool()
    for file in descriptor_pb2.FileDescriptorSet.FromString(_connect_proto.DESCRIPTOR_SET).file:
        pool.AddSerializedFile(file.SerializeToString())
    described = pool.FindFileByName(_connect_proto.FILE_NAME).message_types_by_name
    return SimpleNamespace(
        **{name: message_factory.GetMessageClass(type_) for name, type_ in described.items()}
    )


def _request(**call: Any) -> bytes:
    """An encoded ``WindowRequest`` of this version holding ``call`` (one field of its ``call``
    oneof, by name)."""
    request = _messages().WindowRequest(version=_connect_request.VERSION, **call)
    return bytes(request.SerializeToString())


def _input_port(messages: SimpleNamespace, relation: bytes, window: str | None) -> Any:
    """An ``InputPort``: its DataFrame's encoded relation and its window; ``None`` leaves the
    window absent, which says the port is not windowed."""
    if window is None:
        return messages.InputPort(relation=relation)
    return messages.InputPort(relation=relation, window=window)


def _require_connect_line() -> None:
    """Refuse a Connect call where our relation plugin cannot run: on pyspark 3.5 (no request is
    sent; the server would not know the request's extension)."""
    import pyspark

    refusal = _spark_version.connect_refusal(pyspark.__version__)
    if refusal is not None:
        raise StreamsWindowError(refusal)


def _send(
    df: DataFrame, encode: Callable[..., bytes], more: Sequence[DataFrame] = ()
) -> DataFrame:
    """A DataFrame whose plan is our request over ``df``'s plan (and ``more``'s, the inputs of
    ports beyond 0), analyzed before it is returned."""
    _require_connect_line()
    result = _pyspark.connect_request(
        df, df.sparkSession, _connect_request.TYPE_URL, encode, more
    )
    # The server runs every check (and the operator's dry run) when it analyzes the plan: asking
    # for the schema raises a bad argument here, as the Py4J path does.
    result.schema  # noqa: B018 - the analysis is the point
    return result


def chain(info: Any, message: str, response: Any) -> list[Link]:
    """The cause chain of a Connect error (the arguments the Connect client's conversion takes):
    the enriched one the client fetched, else the top exception alone from the error's
    ``ErrorInfo``."""
    errors = list(response.errors) if response is not None else []
    if errors:
        index = response.root_error_idx if response.HasField("root_error_idx") else 0
        links: list[Link] = []
        seen: set[int] = set()
        while 0 <= index < len(errors) and index not in seen:
            seen.add(index)
            error = errors[index]
            throwable = error.spark_throwable if error.HasField("spark_throwable") else None
            links.append(
                Link(
                    tuple(error.error_type_hierarchy),
                    error.message,
                    throwable.error_class
                    if throwable is not None and throwable.HasField("error_class")
                    else None,
                    dict(throwable.message_parameters) if throwable is not None else {},
                )
            )
            index = error.cause_idx if error.HasField("cause_idx") else -1
        return links
    metadata = info.metadata
    classes = json.loads(metadata.get("classes") or "[]")
    parameters = json.loads(metadata.get("messageParameters") or "{}")
    return [Link(tuple(classes), message, metadata.get("errorClass"), parameters)]


def exception_chain(error: BaseException) -> list[Link]:
    """The chain of an exception the Connect client made without our conversion
    (``query.exception()``, or one raised before it was installed): the one link its public
    getters give. Empty for any other exception."""
    if "pyspark.errors.exceptions.connect" not in sys.modules:
        return []
    from pyspark.errors.exceptions.connect import (
        AnalysisException,
        SparkConnectException,
        StreamingQueryException,
    )

    if not isinstance(error, SparkConnectException):
        return []
    names: tuple[str, ...] = ()
    if isinstance(error, StreamingQueryException):
        names = (STREAMING_QUERY_EXCEPTION,)
    elif isinstance(error, AnalysisException):
        names = (ANALYSIS_EXCEPTION,)
    return [
        Link(
            names,
            str(error.getMessage()),
            error.getCondition(),
            dict(error.getMessageParameters() or {}),
        )
    ]
