"""What is particular to Spark Connect sessions: the request message, parse_window, configure on
a remote builder, and the errors only a Connect client meets. (The run_operator and aggregate
suites run on both session kinds through the ``any_spark`` fixture.)"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from streams_window import _call, _classify, _connect, _connect_request, _jvm
from streams_window.errors import ArgumentError, StreamsWindowError, WindowClauseError
from conftest import NO_CONNECT_ON_3_5, SPARK_3_5
from support import READINGS_SCHEMA, WINDOW_SUM, readings

pytestmark = pytest.mark.skipif(SPARK_3_5, reason=NO_CONNECT_ON_3_5)


def test_parse_window_gives_the_same_parts_on_both_session_kinds(
    spark: SparkSession, connect_spark: Any
) -> None:
    clause = "sliding, time(300), count(2), partitioned, partitionAge(60)"

    on_connect = sw.parse_window(clause, spark=connect_spark)

    assert on_connect == sw.parse_window(clause, spark=spark)
    assert on_connect.type is sw.WindowType.SLIDING
    assert (on_connect.eviction, on_connect.trigger) == ("time(300.0)", "count(2)")
    assert on_connect.partition_eviction == "partitionAge(60.0)"


def test_the_facade_sends_the_option_keys_the_jvm_reads(spark: SparkSession) -> None:
    # Both transports send the keys _call spells; RunOption spells what the JVM reads.
    run_option = _jvm.jvm(spark).io.streamswindow.spark.RunOption
    jvm_keys = [str(option.key()) for option in run_option.values()]

    assert jvm_keys == list(_call.RUN_OPTION_KEYS.values())
    aggregate_option = _jvm.jvm(spark).io.streamswindow.spark.AggregateOption
    assert [str(option.key()) for option in aggregate_option.values()] == list(
        _call.AGGREGATE_OPTION_KEYS
    )
    assert _call.run_options(
        marker_column="m",
        batch_marker=True,
        punctuation_column="p",
        event_time="ts",
        late_output=True,
        spl_types={"amount": "decimal64"},
        output_spl_types={"total": "decimal64"},
    ) == {
        "batch_marker": "true",
        "late_output": "true",
        "marker_column": "m",
        "punctuation_column": "p",
        "event_time": "ts",
        "spl_type.amount": "decimal64",
        "output_spl_type.total": "decimal64",
    }


def test_a_bad_clause_names_the_token_and_position_on_connect(connect_spark: Any) -> None:
    clause = "sliding, cnt(3)"

    with pytest.raises(WindowClauseError) as raised:
        sw.parse_window(clause, spark=connect_spark)

    error = raised.value
    assert (error.clause, error.token, error.position) == (clause, "cnt", 9)
    assert str(error).startswith("bad window clause \"sliding, cnt(3)\": unexpected 'cnt'")
    assert error.java_class == "io.streamswindow.clause.WindowClauseException"


def test_a_request_of_another_version_is_refused_naming_both(
    connect_spark: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    df = connect_spark.createDataFrame(readings(["a"], 4), READINGS_SCHEMA)
    monkeypatch.setattr(_connect_request, "VERSION", 2)

    with pytest.raises(ArgumentError, match="reads requests of version 1, and the client sent"):
        sw.run_operator(
            df,
            WINDOW_SUM,
            window="tumbling, count(4)",
            params={"attr": "cost"},
            output_schema="total double",
        )


def test_the_reference_run_says_it_needs_a_classic_session(connect_spark: Any) -> None:
    from streams_window.testing import single_instance_run

    df = connect_spark.createDataFrame(readings(["a"], 4), READINGS_SCHEMA)
    with pytest.raises(TypeError, match="needs a classic SparkSession"):
        single_instance_run(df, WINDOW_SUM, window="tumbling, count(4)", output_schema="t double")


def test_a_server_without_the_plugin_is_reported_with_the_settings_it_needs() -> None:
    # What Spark Connect's planner answers for an extension no plugin takes.
    chain = [
        _classify.Link(
            ("org.apache.spark.sql.connect.common.InvalidPlanInput",),
            "No handler found for extension type: " + _connect_request.TYPE_URL,
            None,
            {},
        )
    ]

    error = _classify.classify(chain)

    assert isinstance(error, StreamsWindowError)
    assert _connect.PLUGIN_CLASS in str(error) and _connect.RELATION_PLUGINS in str(error)


def test_configure_sets_up_a_local_connect_server_adding_to_what_is_set(built_jar: str) -> None:
    builder = SparkSession.builder.remote("local[2]").config(
        "spark.connect.extensions.relation.classes", "com.acme.OtherPlugin"
    )

    options = sw.configure(builder)._options  # type: ignore[attr-defined]

    assert options[_connect.RELATION_PLUGINS] == f"com.acme.OtherPlugin,{_connect.PLUGIN_CLASS}"
    assert built_jar in options["spark.jars"].split(",")
    # Configuring twice adds nothing twice.
    again = sw.configure(builder)._options  # type: ignore[attr-defined]
    assert again[_connect.RELATION_PLUGINS].count(_connect.PLUGIN_CLASS) == 1


def test_configure_quiets_the_connect_clients_echo_of_its_own_settings_only(
    built_jar: str,
) -> None:
    mine = "-Dlog4j2.configurationFile=file:/tmp/mine.properties"

    def warned(key: str, value: str) -> bool:
        """Whether the client's warning (from its module) for ``key`` shows."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.warn_explicit(
                f"Failed to set {key} to Some({value}) due to [CANNOT_MODIFY_CONFIG] ...",
                UserWarning,
                "conf.py",
                61,
                module="pyspark.sql.connect.conf",
            )
        return bool(caught)

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        builder = SparkSession.builder.remote("local[2]").config(
            "spark.driver.extraJavaOptions", mine
        )
        options = sw.configure(builder)._options  # type: ignore[attr-defined]

        assert not warned("spark.jars", options["spark.jars"])
        assert not warned(_connect.RELATION_PLUGINS, options[_connect.RELATION_PLUGINS])
        assert not warned("spark.ui.showConsoleProgress", "false")
        # The caller's own setting, which configure() left alone, and other values still warn.
        assert warned("spark.driver.extraJavaOptions", mine)
        assert warned("spark.jars", "/elsewhere/other.jar")


