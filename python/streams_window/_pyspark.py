"""The one module that touches PySpark's internals (docs/python.md, "How the package is
layered"): every private name of PySpark the facade needs is read here, each with the reason no
public API serves.

* Session kinds: :func:`is_connect`, :func:`classic_session`, :func:`active_session`.
* Handles the Py4J transport needs (``df._jdf``, ``spark._jvm``, the gateway) and the plan node
  the Connect transport sends (:func:`connect_request`).
* Errors: :func:`install` (when the user opts in: ``streams_window.errors.install``, which
  ``configure`` calls) puts one converter in front of each of PySpark's two conversions of a
  failure (``pyspark.errors.exceptions.captured.convert_exception`` for Py4J,
  ``pyspark.sql.connect.client.core.convert_exception`` for Spark Connect: private, but the one
  function each kind of failure goes through), the same way for both; :func:`raised_as` makes
  our error also the PySpark exception it replaces (``StreamingQueryException``,
  ``AnalysisException``, in the classic or the Connect flavour), built with PySpark's own
  constructors, so that handlers written for either class catch it.

Example::

    _pyspark.install(classic=from_java, connect=from_connect)
    spark = _pyspark.active_session(None, "parse_window")
"""

from __future__ import annotations

import functools
import importlib
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from streams_window._classify import ANALYSIS_EXCEPTION, STREAMING_QUERY_EXCEPTION, Link
from streams_window._exceptions import StreamsWindowError

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, SparkSession

_CLASSIC_CONVERSION = "pyspark.errors.exceptions.captured"
_CONNECT_CONVERSION = "pyspark.sql.connect.client.core"

# --- session kinds ------------------------------------------------------------------------------


def is_connect(value: Any) -> bool:
    """Whether ``value`` is a Spark Connect DataFrame or SparkSession (without importing the
    Connect client, which needs packages a classic installation may lack)."""
    from pyspark.sql import DataFrame

    if not type(value).__module__.startswith("pyspark.sql.connect."):
        return False
    # A Connect DataFrame derives from PySpark's DataFrame (from pyspark 4; on 3.5 from nothing,
    # as Connect's SparkSession).
    return isinstance(value, DataFrame) or type(value).__name__ in ("DataFrame", "SparkSession")


def functions_of(df: DataFrame) -> Any:
    """The column functions of ``df``'s kind: ``pyspark.sql.functions`` picks classic or Spark
    Connect columns by the process's mode, which a process holding both kinds of session (a
    classic job that also talks to a Connect server) cannot rely on."""
    if is_connect(df):
        from pyspark.sql.connect import functions as connect_functions

        return connect_functions
    from pyspark.sql import functions

    return functions


def classic_session(df: DataFrame, function: str) -> SparkSession:
    """The session of ``df``, which must be a classic (Py4J) DataFrame, not a Spark Connect one."""
    from pyspark.sql import DataFrame

    ClassicDataFrame = _classic_dataframe_class()
    if not isinstance(df, DataFrame):
        raise TypeError(
            f"{function}() takes a pyspark.sql.DataFrame as df; got {type(df).__name__}"
        )
    if not isinstance(df, ClassicDataFrame):
        raise TypeError(
            f"{function}() needs a classic SparkSession (Py4J) to reach the JVM; this DataFrame"
            f" is a {type(df).__module__}.{type(df).__name__} (Spark Connect is not supported)"
        )
    return df.sparkSession


def active_session(spark: Any, function: str) -> Any:
    """``spark`` if given, else the session this thread works with: the active Spark Connect
    session when this process runs Spark Connect (PySpark's ``is_remote()``), else the active
    classic session, else the process's classic session. Either kind may be returned.

    Raises ``TypeError`` when ``spark`` is not a SparkSession of either kind, and
    :class:`~streams_window.errors.StreamsWindowError` when there is no session at all.
    """
    from pyspark.sql import SparkSession

    if spark is None:
        spark = _active_connect_session() or _active_classic_session()
        if spark is None:
            raise StreamsWindowError(
                f"{function}() needs a SparkSession (the window clause parser runs in the JVM):"
                " start one with streams_window.configure(SparkSession.builder).getOrCreate(),"
                " or pass it as spark="
            )
    if not isinstance(spark, SparkSession) and not is_connect(spark):
        raise TypeError(
            f"{function}() takes a pyspark.sql.SparkSession (classic or Spark Connect) as spark;"
            f" got {type(spark).__module__}.{type(spark).__name__}"
        )
    return spark


