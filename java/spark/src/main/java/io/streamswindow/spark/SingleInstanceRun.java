package io.streamswindow.spark;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Runs an operator the way IBM Streams does: one operator instance, one window holding every
 * partition, fed the whole (batch) input in arrival order on the driver, then a FINAL_MARKER.
 *
 * <p>A reference for checking what {@link WindowedOperators#runOperator} computes on Spark (where
 * each key has its own instance and state): for operators whose output depends only on their window
 * events, the two give the same rows. Meant for tests and small inputs: everything is collected to
 * the driver. Time policies see a manual clock that does not move. Its arguments make the same
 * {@link OperatorRunRequest} as {@link WindowedOperators#runOperator}'s, checked the same way.
 */
public final class SingleInstanceRun {
  private SingleInstanceRun() {}

  /**
   * Runs the operator over {@code input}, with the same arguments as {@link
   * WindowedOperators#runOperator}; returns the rows of output port 0, in submission order (with
   * several output ports, every port's, laid out as {@link WindowedOperators#runOperator}'s).
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
          SupportedSpark.require();
          return runChecked(
              input,
              OperatorRunRequest.of(
                  operatorClass, window, partitionBy, orderBy, parameters, outputSchema, options));
        });
  }

  /**
   * Runs the operator {@code request} names over {@code input}, as {@link #run(Dataset, String,
   * String, List, List, Map, String, Map)} does (the marker and late output settings are refused);
   * returns the rows of output port 0, in submission order. Example:
   *
   * <pre>{@code
   * Dataset<Row> expected = SingleInstanceRun.run(readings,
   *     OperatorRunRequest.builder("com.acme.VSum")
   *         .window("partitioned, tumbling, count(4)")
   *         .partitionBy(List.of("customer"))
   *         .parameter("attr", List.of("cost"))
   *         .outputSchema("customer string, total double")
   *         .build());
   * }</pre>
   */
  public static Dataset<Row> run(Dataset<Row> input, OperatorRunRequest request) throws Exception {
    return RefusedArgumentException.refusingChecked(
        () -> {
          SupportedSpark.require();
          return runChecked(input, request);
        });
  }

  private static Dataset<Row> runChecked(Dataset<Row> input, OperatorRunRequest request)
      throws Exception {
    if (input.isStreaming()) {
      throw new IllegalArgumentException("SingleInstanceRun needs a batch DataFrame");
    }
    requireNoMarkers(request);
    // The names runOperator refuses are refused here too (RunValidation): the reference must not
    // accept what the run it checks would not. Its own initialization below is its dry run.
    ValidatedRun run =
        RunValidation.validate(
            request, input.schema(), false, OperatorDirectories.of(input.sparkSession()));
    // Read from the input's rows by name: with partition_by_keys_only the tuples have fewer
    // columns.
    RowTupleConverter in = new RowTupleConverter(run.tuples(), input.schema(), run.inputSpl());
    OperatorPlan plan = run.plan();
    ResultLayout layout = plan.layout();
    RowTupleConverter[] converters = new RowTupleConverter[plan.outputPorts()];
    for (int port = 0; port < converters.length; port++) {
      converters[port] =
          new RowTupleConverter(plan.output(port), plan.output(port), plan.outputSchema(port));
    }
    List<Tuple> tuples = new ArrayList<>();
    for (Row row : input.collectAsList()) {
      tuples.add(in.toTuple(row));
    }
    List<String> orderBy = request.input().orderBy();
    if (!orderBy.isEmpty()) {
      // The order run_operator gives (TupleOrder), stable: equal values keep their input order.
      tuples.sort(new TupleOrder(in.schema(), orderBy));
    }
    List<Row> results = new ArrayList<>();
    HostRecipe recipe =
        HostRecipe.of(
            run.type(),
            in.schema(),
            run.spec(),
            plan.outputSchemas(),
            run.parameters(),
            request.input().partitionBy(),
            run.plan().directories());
    OperatorHost host =
        recipe.initialized(
            ManualClock.create(),
            OutputSink.of(
                (port, tuple) -> {
                  // Every port's tuples, in submission order, as runOperator's result holds them.
                  Object[] values = new Object[layout.leadWidth()];
                  layout.place(port, converters[port].toRow(tuple), values);
                  results.add(RowFactory.create(values));
                }));
    try {
      OperatorArgumentChecks.requireParametersRead(run.type(), run.parameters(), host);
      host.allPortsReady();
      for (Tuple tuple : tuples) {
        host.submit(0, tuple);
      }
      if (run.spec().isTimeInterval()) {
        host.advanceWatermark(Long.MAX_VALUE);
      }
      host.punctuate(0, Punctuation.FINAL_MARKER);
    } finally {
      host.shutdown();
    }
    return input.sparkSession().createDataFrame(results, run.resultSchema());
  }

  /**
   * Refuses the settings of a run in micro-batches with markers, which a run without either has no
   * use for.
   */
  private static void requireNoMarkers(OperatorRunRequest request) {
    OperatorRunRequest.InputPort in = request.input();
    refuse(in.markerColumn() != null, RunOption.MARKER_COLUMN);
    refuse(in.batchMarker(), RunOption.BATCH_MARKER);
    refuse(request.output().punctuationColumn() != null, RunOption.PUNCTUATION_COLUMN);
    refuse(in.lateOutput(), RunOption.LATE_OUTPUT);
    refuse(request.metricsRows(), RunOption.METRICS_ROWS); // one instance, on the driver
  }

  private static void refuse(boolean given, RunOption option) {
    if (given) {
      throw new IllegalArgumentException("SingleInstanceRun takes no " + option.key() + " option");
    }
  }
}
