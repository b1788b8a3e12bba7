"""The request the facade sends to streams-window's Spark Connect relation plugin.

One message, ``streams_window.connect.WindowRequest`` version 1, documented in docs/connect.md
("The request message") in protobuf's notation, and encoded here by hand in protobuf's wire
format (varints and length-delimited fields only): the facade then needs no generated code and
no protobuf runtime of its own, and the Java side reads it with a reader as small
(``io.streamswindow.spark.connect.WindowRequest``). docs/decisions.md says why.

The message travels packed in a ``google.protobuf.Any`` (``Relation.extension``) whose
``type_url`` is :data:`TYPE_URL`.

Example::

    from streams_window._connect_request import parse_window_request

    body = parse_window_request("tumbling, count(4)")  # bytes of a WindowRequest
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

#: The server setting that registers relation plugins, and streams-window's plugin, which reads
#: these requests (docs/connect.md).
RELATION_PLUGINS = "spark.connect.extensions.relation.classes"
PLUGIN_CLASS = "io.streamswindow.spark.connect.WindowRelationPlugin"

#: The ``type_url`` of the ``Any`` that carries a request (the Java plugin answers only this one).
TYPE_URL = "type.googleapis.com/streams_window.connect.WindowRequest"

#: The version of the message; a server whose jar reads another one refuses the request.
VERSION = 1

#: The call field of a run_operator with input ports beyond 0
#: (``WindowRequest.RUN_OPERATOR_PORTS``).
RUN_OPERATOR_PORTS = 5

_VARINT = 0
_LENGTH_DELIMITED = 2


def run_operator_request(
    *,
    input_relation: bytes,
    operator_class: str,
    window: str | None,
    partition_by: Iterable[str],
    order_by: Iterable[str],
    params: Mapping[str, Iterable[str]],
    output_schema: str | None,
    output_schema_json: str | None,
    options: Mapping[str, str],
    more_inputs: Sequence[tuple[bytes, str | None]] = (),
) -> bytes:
    """A ``WindowRequest`` holding a ``RunOperator`` call (``WindowedOperators.runOperator``'s
    arguments); ``output_schema`` is a DDL string, or ``output_schema_json`` a StructType's JSON;
    ``more_inputs`` the relation and window (``None``: not windowed) of each input port beyond 0,
    which makes the call a ``run_operator_ports`` one (docs/connect.md).

    Example::

        run_operator_request(input_relation=relation.SerializeToString(),
                             operator_class="io.streamswindow.examples.WindowSum",
                             window="tumbling, count(4)", partition_by=[], order_by=["seq"],
                             params={"attr": ["cost"]}, output_schema="total double",
                             output_schema_json=None, options={})
    """
    call = bytearray()
    call += _bytes_field(1, input_relation)
    call += _string_field(2, operator_class)
    if window is not None:  # absent: input port 0 is not windowed
        call += _string_field(3, window)
    for column in partition_by:
        call += _string_field(4, column)
    for column in order_by:
        call += _string_field(5, column)
    for name, values in params.items():
        parameter = _string_field(1, name) + b"".join(_string_field(2, v) for v in values)
        call += _bytes_field(6, parameter)
    if output_schema is not None:
        call += _string_field(7, output_schema)
    call += _map_field(8, options)
    if output_schema_json is not None:
        call += _string_field(9, output_schema_json)
    for relation, window in more_inputs:
        more = _bytes_field(1, relation)
        if window is not None:  # absent: the port is not windowed
            more += _string_field(2, window)
        call += _bytes_field(10, more)
    # A call with more inputs has a field number of its own: a server that does not read them
    # refuses it, instead of running port 0 alone.
    return _request(RUN_OPERATOR_PORTS if more_inputs else 2, bytes(call))


def aggregate_request(
    *,
    input_relation: bytes,
    window: str,
    partition_by: Iterable[str],
    order_by: Iterable[str],
    output: Iterable[str],
    group_by: Iterable[str],
    options: Mapping[str, str],
) -> bytes:
    """A ``WindowRequest`` holding an ``Aggregate`` call (``Aggregates.aggregate``'s arguments;
    ``output`` as assignments ``"column=Function(args)"``).

    Example::

        aggregate_request(input_relation=relation.SerializeToString(), window="tumbling, count(3)",
                          partition_by=[], order_by=[], output=["total=Sum(cost)"], group_by=[],
                          options={})
    """
    call = bytearray()
    call += _bytes_field(1, input_relation)
    call += _string_field(2, window)
    for field, columns in ((3, partition_by), (4, order_by), (5, output), (6, group_by)):
        for column in columns:
            call += _string_field(field, column)
    call += _map_field(7, options)
    return _request(3, bytes(call))


def parse_window_request(clause: str) -> bytes:
    """A ``WindowRequest`` holding a ``ParseWindow`` call.

    Example::

        parse_window_request("sliding, count(3)")
    """
    return _request(4, _string_field(1, clause))


def _request(call_field: int, call: bytes) -> bytes:
    return _varint_field(1, VERSION) + _bytes_field(call_field, call)


def _map_field(number: int, entries: Mapping[str, str]) -> bytes:
    # A map<string, string> is, on the wire, a repeated message of key = 1 and value = 2.
    return b"".join(
        _bytes_field(number, _string_field(1, key) + _string_field(2, value))
        for key, value in entries.items()
    )


def _string_field(number: int, value: str) -> bytes:
    return _bytes_field(number, value.encode("utf-8"))


def _bytes_field(number: int, value: bytes) -> bytes:
    return _varint(number << 3 | _LENGTH_DELIMITED) + _varint(len(value)) + value


def _varint_field(number: int, value: int) -> bytes:
    return _varint(number << 3 | _VARINT) + _varint(value)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)
