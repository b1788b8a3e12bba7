"""The operator's metrics on a batch DataFrame, observed with the caller's ``Observation``.

``run_operator(..., metrics=observation)`` asks the JVM to keep each call's metrics report row
(option ``metrics_rows``): a row whose column :data:`METRICS_COLUMN` maps metric names to what
changed in one key's operator instance, its metadata naming each metric's kind. This observes
them with PySpark's public ``DataFrame.observe`` (counters summed over keys, gauges and times
their largest: docs/python.md, "Monitoring"), then drops the rows, on either session kind.

Example::

    from pyspark.sql import Observation

    observation = Observation("sums")
    sums = sw.run_operator(df, "io.streamswindow.examples.WindowSum", ..., metrics=observation)
    sums.collect()
    observation.get["nTuplesProcessed0"]  # the tuples every key's operator processed
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from streams_window import _pyspark

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

#: The result column of a call's metrics report (``OperatorPlan.METRICS_COLUMN`` in the JVM).
METRICS_COLUMN = "__streams_window_metrics"

#: The result column of a stream's count of rows behind ``order_by`` (``ROWS_BEHIND_COLUMN``).
ROWS_BEHIND_COLUMN = "__streams_window_rows_behind_order_by"

#: The metadata key of :data:`METRICS_COLUMN` that names each metric's kind.
KINDS = "streams_window_metric_kinds"


def check_observation(metrics: Any, df: DataFrame) -> bool:
    """Whether ``metrics`` asks for the metrics: ``None``, or a PySpark ``Observation`` of a
    batch ``df`` (a stream reports them in each micro-batch's progress instead)."""
    if metrics is None:
        return False
    kind = type(metrics)
    if kind.__name__ != "Observation" or not kind.__module__.startswith("pyspark.sql"):
        raise TypeError(f"metrics takes a pyspark.sql.Observation; got {kind.__name__}")
    if df.isStreaming:
        raise ValueError(
            "metrics takes a batch DataFrame: a stream reports its operator's metrics in each"
            " micro-batch's progress, observedMetrics 'streams_window <operator class>'"
            ' (docs/python.md, "Monitoring")'
        )
    return True


def observed(df: DataFrame, observation: Any) -> DataFrame:
    """``df`` (a result with its metrics report rows kept) observed by ``observation``, without
    those rows and their columns."""
    F = _pyspark.functions_of(df)
    kinds = df.schema[METRICS_COLUMN].metadata.get(KINDS, {})
    reported = F.col(METRICS_COLUMN)
    expressions = [
        (
            F.coalesce(F.sum(reported[name]), F.lit(0))
            if kind == "COUNTER"
            else F.max(reported[name])
        ).alias(name)
        for name, kind in kinds.items()
    ]
    report_row = reported.isNotNull()
    hidden = [METRICS_COLUMN]
    if ROWS_BEHIND_COLUMN in df.columns:
        report_row = report_row | F.col(ROWS_BEHIND_COLUMN).isNotNull()
        hidden.append(ROWS_BEHIND_COLUMN)
    watched = df.observe(observation, *expressions) if expressions else df
    return watched.filter(~report_row).drop(*hidden)
