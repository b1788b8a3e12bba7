"""How a Spark Connect server's failures become streams-window's Python exceptions.

A Connect client receives a Java exception as data: the class names of each exception in its
cause chain, their messages, and, for an exception that implements Spark's ``SparkThrowable``,
its condition and message parameters. The relation plugin turns every bad argument into such an
exception (``RefusedRequestException``, condition :data:`REFUSED`) whose parameters hold what
the Py4J path reads with getters (the Java class; a window clause's token and position); an
operator's failure, while Spark runs it, is read from ``WindowedOperatorException``'s message,
as the Py4J path does when it has only text. docs/connect.md ("Errors") has the table.

:func:`install` puts this conversion in front of the Connect client's own, as
:func:`streams_window._conversion.install` does for Py4J: PySpark converts a Connect error in one
place, ``pyspark.sql.connect.client.core.convert_exception`` (private, but the one function every
failed Connect call goes through).

Example::

    _connect_errors.install()
    with _connect_errors.calling_server("parse_window('sliding, cnt(3)')"):
        rows = df.collect()  # raises WindowClauseError, token 'cnt', position 9
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from streams_window import _conversion
from streams_window.errors import (
    ArgumentError,
    OperatorError,
    StreamsWindowError,
    WindowClauseError,
    _recast,
)

#: The condition of the plugin's ``RefusedRequestException``.
REFUSED = "STREAMS_WINDOW_REFUSED_ARGUMENT"
_Error = TypeVar("_Error", bound=StreamsWindowError)

# What Spark Connect says when no relation plugin takes an extension.
_NO_HANDLER = "No handler found for extension type"


@dataclass(frozen=True)
class ServerError:
    """One exception of a Connect error's cause chain, as the client receives it."""

    names: tuple[str, ...]  # its class, then its superclasses
    message: str
    condition: str | None
    parameters: dict[str, str]


def from_server(chain: list[ServerError]) -> StreamsWindowError | None:
    """The streams-window error a Connect error's chain stands for, or ``None``."""
    for link in chain:
        if link.condition == REFUSED:
            return _refused(link)
    for link in chain:
        if _conversion.OPERATOR_EXCEPTION in link.names:
            found = _conversion.from_text(f"{link.names[0]}: {link.message}")
            if found is not None:
                return _streaming(found) if _is_streaming(chain) else found
    top = chain[0] if chain else None
    if top is not None and _conversion.ANALYSIS_EXCEPTION in top.names:
        mode = _conversion._OUTPUT_MODE_TEXT.search(top.message)
        if mode is not None and _conversion._OUR_PLAN_MARK in top.message:
            java = _conversion.JavaThrowable(top.names, top.message, None)
            return _output_mode(_conversion._output_mode_error(mode["mode"], java))
    if _is_streaming(chain):
        for link in chain:
            key = _conversion.key_schema_error(
                link.message, link.parameters, java_class=chain[0].names[0]
            )
            if key is not None:
                return _restart(key)
    for link in chain:
        if _NO_HANDLER in link.message and "streams_window" in link.message:
            from streams_window import _connect

            return _connect.no_plugin_error()
    # A failure whose chain the client did not fetch keeps our exception's text in the top one.
    found = _conversion.from_text(chain[0].message) if chain else None
    if found is not None:
        return _streaming(found) if _is_streaming(chain) else found
    return None


def from_exception(error: BaseException) -> StreamsWindowError | None:
    """The streams-window error behind an exception PySpark's Connect client made, or ``None``:
    for one that did not come through :func:`install` (``query.exception()``, or an exception
    raised before it was installed), read from its condition, parameters and message."""
    if not type(error).__module__.startswith("pyspark.errors.exceptions.connect"):
        return None
    from pyspark.errors import StreamingQueryException

    names = (
        (_conversion.STREAMING_QUERY_EXCEPTION,)
        if isinstance(error, StreamingQueryException)
        else ()
    )
    getters: Any = error
    link = ServerError(
        names,
        str(getters.getMessage()),
        getters.getCondition(),
        dict(getters.getMessageParameters() or {}),
    )
    return from_server([link])


def _refused(link: ServerError) -> ArgumentError:
    parameters = link.parameters
    java_class = parameters.get("javaClass", link.names[0])
    if "token" in parameters:
        return WindowClauseError(
            link.message,
            clause=parameters.get("clause"),
            token=parameters["token"],
            position=int(parameters["position"]),
            java_class=java_class,
            java_message=link.message,
        )
    return ArgumentError(link.message, java_class=java_class, java_message=link.message)


def _is_streaming(chain: list[ServerError]) -> bool:
    return bool(chain) and _conversion.STREAMING_QUERY_EXCEPTION in chain[0].names


def _streaming(error: OperatorError) -> OperatorError:
    """``error`` as the ``StreamingQueryException`` the Connect client raises for a query."""
    return _adopt(_recast(error, _classes()[0]))


def _output_mode(error: ArgumentError) -> ArgumentError:
    """``error`` as the ``AnalysisException`` the Connect client raises at ``start()``."""
    converted = _classes()[1](
        error.message, java_class=error.java_class, java_message=error.java_message
    )
    return _adopt(converted)


