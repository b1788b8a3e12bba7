"""One table of cause chains and the error each stands for, run through both transports: as a
Java exception read over Py4J (``_jvm.chain``) and as the error a Spark Connect client receives
(``_connect.chain``, then the converter the Connect client calls). Both session kinds must give
the same class and attributes: the classifier reads conditions and parameters, not the
transport (docs/python.md, "How the package is layered")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from streams_window import _connect, _jvm, _pyspark, errors
from streams_window._classify import Link, classify
from streams_window.errors import (
    ArgumentError,
    OperatorError,
    StreamsWindowError,
    WindowClauseError,
)

SPARK_EXCEPTION = ("org.apache.spark.SparkException", "java.lang.Exception", "java.lang.Throwable")
STREAMING = (
    "org.apache.spark.sql.streaming.StreamingQueryException",
    "java.lang.Exception",
    "java.lang.Throwable",
)
ANALYSIS = ("org.apache.spark.sql.AnalysisException", "java.lang.Exception", "java.lang.Throwable")
REFUSED = (
    "io.streamswindow.spark.errors.RefusedArgumentException",
    "java.lang.IllegalArgumentException",
    "java.lang.RuntimeException",
)
IAE = ("java.lang.IllegalArgumentException", "java.lang.RuntimeException")
OPERATOR = ("io.streamswindow.spark.errors.WindowedOperatorException", "java.lang.RuntimeException")
RESTART = ("io.streamswindow.spark.errors.IncompatibleRestartException", "java.lang.RuntimeException")
DAMAGED = ("io.streamswindow.spark.errors.CorruptStateException", "java.lang.RuntimeException")
ISE = ("java.lang.IllegalStateException", "java.lang.RuntimeException")
PYTHON = ("org.apache.spark.api.python.PythonException", "java.lang.RuntimeException")
VSUM = "com.acme.VSum"
PLAN = "\n=== Streaming Query ===\nSerializeFromObject [__streams_window_tuples#12]"
# The plan of the chunked layout, as a failed query prints it.
CHUNKED_PLAN = PLAN + "\n+- ~TransformWithState createexternalrow(key#153, ...)"
STATE_SOURCE = "org.apache.spark.sql.execution.datasources.v2.state."
NO_OPERATOR_METADATA = (
    STATE_SOURCE + "StateDataSourceReadOperatorMetadataFailure",
    STATE_SOURCE + "StateDataSourceException",
    "org.apache.spark.SparkRuntimeException",
)
# Spark 4's words for a checkpoint without transformWithState's operator metadata: as it refused
# the restart on 4.x of a query started with RocksDB on 3.5 (test_spark_lines.py).
NO_METADATA_MESSAGE = (
    "[STDS_FAILED_TO_READ_OPERATOR_METADATA] Failed to read the operator metadata for"
    " checkpointLocation=file:/tmp/q/checkpoint/state/0 and batchId=2.\nEither the file does not"
    " exist, or the file is corrupted."
)
NO_METADATA_PARAMETERS = {"checkpointLocation": "file:/tmp/q/checkpoint/state/0", "batchId": "2"}
RESTART_PARAMETERS = {
    "owner": "checkpoint file:/tmp/q",
    "part": "partition_by",
    "checkpointValue": "[key]",
    "currentValue": "[key, site]",
}


def failed(**parameters: str) -> Link:
    """A WindowedOperatorException with these parameters."""
    return Link(OPERATOR, "Operator ... failed", "STREAMS_WINDOW_OPERATOR_FAILED", parameters)


@dataclass(frozen=True)
class Case:
    chain: list[Link]
    expected: type[StreamsWindowError] | None
    attributes: dict[str, Any] = field(default_factory=dict)
    raised_as: str | None = None  # the PySpark class the error is also: the chain's top's
    lines: list[str] | None = None  # str(error).splitlines(), when checked


def key_schema(*fields: str) -> str:
    listed = ",".join(f"StructField({f},true)" for f in fields)
    return f"StructType({listed},StructField(__streams_window_definition,BooleanType,false))"


CASES: dict[str, Case] = {
    "a refused argument": Case(
        [
            Link(
                REFUSED,
                "Operator class x was not found",
                "STREAMS_WINDOW_REFUSED_ARGUMENT",
                {"javaClass": "java.lang.IllegalArgumentException"},
            ),
            Link(IAE, "Operator class x was not found"),
        ],
        ArgumentError,
        dict(
            message="Operator class x was not found",
            java_class="java.lang.IllegalArgumentException",
            java_message="Operator class x was not found",
            condition="STREAMS_WINDOW_REFUSED_ARGUMENT",
            parameters={"javaClass": "java.lang.IllegalArgumentException"},
        ),
    ),
    "a refused window clause": Case(
        [
            Link(
                REFUSED,
                "bad window clause",
                "STREAMS_WINDOW_REFUSED_ARGUMENT",
                {
                    "javaClass": "io.streamswindow.clause.WindowClauseException",
                    "clause": "sliding, cnt(3)",
                    "token": "cnt",
                    "position": "9",
                },
            )
        ],
        WindowClauseError,
        dict(
            clause="sliding, cnt(3)",
            token="cnt",
            position=9,
            java_class="io.streamswindow.clause.WindowClauseException",
        ),
    ),
    "a clause that ended too early": Case(
        [
            Link(
                REFUSED,
                "bad window clause",
                "STREAMS_WINDOW_REFUSED_ARGUMENT",
                {
                    "javaClass": "io.streamswindow.clause.WindowClauseException",
                    "clause": "sliding,",
                    "token": "",
                    "position": "8",
                },
            )
        ],
        WindowClauseError,
        dict(token="", position=8),
    ),
    "a refused argument inside Spark's analysis": Case(
        [
            Link(ANALYSIS, "[INTERNAL] wrapped"),
            Link(
                REFUSED,
                "no parameter 'atr'",
                "STREAMS_WINDOW_REFUSED_ARGUMENT",
                {"javaClass": "java.lang.IllegalArgumentException"},
            ),
        ],
        ArgumentError,
        dict(message="no parameter 'atr'"),
        raised_as="AnalysisException",
    ),
    "an operator that failed in a job": Case(
        [
            Link(SPARK_EXCEPTION, "Job aborted due to stage failure"),
            failed(
                operator=VSUM,
                window="tumbling, count(4)",
                key="[x]",
                causeClass="java.lang.ArithmeticException",
                causeMessage="/ by zero\nat ...",
            ),
            Link(("java.lang.ArithmeticException",), "/ by zero"),
        ],
        OperatorError,
        dict(
            operator=VSUM,
            window="tumbling, count(4)",
            key="[x]",
            cause_class="java.lang.ArithmeticException",
            cause_message="/ by zero\nat ...",
            java_class=OPERATOR[0],
            condition="STREAMS_WINDOW_OPERATOR_FAILED",
        ),
        lines=[
            "java.lang.ArithmeticException: / by zero",
            f'  in operator {VSUM}, window "tumbling, count(4)", key [x]',
        ],
    ),
    "an operator failure without key or cause message": Case(
        [
            failed(
                operator=VSUM,
                window="tumbling, count(4)",
                causeClass="java.lang.NullPointerException",
            )
        ],
        OperatorError,
        dict(key=None, cause_message=None, cause_class="java.lang.NullPointerException"),
        lines=[
            "java.lang.NullPointerException",
            f'  in operator {VSUM}, window "tumbling, count(4)"',
        ],
    ),
    "an operator that ended a streaming query": Case(
        [
            Link(
                STREAMING, "[STREAM_FAILED] Query terminated" + PLAN, "STREAM_FAILED", {"id": "1"}
            ),
            failed(operator=VSUM, window="w", key="[a]", causeClass=ISE[0], causeMessage="boom"),
            Link(ISE, "boom"),
        ],
        OperatorError,
        dict(operator=VSUM, key="[a]", cause_class=ISE[0], cause_message="boom"),
        raised_as="StreamingQueryException",
    ),
    "a restart refused inside an operator failure": Case(
        [
            Link(STREAMING, "[STREAM_FAILED]" + PLAN),
            failed(
                operator=VSUM,
                window="w",
                key="[a]",
                causeClass=RESTART[0],
                causeMessage="The state ... window clause: ...",
                causeCondition="STREAMS_WINDOW_INCOMPATIBLE_RESTART",
                part="window clause",
            ),
            Link(
                RESTART,
                "The state ... window clause: ...",
                "STREAMS_WINDOW_INCOMPATIBLE_RESTART",
                {"owner": "key [a]", "part": "window clause"},
            ),
        ],
        OperatorError,
        dict(
            cause_class=RESTART[0],
            cause_message="The state ... window clause: ...",
            condition="STREAMS_WINDOW_OPERATOR_FAILED",
        ),
        raised_as="StreamingQueryException",
    ),
    "an unwrapped incompatible restart": Case(
        [
            Link(
                RESTART,
                "The state ... partition_by: ...",
                "STREAMS_WINDOW_INCOMPATIBLE_RESTART",
                {"owner": "the definition record", "part": "partition_by"},
            )
        ],
        OperatorError,
        dict(
            operator=None,
            window=None,
            key=None,
            cause_class=RESTART[0],
            cause_message="The state ... partition_by: ...",
            condition="STREAMS_WINDOW_INCOMPATIBLE_RESTART",
            parameters={"owner": "the definition record", "part": "partition_by"},
        ),
        lines=[f"{RESTART[0]}: The state ... partition_by: ..."],
    ),
    "an unwrapped unreadable state": Case(
        [
            Link(SPARK_EXCEPTION, "Job aborted"),
            Link(
                RESTART,
                "no longer reads",
                "STREAMS_WINDOW_UNREADABLE_STATE",
                {"owner": "key [a]", "step": "reset", "causeClass": "java.io.IOException"},
            ),
        ],
        OperatorError,
        dict(
            cause_class=RESTART[0],
            cause_message="no longer reads",
            condition="STREAMS_WINDOW_UNREADABLE_STATE",
        ),
    ),
    "an unwrapped damaged state": Case(
        [
            Link(
                DAMAGED,
                "The saved state of key [alpha] ...",
                "STREAMS_WINDOW_DAMAGED_STATE",
                {"owner": "key [alpha]", "damage": "checksum"},
            )
        ],
        OperatorError,
        dict(cause_class=DAMAGED[0], condition="STREAMS_WINDOW_DAMAGED_STATE"),
    ),
    "a restart refused as its micro-batch is planned": Case(
        [
            Link(STREAMING, "[STREAM_FAILED] Query" + PLAN, "STREAM_FAILED", {"id": "1"}),
            Link(
                RESTART,
                "This query's checkpoint was written for another query definition ...",
                "STREAMS_WINDOW_INCOMPATIBLE_RESTART",
                RESTART_PARAMETERS,
            ),
        ],
        OperatorError,
        dict(
            operator=None,
            cause_class=RESTART[0],
            condition="STREAMS_WINDOW_INCOMPATIBLE_RESTART",
            parameters=RESTART_PARAMETERS,
        ),
        raised_as="StreamingQueryException",
    ),
    # Spark's own refusals of a restart come only where the JVM could not judge it first (a query
    # started from another session than its plan's): their text is not read, they stay PySpark's.
    "Spark's refusal of the other state layout": Case(
        [
            Link(
                STREAMING,
                "[STREAM_FAILED] [STREAMING_STATEFUL_OPERATOR_NOT_MATCH_IN_STATE_METADATA] ..."
                " Stateful operators in the metadata: [(OperatorId: 0 -> OperatorName:"
                " flatMapGroupsWithState)]" + PLAN,
            )
        ],
        None,
    ),
    "Spark 4's refusal of a single-value checkpoint written on Spark 3.5": Case(
        [
            Link(
                STREAMING,
                f"[STREAM_FAILED] Query [id = 1] terminated with exception: {NO_METADATA_MESSAGE}"
                + CHUNKED_PLAN,
                "STREAM_FAILED",
                {"id": "1", "message": NO_METADATA_MESSAGE},
            ),
            Link(
                NO_OPERATOR_METADATA,
                NO_METADATA_MESSAGE,
                "STDS_FAILED_TO_READ_OPERATOR_METADATA",
                NO_METADATA_PARAMETERS,
            ),
        ],
        None,
    ),
    "Spark's refusal of a key of other columns": Case(
        [
            Link(STREAMING, "[STREAM_FAILED] Query terminated"),
            Link(
                ("org.apache.spark.sql.execution.streaming.state.StateSchemaNotCompatible",),
                "[STATE_STORE_KEY_SCHEMA_NOT_COMPATIBLE] Provided key schema does not match",
                "STATE_STORE_KEY_SCHEMA_NOT_COMPATIBLE",
                {
                    "storedKeySchema": key_schema("key,StringType"),
                    "newKeySchema": key_schema("key,StringType", "site,StringType"),
                },
            ),
        ],
        None,
    ),
    "Spark's refusal of the update output mode": Case(
        [
            Link(
                ANALYSIS,
                "flatMapGroupsWithState in append mode is not supported with Update"
                " output mode on a streaming DataFrame/Dataset;" + PLAN,
            )
        ],
        ArgumentError,
        dict(java_class=ANALYSIS[0]),
        raised_as="AnalysisException",
    ),
    "a Connect server without our plugin": Case(
        [
            Link(
                ("org.apache.spark.sql.connect.common.InvalidPlanInput",),
                "No handler found for extension type:"
                " type.googleapis.com/streams_window.connect.WindowRequest",
            )
        ],
        StreamsWindowError,
    ),
    # Only the Python traceback's text of a foreachBatch function's failure reaches the JVM: no
    # condition, so PySpark's exception, whose message holds ours.
    "an operator failure a foreachBatch function raised": Case(
        [
            Link(STREAMING, "[STREAM_FAILED] Query terminated"),
            Link(
                PYTHON,
                "Traceback (most recent call last):\n  File ...\n"
                "streams_window.errors.OperatorError: java.lang.IllegalStateException: boom\n"
                f'  in operator {VSUM}, window "w", key [a]\n',
            ),
        ],
        None,
    ),
    "a failure that is not ours": Case(
        [Link(SPARK_EXCEPTION, "Job aborted"), Link(ISE, "Operator x is busy")], None
    ),
    "a bare IllegalArgumentException, even from our entry points": Case(
        [Link(IAE, "Operator class x was not found")], None
    ),
    "Spark's layout refusal of a plan that is not ours": Case(
        [
            Link(
                STREAMING,
                "[STREAMING_STATEFUL_OPERATOR_NOT_MATCH_IN_STATE_METADATA] Stateful"
                " operators in the metadata: [(OperatorId: 0 -> OperatorName:"
                " flatMapGroupsWithState)]",
            )
        ],
        None,
    ),
}


class FakeJavaClass:
    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names

    def getName(self) -> str:  # noqa: N802 - Java's name
        return self.names[0]

    def getSuperclass(self) -> FakeJavaClass | None:  # noqa: N802
        return FakeJavaClass(self.names[1:]) if len(self.names) > 1 else None


class FakeJavaThrowable:
    """What ``_jvm.chain`` calls on a Py4J handle of a Java exception."""

    def __init__(self, link: Link, cause: FakeJavaThrowable | None) -> None:
        self.link, self.cause = link, cause

    def getClass(self) -> FakeJavaClass:  # noqa: N802
        return FakeJavaClass(self.link.names)

    def getMessage(self) -> str:  # noqa: N802
        return self.link.message

    def getCause(self) -> FakeJavaThrowable | None:  # noqa: N802
        return self.cause

    def equals(self, other: object) -> bool:
        return self is other

    def getCondition(self) -> str | None:  # noqa: N802
        return self.link.condition

    def getMessageParameters(self) -> dict[str, str]:  # noqa: N802
        return dict(self.link.parameters)


def through_py4j(chain: list[Link], monkeypatch: pytest.MonkeyPatch) -> Any:
    handle = None
    for link in reversed(chain):
        handle = FakeJavaThrowable(link, handle)
    # Py4J asks the JVM whether an object is a SparkThrowable; these fakes are when they say so.
    monkeypatch.setattr(_pyspark, "is_spark_throwable", lambda h: h.link.condition is not None)
    links = _jvm.chain(handle)
    assert links == chain  # the transport reads what the JVM holds, no more, no less
    return classify(links)


def through_connect(chain: list[Link]) -> Any:
    from pyspark.sql.connect.proto import base_pb2

    details = base_pb2.FetchErrorDetailsResponse
    errors_sent = []
    for index, link in enumerate(chain):
        error = details.Error(error_type_hierarchy=list(link.names), message=link.message)
        if index + 1 < len(chain):
            error.cause_idx = index + 1
        if link.condition is not None:
            error.spark_throwable.CopyFrom(
                details.SparkThrowable(
                    error_class=link.condition, message_parameters=dict(link.parameters)
                )
            )
        errors_sent.append(error)
    response = details(root_error_idx=0, errors=errors_sent)
    assert _connect.chain(None, chain[0].message, response) == chain
    # What the Connect client's conversion is given; our converter is put in front of it.
    return errors._from_connect(None, chain[0].message, response)


@pytest.mark.parametrize("kind", ["py4j", "connect"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_chain_gives_the_same_error_on_both_session_kinds(
    name: str, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = CASES[name]
    if kind != "py4j":
        # pip's pyspark 3.5 venv has no Connect client (no Connect there: docs/connect.md).
        pytest.importorskip("grpc", reason="the Spark Connect client is not installed")

    error = through_py4j(case.chain, monkeypatch) if kind == "py4j" else through_connect(case.chain)

    if case.expected is None:
        assert error is None
        return
    assert isinstance(error, case.expected)
    # Exactly that class (or, from Connect, its dual with the PySpark class it replaces).
    assert type(error).__mro__[1 if type(error) is not case.expected else 0] is case.expected
    for attribute, value in case.attributes.items():
        assert getattr(error, attribute) == value, attribute
    if case.lines is not None:
        assert str(error).splitlines() == case.lines
    if kind == "connect":
        from pyspark.errors import AnalysisException, StreamingQueryException

        pyspark_classes = {
            "StreamingQueryException": StreamingQueryException,
            "AnalysisException": AnalysisException,
        }
        for pyspark_name, pyspark_class in pyspark_classes.items():
            assert isinstance(error, pyspark_class) == (case.raised_as == pyspark_name)


def test_a_connect_error_without_its_chain_is_read_from_its_error_info() -> None:
    # When the client did not fetch the chain, the ErrorInfo's metadata holds the top exception.
    class Info:
        metadata = {
            "classes": '["io.streamswindow.spark.errors.RefusedArgumentException"]',
            "errorClass": "STREAMS_WINDOW_REFUSED_ARGUMENT",
            "messageParameters": '{"javaClass": "java.lang.IllegalArgumentException"}',
        }

    error = errors._from_connect(Info(), "no parameter 'atr'", None)

    assert type(error) is ArgumentError
    assert (error.message, error.java_class) == (
        "no parameter 'atr'",
        "java.lang.IllegalArgumentException",
    )
