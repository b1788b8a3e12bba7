package io.streamswindow.spark.run;

import io.streamswindow.spark.plan.OperatorPlan;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.KeyValueGroupedDataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.TimeMode;
import org.apache.spark.sql.types.StructType;

/**
 * The chunked state layout's stateful operation on Spark 4, which has {@code transformWithState}
 * (docs/architecture.md, "State layout"; the Spark 3.5 build has a class of the same name that
 * refuses it).
 *
 * <pre>{@code
 * Dataset<Row> results = ChunkedLayout.stateful(session, groups, plan, schema, false);
 * }</pre>
 */
final class ChunkedLayout {
  private ChunkedLayout() {}

  /** {@code transformWithState(WindowedOperatorProcessor)} over {@code groups}. */
  static Dataset<Row> stateful(
      SparkSession session,
      KeyValueGroupedDataset<Row, Row> groups,
      OperatorPlan plan,
      StructType resultSchema,
      boolean eventTimeStream) {
    // Spark runs micro-batches without data, endlessly, in processing-time mode (so that timers
    // fire): only plans with time policies, on any input port, take it, so processAllAvailable()
    // returns for the others, as with flatMapGroupsWithState.
    TimeMode time =
        eventTimeStream
            ? TimeMode.EventTime()
            : plan.usesProcessingTime() ? TimeMode.ProcessingTime() : TimeMode.None();
    QueryRunRelease.register(session);
    return groups.transformWithState(
        new WindowedOperatorProcessor(plan, OperatorObservation.observedNames(resultSchema)),
        time,
        OutputMode.Append(),
        Encoders.row(resultSchema));
  }
}
