package io.streamswindow.spark.run;

import io.streamswindow.spark.plan.OperatorPlan;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.KeyValueGroupedDataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.types.StructType;

/**
 * The single-value state layout's stateful operation, on every Spark line: {@code
 * flatMapGroupsWithState(WindowedOperatorFunction)}, with the timeout the plan's time policies need
 * (docs/architecture.md, "State layout").
 *
 * <pre>{@code
 * Dataset<Row> results = SingleValueLayout.stateful(groups, plan, schema, false);
 * }</pre>
 */
final class SingleValueLayout {
  private SingleValueLayout() {}

  /** {@code flatMapGroupsWithState(WindowedOperatorFunction)} over {@code groups}. */
  static Dataset<Row> stateful(
      KeyValueGroupedDataset<Row, Row> groups,
      OperatorPlan plan,
      StructType resultSchema,
      boolean eventTimeStream) {
    GroupStateTimeout timeout =
        eventTimeStream
            ? GroupStateTimeout.EventTimeTimeout()
            : plan.usesProcessingTime() && plan.streaming()
                ? GroupStateTimeout.ProcessingTimeTimeout()
                : GroupStateTimeout.NoTimeout();
    return groups.flatMapGroupsWithState(
        new WindowedOperatorFunction(plan, OperatorObservation.observedNames(resultSchema)),
        OutputMode.Append(),
        Encoders.BINARY(),
        Encoders.row(resultSchema),
        timeout);
  }
}
