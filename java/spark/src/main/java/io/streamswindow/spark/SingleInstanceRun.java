package io.streamswindow.spark;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.StreamingData.Punctuation;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * Runs an operator the way IBM Streams does: one operator instance, one window holding every
 * partition, fed the whole (batch) input in arrival order on the driver, then a FINAL_MARKER.
 *
 * <p>A reference for checking what {@link WindowedOperators#runOperator} computes on Spark (where
 * each key has its own instance and state): for operators whose output depends only on their
 * window events, the two give the same rows. Meant for tests and small inputs: everything is
 * collected to the driver. Time policies see a manual clock that does not move.
 */
public final class SingleInstanceRun {
  private SingleInstanceRun() {}

  /**
   * Runs the operator over {@code input}, with the same arguments as {@link
   * WindowedOperators#runOperator}; returns the rows of output port 0, in submission order.
   */
  public static Dataset<Row> run(
      Dataset<Row> input,
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema) throws Exception {
    return run(input, operatorClass, window, partitionBy, orderBy, parameters, outputSchema, null);
  }

  /**
   * {@link #run(Dataset, String, String, List, List, Map, String)} with the event-time column of a
   * timeInterval window ({@code eventTime}, null for other windows): after the last tuple the
   * watermark moves to the end of time, so every pane triggers once and closes, then the final
   * marker comes, as {@link WindowedOperators#runOperator} does on a batch DataFrame.
   */
  public static Dataset<Row> run(
      Dataset<Row> input,
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      String eventTime) throws Exception {
    if (input.isStreaming()) {
      throw new IllegalArgumentException("SingleInstanceRun needs a batch DataFrame");
    }
    Class<? extends Operator> type = WindowedOperators.loadOperatorClass(operatorClass);
    WindowSpec parsed = WindowClauseParser.parse(window);
    String eventColumn = WindowedOperators.eventTimeColumn(parsed, eventTime, input.schema(), false);
    WindowSpec spec = eventColumn == null ? parsed : parsed.withEventTime(eventColumn);
    StructType out = StructType.fromDDL(outputSchema);
    // The names runOperator refuses are refused here too: the reference must not accept what the
    // run it checks would not.
    Map<String, List<String>> named = parameters == null ? Map.of() : parameters;
    OperatorArgumentChecks.requireDeclaredParameters(type, named);
    OperatorArgumentChecks.requireOutputNamesTheOperatorUses(type, input.schema(), out, named);
    RowTupleConverter in = new RowTupleConverter(input.schema());
    RowTupleConverter converter = new RowTupleConverter(out);
    List<Row> rows = new ArrayList<>(input.collectAsList());
    if (orderBy != null && !orderBy.isEmpty()) {
      rows.sort(byColumns(input.schema(), orderBy));
    }
    List<Row> results = new ArrayList<>();
    HostRecipe recipe =
        HostRecipe.of(type, in.schema(), spec, converter.schema(), named, partitionBy == null ? List.of() : partitionBy);
    OperatorHost host =
        recipe.initialized(ManualClock.create(), OutputSink.of((port, tuple) -> results.add(converter.toRow(tuple))));
    try {
      host.allPortsReady();
      for (Row row : rows) {
        host.submit(0, in.toTuple(row));
      }
      if (spec.isTimeInterval()) {
        host.advanceWatermark(Long.MAX_VALUE);
      }
      host.punctuate(0, Punctuation.FINAL_MARKER);
    } finally {
      host.shutdown();
    }
    return input.sparkSession().createDataFrame(results, out);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Comparator<Row> byColumns(StructType schema, List<String> columns) {
    Comparator<Row> order = (a, b) -> 0;
    for (String column : columns) {
      int index = schema.fieldIndex(column);
      order = order.thenComparing(row -> (Comparable) row.get(index), Comparator.nullsFirst(Comparator.naturalOrder()));
    }
    return order;
  }
}