def test_configure_refuses_a_server_it_does_not_start() -> None:
    builder = SparkSession.builder.remote("sc://spark.example.com:15002")
    with pytest.raises(ValueError, match="spark.connect.extensions.relation.classes="):
        sw.configure(builder)


def test_the_request_is_protobuf_as_documented() -> None:
    """The hand-encoded bytes read back with protobuf's own parser, through a descriptor of the
    message as docs/connect.md states it."""
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    file = descriptor_pb2.FileDescriptorProto(name="sw.proto", package="streams_window.connect")
    string, message, uint32 = 9, 11, 13
    repeated, optional = 3, 1

    def add(name: str, fields: list[tuple[str, int, int, int, str]]) -> None:
        described = file.message_type.add(name=name)
        for field, number, kind, label, type_name in fields:
            entry = described.field.add(name=field, number=number, type=kind, label=label)
            if type_name:
                entry.type_name = type_name

    add("Entry", [("key", 1, string, optional, ""), ("value", 2, string, optional, "")])
    add("Parameter", [("name", 1, string, optional, ""), ("values", 2, string, repeated, "")])
    add(
        "RunOperator",
        [
            ("input", 1, 12, optional, ""),  # bytes: a spark.connect.Relation's encoding
            ("operator_class", 2, string, optional, ""),
            ("window", 3, string, optional, ""),
            ("partition_by", 4, string, repeated, ""),
            ("order_by", 5, string, repeated, ""),
            ("params", 6, message, repeated, ".streams_window.connect.Parameter"),
            ("output_schema", 7, string, optional, ""),
            ("options", 8, message, repeated, ".streams_window.connect.Entry"),
            ("output_schema_json", 9, string, optional, ""),
            ("more_inputs", 10, message, repeated, ".streams_window.connect.MoreInput"),
        ],
    )
    add("MoreInput", [("relation", 1, 12, optional, ""), ("window", 2, string, optional, "")])
    add(
        "WindowRequest",
        [
            ("version", 1, uint32, optional, ""),
            ("run_operator", 2, message, optional, ".streams_window.connect.RunOperator"),
            ("run_operator_ports", 5, message, optional, ".streams_window.connect.RunOperator"),
        ],
    )
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    request_class = message_factory.GetMessageClass(
        pool.FindMessageTypeByName("streams_window.connect.WindowRequest")
    )

    encoded = _connect_request.run_operator_request(
        input_relation=b"\x01\x02",
        operator_class="com.acme.VSum",
        window="tumbling, count(4)",
        partition_by=["key"],
        order_by=["seq", "ts"],
        params={"attr": ["cost"], "sizes": ["1", "2"]},
        output_schema="total double",
        output_schema_json=None,
        options={"batch_marker": "true", "spl_type.é": "decimal64"},
    )
    request = request_class.FromString(encoded)

    assert request.version == _connect_request.VERSION == 1
    call = request.run_operator
    assert (call.input, call.operator_class, call.window) == (
        b"\x01\x02",
        "com.acme.VSum",
        "tumbling, count(4)",
    )
    assert (list(call.partition_by), list(call.order_by)) == (["key"], ["seq", "ts"])
    assert [(p.name, list(p.values)) for p in call.params] == [
        ("attr", ["cost"]),
        ("sizes", ["1", "2"]),
    ]
    assert [(o.key, o.value) for o in call.options] == [
        ("batch_marker", "true"),
        ("spl_type.é", "decimal64"),
    ]
    assert call.output_schema == "total double" and not call.output_schema_json
    assert not request.HasField("run_operator_ports") and list(call.more_inputs) == []

    # Input ports beyond 0: their relations and windows, under the call's own field number.
    with_ports = request_class.FromString(
        _connect_request.run_operator_request(
            input_relation=b"\x01",
            operator_class="com.acme.Join",
            window=None,
            partition_by=["key"],
            order_by=[],
            params={},
            output_schema="total double",
            output_schema_json=None,
            options={},
            more_inputs=[(b"\x02", "sliding, count(2)"), (b"\x03", None)],
        )
    )
    assert not with_ports.HasField("run_operator")
    ports = with_ports.run_operator_ports
    assert ports.input == b"\x01" and not ports.HasField("window")
    assert [(m.relation, m.window, m.HasField("window")) for m in ports.more_inputs] == [
        (b"\x02", "sliding, count(2)", True),
        (b"\x03", "", False),
    ]
