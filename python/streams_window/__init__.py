"""PySpark facade of streams-window: IBM Streams windows (count, time, delta and punctuation
windows, tumbling and sliding, partitioned) run by a Java engine inside Spark.

* :func:`configure` puts streams-window's jar (and any ``extra_jars``, such as the jar of your
  operators) on a ``SparkSession`` builder, with quiet log settings.
* :func:`run_operator` runs an IBM Streams windowed Java operator, unchanged, over a batch or
  streaming DataFrame; :func:`output_port` picks one output port's rows from the result of an
  operator with several.
* :func:`aggregate` computes SPL ``Aggregate`` output functions over a window, without Java;
  :func:`sort` runs SPL's ``Sort`` (tumbling sorts and the progressive sliding sort), and
  :func:`join` SPL's ``Join`` of two DataFrames over their windows.
* :func:`functor` runs SPL's ``Functor`` (a filter and output assignments in SPL expressions)
  and :func:`spl_column` makes one SPL expression a Column, typed by SPL's rules.
* :func:`parse_window` reads an SPL window clause into a :class:`WindowClause`.
* :func:`jar_path` and :func:`examples_jar_path` find the jars a session needs;
  :func:`api_jar_path` finds the jar of IBM's API to compile your own operators against
  (``python -m streams_window classpath`` prints it).
* :mod:`streams_window.errors` holds the exceptions. In a session built with :func:`configure`
  (or after ``errors.install()``), an operator that fails while Spark runs it raises
  :class:`OperatorError` from the action (``collect()``, a write, a streaming query's
  ``awaitTermination()``), with no wrapping needed; :mod:`streams_window.testing` holds a
  reference run to test operators against.

Only the query plan crosses Py4J (or, on a Spark Connect session, the Connect protocol: see
docs/connect.md); no row is handled in Python.

Example::

    from pyspark.sql import SparkSession
    import streams_window as sw

    builder = SparkSession.builder.master("local[2]")
    spark = sw.configure(builder, extra_jars=[sw.examples_jar_path()]).getOrCreate()
    df = spark.createDataFrame(
        [("a", i, float(i)) for i in range(8)], "key string, seq long, cost double"
    )
    sums = sw.run_operator(
        df, "io.streamswindow.examples.WindowSum",
        window="partitioned, tumbling, count(4)", partition_by="key", order_by="seq",
        params={"attr": "cost"}, output_schema="key string, seq long, total double, count long",
    )
    sums.show()  # two rows: seq 3 with total 6.0, seq 7 with total 22.0
"""

from streams_window._aggregate import aggregate
from streams_window._expressions import functor, spl_column
from streams_window._join import join
from streams_window._jars import api_jar_path, examples_jar_path, jar_path
from streams_window._operators import output_port, run_operator
from streams_window._session import configure
from streams_window._sort import sort
from streams_window._window import WindowClause, WindowType, parse_window
from streams_window.errors import (
    ArgumentError,
    OperatorError,
    PlanWarning,
    StreamsWindowError,
    WindowClauseError,
)

__all__ = [
    "ArgumentError",
    "OperatorError",
    "PlanWarning",
    "StreamsWindowError",
    "WindowClause",
    "WindowClauseError",
    "WindowType",
    "aggregate",
    "api_jar_path",
    "configure",
    "examples_jar_path",
    "functor",
    "jar_path",
    "join",
    "output_port",
    "parse_window",
    "run_operator",
    "sort",
    "spl_column",
]
