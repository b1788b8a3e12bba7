package io.streamswindow.spark.plan;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;

/**
 * Plans for the adapter's unit tests: the ports, keys, order, marker column and row arrival a test
 * sets, and nothing else (no punctuation column, parameters, event time, late column, stated output
 * types or directories).
 *
 * <pre>{@code
 * OperatorPlan plan = TestPlans.plan("com.acme.VSum", inputs, outputs,
 *     List.of("sym"), List.of("seq"), null, RowArrival.BATCH);
 * }</pre>
 */
public final class TestPlans {
  private TestPlans() {}

  /** A plan of {@code operatorClass} over {@code inputs}, port 0's first, to {@code outputs}. */
  public static OperatorPlan plan(
      String operatorClass,
      List<InputPortPlan> inputs,
      List<StructType> outputs,
      List<String> partitionBy,
      List<String> orderBy,
      String markerColumn,
      RowArrival arrival) {
    return new OperatorPlan(
        operatorClass,
        inputs,
        outputs,
        partitionBy,
        orderBy,
        markerColumn,
        false,
        null,
        Map.of(),
        arrival,
        null,
        null,
        Map.of(),
        OperatorDirectories.NONE);
  }
}
