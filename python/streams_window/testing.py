"""Helpers for testing operators on Spark against the IBM Streams way of running them.

:func:`single_instance_run` runs an operator as IBM Streams does (one operator instance, one
window holding every partition, the whole input in arrival order, then a final marker) on the
driver. For an operator whose output depends only on its window events, the rows it returns are
the rows :func:`streams_window.run_operator` must give, however Spark spreads the input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from streams_window import _jvm
from streams_window._call import OperatorCall
from streams_window._checks import ParamValue
from streams_window.errors import calling, warn_of_plan

if TYPE_CHECKING:
    from pyspark.sql import DataFrame
    from pyspark.sql.types import StructType

__all__ = ["single_instance_run"]


def single_instance_run(
    df: DataFrame,
    operator_class: str,
    *,
    window: str | None,
    output_schema: str | StructType,
    partition_by: str | Sequence[str] | None = None,
    order_by: str | Sequence[str] | None = None,
    params: Mapping[str, ParamValue] | None = None,
    event_time: str | None = None,
    partition_by_keys_only: bool = False,
    spl_types: Mapping[str, str] | None = None,
    output_spl_types: Mapping[str, str] | None = None,
    inputs: Sequence[DataFrame] | None = None,
    input_windows: Sequence[str | None] | None = None,
) -> DataFrame:
    """Run an operator the IBM Streams way, on the driver; return its output rows.

    Takes the arguments of :func:`streams_window.run_operator` (without the marker options).
    The whole of ``df`` is collected to the driver and fed, sorted by ``order_by`` if given,
    to one operator instance, then a final marker; time policies see a clock that does not
    move; a ``timeInterval`` window (with ``event_time``) sees the watermark move to the end of
    time after the last row, so every pane triggers once and closes, as on a batch DataFrame.
    ``spl_types`` and ``output_spl_types`` state SPL types of columns as for
    :func:`streams_window.run_operator`; rows are sorted by ``order_by`` as the operator sees
    them (as ``run_operator`` orders them). Meant for tests and small inputs.

    ``inputs`` and ``input_windows`` give an operator with several input ports the batch rows
    and windows of ports 1, 2..., as for :func:`streams_window.run_operator`. The one instance
    receives every port's rows in the order a batch's call hands a key's rows on, here over the
    whole input: by ``order_by`` across the ports, ties to the lower port, then input order;
    without ``order_by``, all of port 0's rows, then port 1's...; then a final marker on every
    port, port 0's first (docs/python.md, "Several input ports").

    Raises:
        TypeError, ValueError: as :func:`streams_window.run_operator`; ``df`` must be a batch
            DataFrame.
        streams_window.errors.StreamsWindowError: as :func:`streams_window.run_operator`; a
            failing operator raises one naming the Java exception.

    Example::

        from streams_window.testing import single_instance_run

        arguments = dict(window="partitioned, tumbling, count(4)", partition_by="key",
                         order_by="seq", params={"attr": "cost"},
                         output_schema="key string, total double")
        expected = single_instance_run(df, "io.streamswindow.examples.WindowSum", **arguments)
        actual = sw.run_operator(df, "io.streamswindow.examples.WindowSum", **arguments)
        assert sorted(actual.collect()) == sorted(expected.collect())

        # Two input ports: prices on port 0, orders on port 1.
        joined = single_instance_run(
            prices, "io.streamswindow.examples.LatestValueEnricher",
            window="partitioned, sliding, count(1)", partition_by="key", order_by="seq",
            inputs=[orders], params={"key": "key"},
            output_schema="key string, seq long, qty double, price double")
    """
    call = OperatorCall.check(
        "single_instance_run",
        df,
        operator_class,
        window=window,
        output_schema=output_schema,
        partition_by=partition_by,
        order_by=order_by,
        params=params,
        run_arguments=dict(
            event_time=event_time,
            partition_by_keys_only=partition_by_keys_only,
            spl_types=spl_types,
            output_spl_types=output_spl_types,
        ),
        inputs=inputs,
        input_windows=input_windows,
    )
    if df.isStreaming:
        raise ValueError("single_instance_run() needs a batch DataFrame; df is streaming")
    for port, frame in enumerate(call.frames[1:], start=1):
        if frame.isStreaming:
            raise ValueError(
                f"single_instance_run() needs batch DataFrames; inputs[{port - 1}] (input port"
                f" {port}) is streaming"
            )
    with calling(f"single_instance_run({operator_class!r}, window={window!r})"):
        result = _jvm.single_instance_run(call)
    return warn_of_plan(result)