def _active_classic_session() -> Any:
    from pyspark.sql import SparkSession

    # The active session is per thread; another thread falls back on the process's session,
    # which PySpark keeps only in a private attribute.
    return SparkSession.getActiveSession() or SparkSession._instantiatedSession


def _active_connect_session() -> Any:
    if "pyspark.sql.connect.session" not in sys.modules:
        return None
    from pyspark.sql.connect.session import SparkSession as ConnectSession
    from pyspark.sql.utils import is_remote

    if not is_remote():
        return None
    # As for classic sessions: another thread's default session is kept in a private method.
    return ConnectSession.getActiveSession() or ConnectSession._get_default_session()


# --- handles of the transports ------------------------------------------------------------------


def jvm_view(spark: SparkSession) -> Any:
    """The session's Py4J view of the JVM, ``None`` once stopped (no public accessor exists)."""
    return spark._jvm


def gateway_client(spark: SparkSession) -> Any:
    """The session's Py4J gateway client (for Py4J's converters), ``None`` once stopped."""
    gateway = spark.sparkContext._gateway
    return None if gateway is None else gateway._gateway_client


def java_dataframe(df: DataFrame) -> Any:
    """The Java ``Dataset<Row>`` behind a classic DataFrame (PySpark keeps it in ``_jdf``)."""
    return df._jdf


def classic_column(jcolumn: Any) -> Any:
    """A classic Column around a Java ``Column``: ``pyspark.sql.classic.column.Column`` from
    pyspark 4, ``pyspark.sql.column.Column`` on pyspark 3.5."""
    try:
        from pyspark.sql.classic.column import Column as ClassicColumn
    except ImportError:  # pyspark 3.5
        from pyspark.sql.column import Column as ClassicColumn
    return ClassicColumn(jcolumn)


def classic_dataframe(jdf: Any, spark: SparkSession) -> DataFrame:
    """A classic DataFrame around a Java ``Dataset<Row>``."""
    return _classic_dataframe_class()(jdf, spark)


def _classic_dataframe_class() -> type[Any]:
    """The class of classic DataFrames: ``pyspark.sql.classic.dataframe.DataFrame`` from pyspark
    4, ``pyspark.sql.DataFrame`` itself on pyspark 3.5, which has no ``pyspark.sql.classic``."""
    try:
        from pyspark.sql.classic.dataframe import DataFrame as ClassicDataFrame
    except ImportError:  # pyspark 3.5
        from pyspark.sql import DataFrame as ClassicDataFrame
    return ClassicDataFrame


def running_jvm() -> Any:
    """The Py4J view of the JVM this process already has: the one PySpark started here (a
    session made before, or stopped: its JVM stays), else the driver that launched this process
    (:func:`running_driver_jvm`); ``None`` when PySpark would start one."""
    from pyspark import SparkContext

    # PySpark keeps the gateway of the JVM it started or joined in private class attributes
    # only; reading them starts nothing.
    if SparkContext._gateway is not None:
        return SparkContext._jvm
    return running_driver_jvm()


def running_driver_jvm() -> Any:
    """The JVM view of the driver that launched this Python process (``spark-submit``,
    ``pyspark``), connecting to it; ``None`` when this process starts its own JVM later."""
    import os

    from pyspark import SparkContext

    # Set by the JVM that launched this Python process; a JVM PySpark starts itself leaves it
    # unset. Connecting (a private classmethod, the one PySpark's own shell uses) launches no JVM.
    if "PYSPARK_GATEWAY_PORT" not in os.environ:
        return None
    SparkContext._ensure_initialized()
    return SparkContext._jvm


def builder_options(builder: Any) -> dict[str, str]:
    """What was set on a ``SparkSession.Builder``: it keeps them in ``_options`` only, and
    reading them lets ``configure`` append to the caller's settings instead of replacing them."""
    options: dict[str, str] = getattr(builder, "_options", {})
    return options


