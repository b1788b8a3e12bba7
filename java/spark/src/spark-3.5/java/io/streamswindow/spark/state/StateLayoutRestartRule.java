package io.streamswindow.spark.state;

import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * On Spark 3.5 streams have one state layout, single-value, so a restarted query never needs
 * another; a checkpoint written here is read as single-value on Spark 4, from Spark's own operator
 * metadata ({@link StateLayoutRecord}). The Spark 4 build has the rule that keeps a restart on its
 * checkpoint's layout (docs/architecture.md, "State layout").
 *
 * <pre>{@code
 * StateLayoutRestartRule.offer(session, results, () -> null, StateLayout.SINGLE_VALUE, false);
 * }</pre>
 */
public final class StateLayoutRestartRule {
  private StateLayoutRestartRule() {}

  /** Nothing to offer: there is no other layout on this line. */
  public static void offer(
      SparkSession session,
      Dataset<Row> results,
      Supplier<Dataset<Row>> alternative,
      StateLayout layout,
      boolean chosen) {}
}
