package io.streamswindow.spark.run;

import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.state.StateLayout;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.KeyValueGroupedDataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The stateful operation of a state layout over the keys' packed rows, which gives the result rows
 * of a plan: {@link SingleValueLayout} or {@link ChunkedLayout} (docs/architecture.md, "State
 * layout").
 *
 * <pre>{@code
 * Dataset<Row> results =
 *     StatefulOperation.of(StateLayout.of(session), session, groups, plan, schema, false);
 * }</pre>
 */
public final class StatefulOperation {
  private StatefulOperation() {}

  /**
   * {@code layout}'s stateful operation over {@code groups}.
   *
   * @param session the session the query runs in
   * @param eventTimeStream whether the window runs on the stream's watermark (timeInterval)
   */
  public static Dataset<Row> of(
      StateLayout layout,
      SparkSession session,
      KeyValueGroupedDataset<Row, Row> groups,
      OperatorPlan plan,
      StructType resultSchema,
      boolean eventTimeStream) {
    return switch (layout) {
      case SINGLE_VALUE -> SingleValueLayout.stateful(groups, plan, resultSchema, eventTimeStream);
      case CHUNKED -> ChunkedLayout.stateful(session, groups, plan, resultSchema, eventTimeStream);
    };
  }
}