def connect_request(
    child: DataFrame | None,
    session: Any,
    type_url: str,
    encode: Callable[..., bytes],
    more: Sequence[DataFrame] = (),
) -> DataFrame:
    """A Connect DataFrame whose plan is an extension relation: ``Any(type_url, encode(the input
    relation's bytes, then each of ``more``'s))`` over ``child``'s plan. Connect offers no public
    way to send a plugin's relation, so this subclasses its plan node as its own nodes do."""
    from pyspark.sql.connect.dataframe import DataFrame as ConnectDataFrame
    from pyspark.sql.connect.plan import LogicalPlan

    class WindowRequestPlan(LogicalPlan):
        """The plan node of a streams-window request; its child is the input DataFrame's plan."""

        def plan(self, session: Any) -> Any:
            relation = self._create_proto_relation()
            child_plan = self._child.plan(session).SerializeToString() if self._child else b""
            more_plans = [plan.plan(session).SerializeToString() for plan in more_children]
            relation.extension.type_url = type_url
            relation.extension.value = encode(child_plan, *more_plans)
            return relation

    connect_child: Any = child  # a Connect DataFrame: its plan is Connect's
    child_plan = None if connect_child is None else connect_child._plan
    more_children = [frame._plan for frame in more]  # type: ignore[attr-defined]
    return ConnectDataFrame(WindowRequestPlan(child_plan), session)


def connect_column(type_url: str, payload: bytes) -> Any:
    """A Connect Column whose expression is an extension expression: ``Any(type_url, payload)``,
    which the server's expression plugin answers. As for :func:`connect_request`, Connect offers
    no public way to send a plugin's expression, so this subclasses its expression node."""
    from pyspark.sql.connect.column import Column as ConnectColumn
    from pyspark.sql.connect.expressions import Expression

    class WindowRequestExpression(Expression):
        """The expression node of a streams-window request."""

        def to_plan(self, session: Any) -> Any:
            from pyspark.sql.connect.proto import Expression as ExpressionProto

            expression = ExpressionProto()
            expression.extension.type_url = type_url
            expression.extension.value = payload
            return expression

        def __repr__(self) -> str:
            return "streams_window.spl_column"

    return ConnectColumn(WindowRequestExpression())


# --- errors -------------------------------------------------------------------------------------


def java_handle(error: BaseException) -> Any:
    """The Java exception object behind a Python exception raised through Py4J, or ``None``."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        # Py4JJavaError keeps it in java_exception; PySpark's captured exceptions in _origin
        # (private, but the only handle PySpark 4 keeps; absent for "unknown" exceptions).
        handle = getattr(current, "java_exception", None) or getattr(current, "_origin", None)
        if handle is not None:
            return handle
        # PySpark raises its captured exceptions "from None": the Py4JJavaError stays in
        # __context__.
        current = current.__cause__ or current.__context__
    return None


def converted_cause(error: BaseException) -> BaseException | None:
    """The cause PySpark converted when it made a captured exception (kept in ``_cause`` from
    PySpark 4, in ``cause`` on 3.5): through our converter, so for ``query.exception()`` it holds
    our error."""
    for kept in ("_cause", "cause"):
        cause = getattr(error, kept, None)
        if isinstance(cause, BaseException):
            return cause
    return None


def raised_through(error: BaseException) -> str | None:
    """``"jvm"`` for an exception raised by a Py4J call (Py4J's own, or PySpark's captured
    ones), ``"connect"`` for one of the Connect client's, else ``None`` (a Python error)."""
    from py4j.protocol import Py4JError
    from pyspark.errors.exceptions.captured import CapturedException

    if isinstance(error, (Py4JError, CapturedException)):
        return "jvm"
    if "pyspark.errors.exceptions.connect" in sys.modules:
        from pyspark.errors.exceptions.connect import SparkConnectException

        if isinstance(error, SparkConnectException):
            return "connect"
    return None


def is_spark_throwable(handle: Any) -> bool:
    """Whether a Java object (a Py4J handle) implements ``org.apache.spark.SparkThrowable``."""
    from py4j.java_gateway import is_instance_of
    from pyspark import SparkContext

    # PySpark's own captured exceptions ask the same of the same private gateway.
    gateway = SparkContext._gateway
    return gateway is not None and is_instance_of(
        gateway, handle, "org.apache.spark.SparkThrowable"
    )


