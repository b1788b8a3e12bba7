"""What is particular to Spark Connect sessions: the request message, parse_window, configure on
a remote builder, and the errors only a Connect client meets. (The run_operator and aggregate
suites run on both session kinds through the ``any_spark`` fixture.)"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from streams_window import (
    _call,
    _classify,
    _connect,
    _connect_proto,
    _connect_request,
    _jvm,
    _pyspark,
)
from streams_window.errors import ArgumentError, StreamsWindowError, WindowClauseError
from conftest import NO_CONNECT_ON_3_5, SPARK_3_5
from support import READINGS_SCHEMA, WINDOW_SUM, readings

pytestmark = pytest.mark.skipif(SPARK_3_5, reason=NO_CONNECT_ON_3_5)

ROOT = Path(__file__).resolve().parents[2]


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
    monkeypatch.setattr(_connect_request, "VERSION", 3)

    with pytest.raises(
        ArgumentError, match=r"reads requests of version 2 \(and 1\), and the client sent version 3"
    ):
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
    assert options[_connect.EXPRESSION_PLUGINS] == _connect.EXPRESSION_PLUGIN_CLASS
    assert again[_connect.EXPRESSION_PLUGINS].count(_connect.EXPRESSION_PLUGIN_CLASS) == 1


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
        assert not warned(_connect.EXPRESSION_PLUGINS, options[_connect.EXPRESSION_PLUGINS])
        assert not warned("spark.ui.showConsoleProgress", "false")
        # The caller's own setting, which configure() left alone, and other values still warn.
        assert warned("spark.driver.extraJavaOptions", mine)
        assert warned("spark.jars", "/elsewhere/other.jar")


def test_configure_refuses_a_server_it_does_not_start() -> None:
    builder = SparkSession.builder.remote("sc://spark.example.com:15002")
    with pytest.raises(ValueError, match="spark.connect.extensions.relation.classes="):
        sw.configure(builder)


def test_the_facades_schema_is_the_one_the_java_build_compiles(built_jar: str) -> None:
    """The descriptor the facade builds its messages from (scripts/gen_proto's) is the one the
    Java build's protoc writes of window_request.proto, beside the jar: a change to the .proto
    that was not regenerated fails here."""
    from google.protobuf import descriptor_pb2

    built = ROOT / "java/spark/target/generated-resources/protobuf/descriptor-sets"
    path = built / "window_request.desc"
    assert path.is_file(), f"the Java build wrote no {path}"
    from_java_build = descriptor_pb2.FileDescriptorSet.FromString(path.read_bytes())

    facades = descriptor_pb2.FileDescriptorSet.FromString(_connect_proto.DESCRIPTOR_SET)

    assert facades == from_java_build
    assert [file.name for file in facades.file] == [_connect_proto.FILE_NAME]


def test_a_run_operator_request_lists_every_input_port(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: dict[str, Any] = {}
    monkeypatch.setattr(
        _connect, "_send", lambda df, encode, more=(): sent.update(encode=encode, more=more)
    )
    more = ("port 1's DataFrame", "port 2's DataFrame")
    call = _call.OperatorCall(
        frames=("port 0's DataFrame", *more),  # type: ignore[arg-type]
        windows=("partitioned, tumbling, count(4)", "sliding, count(2)", None),
        spark=None,  # type: ignore[arg-type]
        operator_class="com.acme.Join",
        output_schema="total double",
        partition_by=["key"],
        order_by=["seq", "ts"],
        params={"attr": ["cost"], "sizes": ["1", "2"]},
        options={"batch_marker": "true", "spl_type.é": "decimal64"},
    )

    _connect.run_operator(call)
    messages = _connect._messages()
    request = messages.WindowRequest.FromString(sent["encode"](b"\x01", b"\x02", b"\x03"))

    assert sent["more"] == more  # their relations are the encoder's arguments after port 0's
    assert request.version == _connect_request.VERSION == 2
    assert request.WhichOneof("call") == "run_operator"
    run = request.run_operator
    assert [(p.relation, p.window, p.HasField("window")) for p in run.inputs] == [
        (b"\x01", "partitioned, tumbling, count(4)", True),
        (b"\x02", "sliding, count(2)", True),
        (b"\x03", "", False),  # absent: not windowed
    ]
    assert run.operator_class == "com.acme.Join"
    assert (list(run.partition_by), list(run.order_by)) == (["key"], ["seq", "ts"])
    assert [(p.name, list(p.values)) for p in run.params] == [
        ("attr", ["cost"]),
        ("sizes", ["1", "2"]),
    ]
    assert dict(run.options) == {"batch_marker": "true", "spl_type.é": "decimal64"}
    assert (run.output_schema, run.output_schema_json) == ("total double", "")


def test_a_request_of_a_version_1_client_still_runs(connect_spark: Any) -> None:
    """A client of version 1 (port 0 apart from the others) is read by a server of version 2."""
    df = connect_spark.createDataFrame(readings(["a", "b"], 8), READINGS_SCHEMA)
    messages = _connect._messages()

    def version_1(relation: bytes) -> bytes:
        call = messages.RunOperatorVersion1(
            input=relation,
            operator_class=WINDOW_SUM,
            window="partitioned, tumbling, count(4)",
            partition_by=["key"],
            order_by=["seq"],
            params=[messages.Parameter(name="attr", values=["cost"])],
            output_schema="key string, seq long, total double, count long",
        )
        request = messages.WindowRequestVersion1(version=1, run_operator=call)
        return bytes(request.SerializeToString())

    old = _pyspark.connect_request(df, connect_spark, _connect_request.TYPE_URL, version_1)
    now = sw.run_operator(
        df,
        WINDOW_SUM,
        window="partitioned, tumbling, count(4)",
        partition_by="key",
        order_by="seq",
        params={"attr": "cost"},
        output_schema="key string, seq long, total double, count long",
    )

    rows = sorted(old.collect())
    assert len(rows) == 4  # two tumbling windows of 4 per key
    assert rows == sorted(now.collect())
