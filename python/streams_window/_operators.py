"""run_operator(): an IBM Streams Java operator, windowed or not, over a Spark DataFrame."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from streams_window import _connect, _jvm, _metrics, _pyspark
from streams_window._call import OperatorCall
from streams_window._checks import ParamValue
from streams_window.errors import calling, warn_of_plan

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, Observation
    from pyspark.sql.types import StructType


def run_operator(
    df: DataFrame,
    operator_class: str,
    *,
    window: str | None,
    output_schema: str | StructType | Sequence[str | StructType],
    partition_by: str | Sequence[str] | None = None,
    order_by: str | Sequence[str] | None = None,
    params: Mapping[str, ParamValue] | None = None,
    marker_column: str | None = None,
    batch_marker: bool = False,
    punctuation_column: str | None = None,
    event_time: str | None = None,
    late_output: bool = False,
    partition_by_keys_only: bool = False,
    real_time: bool = False,
    spl_types: Mapping[str, str] | None = None,
    output_spl_types: Mapping[str, str] | None = None,
    metrics: Observation | None = None,
    inputs: Sequence[DataFrame] | None = None,
    input_windows: Sequence[str | None] | None = None,
) -> DataFrame:
    """Run an IBM Streams Java operator over a DataFrame; return what it submits.

    The operator class, unchanged from IBM Streams, must be on the session's classpath (add its
    jar with ``configure(builder, extra_jars=[...])``). Its input port 0 receives ``df``'s rows
    as tuples (column names are attribute names), with the window declared by the SPL window
    clause ``window``; the tuples it submits on output port 0 become the returned DataFrame,
    whose schema is ``output_schema``. A batch ``df`` gives a batch DataFrame (the input ends
    with a final marker); a streaming ``df`` gives a streaming DataFrame whose windows live in
    Spark's state store, under the query's ``checkpointLocation``.

    Arguments are checked here before any Spark job starts: types and column names in Python,
    then the operator class, the window clause, the output schema and the operator's own
    parameters in the JVM, where the operator is initialized once as a dry run. A parameter
    the operator does not declare, and an output column whose name differs only in case from
    a name the operator uses (SPL names are case-sensitive, Spark's columns are not), are
    refused with the valid names.

    On a streaming DataFrame:

    * the result is append-only: write it in ``append`` output mode (the default). On the
      single-value layout (a state store other than RocksDB) ``update`` fails at ``start()``
      with an :class:`~streams_window.errors.ArgumentError` saying so; on the chunked layout
      ``sw.configure`` chooses, Spark accepts ``update`` and it writes the same rows as
      ``append``. ``complete`` fails with Spark's own message: there is no aggregation to
      complete.
    * ``time(...)`` and ``partitionAge`` policies run on Spark's processing time, at micro-batch
      granularity: every tuple of a micro-batch arrives at the batch's time, so how many
      tuples a time window holds follows when micro-batches run.
    * a query whose window has time policies runs a micro-batch on every trigger, data or not,
      so ``processAllAvailable()`` never returns for it and ``Trigger.AvailableNow`` never
      ends: give it a ``processingTime`` trigger and wait with ``awaitTermination(timeout)`` or
      on ``query.lastProgress``, then ``stop()`` (quiet, and nothing is lost: an interrupted
      micro-batch runs again after a restart from the checkpoint).

    A ``timeInterval`` window (event-time panes) needs ``event_time``, the column that places
    each row in its panes; its panes complete when the watermark reaches their end. On a batch
    DataFrame the watermark is at the end of time once the input is read: every pane triggers
    once, on complete, and closes. On a streaming DataFrame the watermark is Spark's own: call
    ``df.withWatermark(event_time, delay)`` first. A pane then triggers in the first micro-batch
    whose watermark reaches its end (a micro-batch without data too: Spark runs one when the
    watermark moves); a late row (older than the watermark) still reaches its panes and triggers
    them again when the watermark next moves (as IBM's runtime does at its next watermark), unless
    its event time is earlier than the watermark minus ``discardAge``: such a row is dropped and
    counted, even while one of its panes is open. Such a query needs no processing-time trigger:
    ``processAllAvailable()`` returns.

    Args:
        df: the input rows, batch or streaming, of a classic (Py4J) or a Spark Connect
            session (docs/connect.md).
        operator_class: the operator's Java class name, e.g. ``"com.acme.VSum"``.
        window: the SPL window clause of input port 0, e.g. ``"partitioned, sliding, count(3)"``
            (see :func:`streams_window.parse_window`); ``None`` when the port is not windowed
            (a filter, a transform, an enricher: ``process`` sees each tuple, no window event
            fires). Required: ``window=None`` says so explicitly.
        output_schema: output port 0's schema: a DDL string (``"key string, total double"``)
            or a ``StructType``. For an operator with several output ports, a list of them,
            one per port, port 0's first: the result then holds every port's tuples, each row
            naming its port in ``output_port`` and holding the tuple in that port's struct
            column (``output_0``, ``output_1``, ...), the other ports' null; read one port's
            rows with :func:`output_port` (docs/python.md, "Several output ports").
        partition_by: the column(s) that partition a ``partitioned`` window; each partition is a
            Spark group, so partitions spread over executors. Required for a partitioned
            window, refused for one that is not (that one runs as a single group). With
            ``window=None``, optional: one operator instance per value of these columns, its
            ``StateHandler`` state kept per value; without them one instance for the whole
            input.
        order_by: the column(s) whose ascending order is the arrival order inside a partition
            (and inside each micro-batch of a stream); ties keep their input order. Without
            it, the input's own order.
        params: the operator's parameters. A value is a ``str``, ``int``, ``float`` or
            ``bool``, or a list of them; each becomes the string SPL would pass (booleans as
            ``"true"``/``"false"``). A name the operator does not take is refused with an
            :class:`~streams_window.errors.ArgumentError`: for a ``@PrimitiveOperator``, one its
            ``@Parameter`` setters do not declare; for another class, one it did not read when
            the driver initialized it and that its code does not name, unless it lists its
            parameters (``getParameterNames()``); see docs/python.md.
        marker_column: a boolean column; rows where it is true are not tuples but window
            markers (punctuation), e.g. for a ``tumbling, punct()`` window. The column is not
            part of the operator's input schema.
        batch_marker: end each micro-batch (the whole input, for a batch DataFrame) with a
            window marker.
        punctuation_column: the name of an extra string column of the result that shows the
            operator's output punctuation: rows where it is ``"WINDOW_MARKER"`` or
            ``"FINAL_MARKER"`` are marks (their other columns are null); it is null on tuples.
        event_time: the event-time column of a ``timeInterval`` window: a timestamp, or a
            double of seconds since the epoch (a stream needs a timestamp column carrying
            Spark's watermark). Required for a ``timeInterval`` window, refused for others.
        late_output: return the tuples a ``timeInterval`` window drops, because their event
            time is earlier than the watermark minus ``discardAge`` (even while one of their
            panes is open), instead of dropping them unseen: each is a row whose
            ``late_tuple`` column (a struct of the input's columns, added last) holds it, with
            the ``partition_by`` output columns set and the others null; ``late_tuple`` is null
            on every other row. Refused for other windows, which drop no tuple.
        partition_by_keys_only: the ``partition_by`` columns key the rows on Spark (an
            operator instance per value) but are not attributes of input port 0: the tuples
            are ``df``'s other columns. For an operator whose port schema is fixed (IBM's
            ``tuple<blob __spl_jo>``) and that partitions its window with its own partitioner
            (registered in ``initialize``; the default one reads ``partition_by`` attributes,
            so a partitioned window whose operator registers none is refused). Needs
            ``partition_by``; ``order_by``, ``event_time`` and ``spl_types`` cannot name these
            columns. See docs/python.md, "Key columns that are not attributes".
        real_time: hand a stream's rows to the operator one by one as they arrive, for a
            query run in Spark's real-time mode (``trigger(realTime="5 seconds")`` with
            ``outputMode("update")``, Spark 4.3 and later, the chunked state layout), instead
            of packing each input partition's rows per micro-batch, which a real-time
            partition would hold until its batch ends. Refused on a batch DataFrame, on Spark
            before 4.3 and on the single-value layout, each naming the alternative
            (docs/python.md, "Real-time mode").
        spl_types: the SPL type of input attributes whose default is not the one the operator
            was written for: column name -> SPL type, e.g. ``{"amount": "decimal64"}``. By
            default a string column is an ``rstring``, a decimal a ``decimal128``, a bigint an
            ``int64``...; a stated type must fit the column (``decimal32``/``64``/``128`` take
            decimals, rounding to their digits; every integer type takes every integer column,
            each value checked against its range; ``ustring`` and ``rstring[n]`` take strings;
            ``optional<T>`` takes a column with nulls; lists, sets, maps and tuples take arrays,
            maps and structs whose parts fit). The table is in docs/python.md.
        output_spl_types: the same for columns of ``output_schema``: the SPL type of the output
            attribute, e.g. ``{"total": "decimal64", "n": "uint32"}``; the column must hold
            its values (``uint32`` goes into a bigint).
        metrics: a ``pyspark.sql.Observation`` that receives the operator's metrics when an
            action first runs the returned batch DataFrame: IBM's port metrics
            (``nTuplesProcessed0``, ``nTuplesSubmitted0``, ...) and the operator's custom
            metrics, counters summed over every key's operator instance, gauges and times
            their largest value. A stream reports them in each micro-batch's progress instead
            (docs/python.md, "Monitoring").
        inputs: the rows of input ports 1, 2... of an operator with several input ports, one
            DataFrame per port (``df`` is port 0's), of the same kind as ``df`` (batch or
            streaming) and session. Each must have the ``partition_by`` columns, of the same
            types, and the ``order_by`` ones: a key's operator instance receives the key's rows
            of every port. Arrival order across ports: by ``order_by`` across all ports, ties
            by port number, then input order; without ``order_by``, within a batch or a
            micro-batch, port 0's rows, then port 1's, ... (docs/python.md, "Several input
            ports").
        input_windows: each of ``inputs``' window clause, or ``None`` for a port without a
            window (the default for every one): a window of count, delta or punct policies,
            or on a stream processing-time ones too (not timeInterval ones); a partitioned one
            is keyed by ``partition_by``.

    Returns:
        The submitted tuples, as a DataFrame with ``output_schema`` (plus
        ``punctuation_column``, then ``late_tuple``); with several output ports,
        ``output_port`` and a struct column per port in its place.

    Raises:
        TypeError: an argument has the wrong Python type.
        ValueError: an argument is empty, or a list names a column twice.
        streams_window.errors.WindowClauseError: ``window`` cannot be read (it names the token
            and its position).
        streams_window.errors.ArgumentError: the JVM refused an argument (it is a
            ``ValueError`` too): a column named by ``partition_by``, ``order_by``,
            ``marker_column`` or ``event_time`` that is not in ``df`` (the message lists its
            columns) or has the wrong type, an operator class not found or not an
            ``Operator``, a bad output schema, a missing operator parameter, an ``spl_types``
            entry naming no column, naming no SPL type, or a type that does not fit the column
            (the message says what would), ...
        streams_window.errors.OperatorError: the operator failed its dry run.
        streams_window.errors.StreamsWindowError: streams-window's jar is not on the session.

    An operator that fails *while Spark runs it*, or input it cannot take (a null in a tuple
    column), fails the action that runs the query (``collect()``, a write, a streaming query's
    ``awaitTermination()``) with an :class:`~streams_window.errors.OperatorError` whose first
    line is the cause.

    Example::

        import streams_window as sw

        sums = sw.run_operator(
            df, "io.streamswindow.examples.WindowSum",
            window="partitioned, tumbling, count(4)",
            partition_by="key", order_by="seq",
            params={"attr": "cost"},
            output_schema="key string, seq long, total double, count long",
        )
        sums.show()

        # An operator written for decimal64 input: its sums round as on Streams.
        totals = sw.run_operator(
            payments, "io.streamswindow.examples.DecimalSum", window="tumbling, count(3)",
            params={"attr": "amount"}, spl_types={"amount": "decimal64"},
            output_schema="total decimal(38,18)",
        )
    """
    wants_metrics = _metrics.check_observation(metrics, df)
    call = OperatorCall.check(
        "run_operator",
        df,
        operator_class,
        window=window,
        output_schema=output_schema,
        partition_by=partition_by,
        order_by=order_by,
        params=params,
        run_arguments=dict(
            marker_column=marker_column,
            batch_marker=batch_marker,
            punctuation_column=punctuation_column,
            event_time=event_time,
            late_output=late_output,
            partition_by_keys_only=partition_by_keys_only,
            real_time=real_time,
            metrics=wants_metrics,
            spl_types=spl_types,
            output_spl_types=output_spl_types,
        ),
        connect=True,
        inputs=inputs,
        input_windows=input_windows,
    )
    with calling(f"run_operator({operator_class!r}, window={window!r})"):
        if _pyspark.is_connect(df):
            result = _connect.run_operator(call)
        else:
            result = _jvm.run_operator(call)
    warn_of_plan(result)
    return _metrics.observed(result, metrics) if wants_metrics else result


#: With several output ports, the result column that names the port of each row's tuple.
OUTPUT_PORT_COLUMN = "output_port"


def output_port(result: DataFrame, port: int) -> DataFrame:
    """The rows output port ``port`` submitted, with that port's columns, from the result of
    :func:`run_operator` for an operator with several output ports (``output_schema`` a list):
    the rows whose ``output_port`` is ``port``, the fields of their ``output_<port>`` struct as
    columns, then ``punctuation_column`` if the run asked for one (its marks name their port
    too). Works on batch and streaming results, of a classic or a Spark Connect session.

    A streaming query has one sink: write the whole result once and split it in
    ``foreachBatch`` (each port's rows of a micro-batch, from the one persisted batch), rather
    than start one query per port, which would run the operator once per query (docs/python.md,
    "Several output ports").

    Example::

        import streams_window as sw

        result = sw.run_operator(
            readings, "io.streamswindow.examples.SumAndOutliers",
            window="partitioned, tumbling, count(3)", partition_by="key", order_by="seq",
            params={"attr": "cost", "limit": 10.0},
            output_schema=["key string, total double", "key string, seq long, cost double"],
        )
        sums = sw.output_port(result, 0)      # key, total
        outliers = sw.output_port(result, 1)  # key, seq, cost
    """
    if isinstance(port, bool) or not isinstance(port, int) or port < 0:
        raise TypeError(f"port takes an output port number, 0 or more; got {port!r}")
    columns = result.columns
    struct = f"output_{port}"
    if OUTPUT_PORT_COLUMN not in columns or struct not in columns:
        ports = [c for c in columns if c.startswith("output_") and c[len("output_") :].isdigit()]
        raise ValueError(
            f"output_port: the DataFrame has no column {struct!r}"
            + (
                f"; its output ports are {list(range(len(ports)))}"
                if OUTPUT_PORT_COLUMN in columns
                else f" nor {OUTPUT_PORT_COLUMN!r}: it is not the result of run_operator with"
                " several output ports (output_schema a list)"
            )
        )
    last_struct = max(
        i for i, c in enumerate(columns) if c.startswith("output_") and c[7:].isdigit()
    )
    # After the structs: punctuation_column, late_tuple (null on every port's rows: left out).
    extra = [c for c in columns[last_struct + 1 :] if c != "late_tuple"]
    F = _pyspark.functions_of(result)
    return result.where(F.col(OUTPUT_PORT_COLUMN) == port).select(f"{struct}.*", *extra)