def _restart(error: ArgumentError) -> ArgumentError:
    """``error`` as the ``StreamingQueryException`` the Connect client raises for a query."""
    converted = _classes()[2](
        error.message, java_class=error.java_class, java_message=error.java_message
    )
    return _adopt(converted)


@functools.cache
def _classes() -> tuple[type[OperatorError], type[ArgumentError], type[ArgumentError]]:
    """Our errors that are also the Connect client's exception they replace (made on first use:
    the Connect client's module needs packages a classic installation may lack)."""
    from pyspark.errors.exceptions.connect import AnalysisException, StreamingQueryException

    class ConnectStreamingOperatorError(OperatorError, StreamingQueryException):
        """An :class:`~streams_window.errors.OperatorError` that ended a streaming query of a
        Spark Connect session; also PySpark's ``StreamingQueryException``."""

    class ConnectOutputModeError(ArgumentError, AnalysisException):
        """A query over streams-window's results started on a Spark Connect session in an
        output mode other than append; also PySpark's ``AnalysisException``."""

    class ConnectRestartError(ArgumentError, StreamingQueryException):
        """A streaming query of a Spark Connect session refused at its restart: its
        ``partition_by`` gives the state's key other columns than the checkpoint's (see
        ``streams_window._captured.RestartError``); also PySpark's ``StreamingQueryException``."""

    return ConnectStreamingOperatorError, ConnectOutputModeError, ConnectRestartError


def _adopt(error: _Error) -> _Error:
    """Gives ``error`` what PySpark's Connect exceptions read (their ``__init__`` is not run)."""
    fields: Any = error
    fields._message = error.message
    fields._errorClass = None
    fields._messageParameters = None
    fields._contexts = []
    fields._sql_state = None
    fields._stacktrace = None
    fields._display_stacktrace = False
    fields._breaking_change_info = None
    return error


def chain_of(info: Any, message: str, response: Any) -> list[ServerError]:
    """The cause chain of a Connect error: the enriched one the client fetched, else the top
    exception alone from the error's ``ErrorInfo``."""
    errors = list(response.errors) if response is not None else []
    if errors:
        index = response.root_error_idx if response.HasField("root_error_idx") else 0
        chain: list[ServerError] = []
        seen: set[int] = set()
        while 0 <= index < len(errors) and index not in seen:
            seen.add(index)
            error = errors[index]
            throwable = error.spark_throwable if error.HasField("spark_throwable") else None
            chain.append(
                ServerError(
                    tuple(error.error_type_hierarchy),
                    error.message,
                    throwable.error_class
                    if throwable is not None and throwable.HasField("error_class")
                    else None,
                    dict(throwable.message_parameters) if throwable is not None else {},
                )
            )
            index = error.cause_idx if error.HasField("cause_idx") else -1
        return chain
    metadata = info.metadata
    classes = json.loads(metadata.get("classes") or "[]")
    parameters = json.loads(metadata.get("messageParameters") or "{}")
    return [ServerError(tuple(classes), message, metadata.get("errorClass"), parameters)]


def install() -> None:
    """Put streams-window's conversion in front of the Connect client's (idempotent); nothing
    happens when the Connect client cannot be imported."""
    try:
        from pyspark.sql.connect.client import core
    except ImportError:
        return
    original = getattr(core, "convert_exception", None)
    if original is None or getattr(original, "streams_window", False):
        return

    @functools.wraps(original)
    def convert_exception(info: Any, message: str, response: Any, *args: Any, **kwargs: Any) -> Any:
        converted = original(info, message, response, *args, **kwargs)
        try:
            ours = from_server(chain_of(info, message, response))
        except Exception:  # noqa: BLE001 - never let our reading hide Spark's own error
            ours = None
        # PySpark raises the result "from None"; ours, like the Py4J path's, carries no server
        # dump behind it (java_class and java_message keep what it was).
        return converted if ours is None else ours

    convert_exception.streams_window = True  # type: ignore[attr-defined]
    setattr(core, "convert_exception", convert_exception)  # noqa: B010 - typed as PySpark's


def install_if_loaded() -> None:
    """:func:`install`, when the Connect client is already imported (a Connect session exists);
    otherwise the facade installs it on its first call on a Connect session."""
    import sys

    if "pyspark.sql.connect.client.core" in sys.modules:
        install()


@contextmanager
def calling_server(what: str) -> Iterator[None]:
    """For the facade's own calls on a Connect session: no server error passes raw.

    Errors that are streams-window's arrive converted (see :func:`install`); any other failure
    becomes a :class:`~streams_window.errors.StreamsWindowError` naming ``what`` and the server's
    exception.
    """
    try:
        yield
    except StreamsWindowError:
        raise
    except Exception as error:
        from pyspark.errors.exceptions.connect import SparkConnectException

        if not isinstance(error, SparkConnectException):
            raise
        raise StreamsWindowError(
            f"{what} failed on the Spark Connect server: {type(error).__name__}: {error}",
            java_class=type(error).__name__,
            java_message=str(error),
        ) from error
