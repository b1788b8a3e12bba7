package io.streamswindow.spark.run;

import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.state.StateLayout;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.KeyValueGroupedDataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The chunked state layout on Spark 3.5, which has no {@code transformWithState}: unavailable, so
 * every stream runs the single-value layout (docs/decisions.md, "Spark 3.5"). The Spark 4 build has
 * the class that runs it.
 *
 * <pre>{@code
 * SparkBuild.TRANSFORM_WITH_STATE;  // false: StateLayout.of gives SINGLE_VALUE, refuses "chunked"
 * }</pre>
 */
final class ChunkedLayout {
  private ChunkedLayout() {}

  /** Never called: {@link StateLayout#of} does not give the chunked layout on this line. */
  static Dataset<Row> stateful(
      SparkSession session,
      KeyValueGroupedDataset<Row, Row> groups,
      OperatorPlan plan,
      StructType resultSchema,
      boolean eventTimeStream) {
    throw new IllegalArgumentException(StateLayout.CHUNKED_NEEDS_SPARK_4);
  }
}