def raised_as(error: StreamsWindowError, top: Link, *, origin: Any = None) -> StreamsWindowError:
    """``error`` as the PySpark exception its chain's ``top`` would have been raised as: also a
    ``StreamingQueryException`` (a failed query) or an ``AnalysisException`` (a refused plan),
    of the classic flavour when ``origin`` (the top's Py4J handle) is given, else of the Connect
    one; ``error`` itself when the top is neither."""
    if STREAMING_QUERY_EXCEPTION in top.names:
        kind = "StreamingQueryException"
    elif ANALYSIS_EXCEPTION in top.names:
        kind = "AnalysisException"
    else:
        return error
    connect = origin is None
    dual = _dual_class(type(error), kind, connect)
    converted: Any = dual.__new__(dual, error.message)
    vars(converted).update(vars(error))  # our facts, as they were read
    theirs: Any = dual.__bases__[1]
    if connect:
        # The public constructor of the Connect client's exceptions; needs no JVM.
        theirs.__init__(
            converted,
            message=error.message,
            errorClass=top.condition,
            messageParameters=dict(top.parameters) if top.condition else None,
        )
    else:
        # The public constructor of the captured exceptions, from the Java exception: it reads
        # the stack trace, condition and causes as for PySpark's own.
        theirs.__init__(converted, origin=origin)
    result: StreamsWindowError = converted
    return result


_DUAL_CLASSES: dict[tuple[type[StreamsWindowError], str, bool], type[Any]] = {}


def _dual_class(ours: type[StreamsWindowError], kind: str, connect: bool) -> type[Any]:
    """A class deriving from ``ours`` and PySpark's ``kind`` (made on first use, once: the
    Connect client's module needs packages a classic installation may lack)."""
    made = _DUAL_CLASSES.get((ours, kind, connect))
    if made is not None:
        return made
    module = importlib.import_module(
        "pyspark.errors.exceptions.connect" if connect else "pyspark.errors.exceptions.captured"
    )
    theirs = getattr(module, kind)
    prefix = ("Connect" if connect else "") + kind.removesuffix("QueryException").removesuffix(
        "Exception"
    )
    made = type(
        f"{prefix}{ours.__name__}",
        (ours, theirs),
        {
            "__module__": __name__,
            "__doc__": f"A :class:`~streams_window.errors.{ours.__name__}` that is also PySpark's"
            f" {'Connect ' if connect else ''}``{kind}``, the exception it replaces.",
        },
    )
    _DUAL_CLASSES[(ours, kind, connect)] = made
    return made


# While a thread converts, the Py4J calls it makes (and PySpark's conversion of each cause) come
# through the same function; those are left to PySpark instead of being read again.
_converting = threading.local()


def install(
    *,
    classic: Callable[..., BaseException | None],
    connect: Callable[..., BaseException | None],
) -> None:
    """Put ``classic`` in front of PySpark's conversion of Py4J failures and ``connect`` in front
    of the Connect client's (each takes the arguments of the function it precedes and returns
    our error or ``None``). Idempotent; the Connect one only once its client is loaded (a
    Connect session exists), so call this again when one may have started."""
    _put_in_front(_CLASSIC_CONVERSION, classic)
    if _CONNECT_CONVERSION in sys.modules:
        _put_in_front(_CONNECT_CONVERSION, connect)


def _put_in_front(module_name: str, ours: Callable[..., BaseException | None]) -> None:
    try:
        module = importlib.import_module(module_name)
    except ImportError:  # no such PySpark (or a future one that moved it): nothing to convert
        return
    original: Callable[..., Any] | None = getattr(module, "convert_exception", None)
    if original is None or getattr(original, "streams_window", False):
        return

    @functools.wraps(original)
    def convert_exception(*args: Any, **kwargs: Any) -> Any:
        if getattr(_converting, "active", False):
            return original(*args, **kwargs)
        _converting.active = True
        try:
            try:
                converted = ours(*args, **kwargs)
            except Exception:  # noqa: BLE001 - never let our reading hide Spark's own error
                converted = None
            return converted if converted is not None else original(*args, **kwargs)
        finally:
            _converting.active = False

    convert_exception.streams_window = True  # type: ignore[attr-defined]
    setattr(module, "convert_exception", convert_exception)  # noqa: B010 - typed as PySpark's
