package io.streamswindow.spark;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.spark.SplSparkTypes.Direction;
import java.util.ArrayList;
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
 * each key has its own instance and state): for operators whose output depends only on their window
 * events, the two give the same rows. Meant for tests and small inputs: everything is collected to
 * the driver. Time policies see a manual clock that does not move.
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
      String outputSchema)
      throws Exception {
    return run(
        input, operatorClass, window, partitionBy, orderBy, parameters, outputSchema, Map.of());
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
      String eventTime)
      throws Exception {
    Map<String, String> options = eventTime == null ? Map.of() : Map.of("event_time", eventTime);
    return run(
        input, operatorClass, window, partitionBy, orderBy, parameters, outputSchema, options);
  }

  /**
   * {@link #run(Dataset, String, String, List, List, Map, String)} with {@link
   * WindowedOperators#runOperator}'s options {@code event_time} (see {@link #run(Dataset, String,
   * String, List, List, Map, String, String)}), {@code spl_type.<column>} and {@code
   * output_spl_type.<column>} (the SPL types of input and output columns); the marker options do
   * not apply to a run without micro-batches or markers and are refused.
   */
  public static Dataset<Row> run(
      Dataset<Row> input,
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options)
      throws Exception {
    return RefusedArgumentException.refusingChecked(
        () -> {
          EntryPointArguments.requireOperatorCall(
              operatorClass, window, partitionBy, orderBy, parameters, outputSchema, options);
          return runChecked(
              input,
              operatorClass,
              window,
              partitionBy,
              orderBy,
              parameters,
              outputSchema,
              options);
        });
  }

  private static Dataset<Row> runChecked(
      Dataset<Row> input,
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options)
      throws Exception {
    SupportedSpark.require();
    if (input.isStreaming()) {
      throw new IllegalArgumentException("SingleInstanceRun needs a batch DataFrame");
    }
    Map<String, String> given = options == null ? Map.of() : options;
    WindowedOperators.requireKnownOptions(given);
    for (String option :
        List.of("marker_column", "batch_marker", "punctuation_column", "late_output")) {
      if (given.containsKey(option)) {
        throw new IllegalArgumentException("SingleInstanceRun takes no " + option + " option");
      }
    }
    Class<? extends Operator> type = WindowedOperators.loadOperatorClass(operatorClass);
    WindowSpec parsed = WindowClauseParser.parse(window);
    WindowedOperators.requireNoProcessingTime(parsed);
    String eventColumn =
        WindowedOperators.eventTimeColumn(parsed, given.get("event_time"), input.schema(), false);
    WindowSpec spec = eventColumn == null ? parsed : parsed.withEventTime(eventColumn);
    WindowedOperators.requireColumns(
        input.schema(), partitionBy == null ? List.of() : partitionBy, "partition_by");
    WindowedOperators.requireColumns(
        input.schema(), orderBy == null ? List.of() : orderBy, "order_by");
    StructType out = WindowedOperators.parseOutputSchema(outputSchema);
    // The names runOperator refuses are refused here too: the reference must not accept what the
    // run it checks would not.
    Map<String, List<String>> named = parameters == null ? Map.of() : parameters;
    OperatorArgumentChecks.requireDeclaredParameters(type, named);
    OperatorArgumentChecks.requireOutputNamesTheOperatorUses(type, input.schema(), out, named);
    StructType rowSchema = input.schema();
    RowTupleConverter in =
        new RowTupleConverter(
            rowSchema,
            rowSchema,
            SplSparkTypes.toSpl(
                rowSchema, SplSparkTypes.statedTypes(given, Direction.INPUT), Direction.INPUT));
    RowTupleConverter converter =
        new RowTupleConverter(
            out,
            out,
            SplSparkTypes.toSpl(
                out, SplSparkTypes.statedTypes(given, Direction.OUTPUT), Direction.OUTPUT));
    List<Tuple> tuples = new ArrayList<>();
    for (Row row : input.collectAsList()) {
      tuples.add(in.toTuple(row));
    }
    if (orderBy != null && !orderBy.isEmpty()) {
      // The order run_operator gives (TupleOrder), stable: equal values keep their input order.
      tuples.sort(new TupleOrder(in.schema(), orderBy));
    }
    List<Row> results = new ArrayList<>();
    HostRecipe recipe =
        HostRecipe.of(
            type,
            in.schema(),
            spec,
            converter.schema(),
            named,
            partitionBy == null ? List.of() : partitionBy);
    OperatorHost host =
        recipe.initialized(
            ManualClock.create(),
            OutputSink.of((port, tuple) -> results.add(converter.toRow(tuple))));
    try {
      OperatorArgumentChecks.requireParametersRead(type, named, host);
      host.allPortsReady();
      for (Tuple tuple : tuples) {
        host.submit(0, tuple);
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
}
