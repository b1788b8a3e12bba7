package io.streamswindow.spark;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.line.SupportedSpark;
import io.streamswindow.spark.plan.OperatorDirectories;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.ResultLayout;
import io.streamswindow.spark.rows.TupleOrder;
import io.streamswindow.spark.run.HostRecipe;
import io.streamswindow.spark.types.RowTupleConverter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Runs an operator the way IBM Streams does: one operator instance, one window holding every
 * partition, fed the whole (batch) input in arrival order on the driver, then a FINAL_MARKER.
 *
 * <p>A reference for checking what {@link WindowedOperators#runOperator} computes on Spark (where
 * each key has its own instance and state): for operators whose output depends only on their window
 * events, the two give the same rows. Meant for tests and small inputs: everything is collected to
 * the driver. Time policies see a manual clock that does not move. Its arguments make the same
 * {@link OperatorRunRequest} as {@link WindowedOperators#runOperator}'s, checked the same way.
 *
 * <p>An operator with several input ports takes one batch {@code Dataset} per port ({@link
 * #run(List, OperatorRunRequest)}); their rows arrive in the order a batch's call hands a key's
 * rows on (docs/python.md, "Several input ports"), here over the whole input: by {@code orderBy}
 * across the ports, ties to the lower port, then input order; without {@code orderBy}, port 0's
 * rows, then port 1's... Then a final marker on every port, port 0's first.
 */
public final class SingleInstanceRun {
  private SingleInstanceRun() {}

  /**
   * Runs the operator {@code request} names over {@code input}, the operator's one input port, as
   * {@link WindowedOperators#runOperator(Dataset, OperatorRunRequest)} would on Spark (the marker
   * and late output settings are refused: this run has no micro-batches); returns the rows of
   * output port 0, in submission order. Example:
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

  /**
   * Runs the operator {@code request} names over several input ports, as {@link
   * WindowedOperators#runOperator(List, OperatorRunRequest)} takes them: {@code inputs} holds one
   * batch DataFrame per input port, port 0's first, and the request declares the ports beyond 0
   * ({@link OperatorRunRequest.Builder#inputPort}). One operator instance receives every port's
   * rows in the order the class comment states, then a final marker on every port. Example:
   *
   * <pre>{@code
   * Dataset<Row> expected = SingleInstanceRun.run(List.of(prices, orders),
   *     OperatorRunRequest.builder("io.streamswindow.examples.LatestValueEnricher")
   *         .window("partitioned, sliding, count(1)")
   *         .partitionBy(List.of("key"))
   *         .orderBy(List.of("seq"))
   *         .inputPort(null)
   *         .parameter("key", List.of("key"))
   *         .outputSchema("key string, seq long, qty double, price double")
   *         .build());
   * }</pre>
   */
  public static Dataset<Row> run(List<Dataset<Row>> inputs, OperatorRunRequest request)
      throws Exception {
    return RefusedArgumentException.refusingChecked(
        () -> {
          SupportedSpark.require();
          return runChecked(inputs, request);
        });
  }

  private static Dataset<Row> runChecked(Dataset<Row> input, OperatorRunRequest request)
      throws Exception {
    return runChecked(List.of(input), request);
  }

  private static Dataset<Row> runChecked(List<Dataset<Row>> inputs, OperatorRunRequest request)
      throws Exception {
    if (inputs == null || inputs.isEmpty()) {
      throw new IllegalArgumentException("inputs: give one DataFrame per input port");
    }
    Dataset<Row> input = inputs.get(0);
    for (int port = 0; port < inputs.size(); port++) {
      if (inputs.get(port).isStreaming()) {
        throw new IllegalArgumentException(
            "SingleInstanceRun needs a batch DataFrame"
                + (inputs.size() > 1 ? "; input port " + port + "'s is streaming" : ""));
      }
    }
    requireNoMarkers(request);
    // The names runOperator refuses are refused here too (RunValidation): the reference must not
    // accept what the run it checks would not. Its own initialization below is its dry run.
    ValidatedRun run =
        RunValidation.standard()
            .validate(
                request,
                inputs.stream().map(Dataset::schema).toList(),
                false,
                OperatorDirectories.of(input.sparkSession()));
    OperatorPlan plan = run.plan();
    ResultLayout layout = plan.layout();
    RowTupleConverter[] converters = new RowTupleConverter[plan.outputPorts()];
    for (int port = 0; port < converters.length; port++) {
      converters[port] =
          new RowTupleConverter(plan.output(port), plan.output(port), plan.outputSchema(port));
    }
    List<Arrival> arrivals = arrivals(inputs, run);
    List<Row> results = new ArrayList<>();
    HostRecipe recipe =
        HostRecipe.of(
            run.type(),
            HostRecipe.portsOf(plan),
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
      for (Arrival arrival : arrivals) {
        host.submit(arrival.port(), arrival.tuple());
      }
      if (run.spec().isTimeInterval()) {
        host.advanceWatermark(Long.MAX_VALUE);
      }
      for (int port = 0; port < plan.inputPorts(); port++) {
        host.punctuate(port, Punctuation.FINAL_MARKER);
      }
    } finally {
      host.shutdown();
    }
    return PlanWarnings.attach(
        input.sparkSession().createDataFrame(results, run.resultSchema()), run.warnings());
  }

  /** A tuple of an input port, with its {@code order_by} values (empty without order_by). */
  private record Arrival(int port, Tuple tuple, Object[] orderValues) {}

  /**
   * Every port's tuples in arrival order: collected port by port, each in its input order, then
   * (with {@code order_by}) sorted stably by their order values, so ties go to the lower port, then
   * to input order, as {@code PortArrivals} orders a call's tuples on Spark.
   */
  private static List<Arrival> arrivals(List<Dataset<Row>> inputs, ValidatedRun run) {
    OperatorPlan plan = run.plan();
    List<String> orderBy = plan.orderBy();
    List<Arrival> arrivals = new ArrayList<>();
    TupleOrder first = null;
    for (int port = 0; port < inputs.size(); port++) {
      StructType tuples = plan.tuplesOf(port);
      SplSchema spl = port == 0 ? run.inputSpl() : plan.ofPort(port).inputSchema(tuples);
      // Read from the input's rows by name: with partition_by_keys_only the tuples have fewer
      // columns.
      RowTupleConverter in = new RowTupleConverter(tuples, inputs.get(port).schema(), spl);
      TupleOrder order = orderBy.isEmpty() ? null : new TupleOrder(spl, orderBy);
      first = first == null ? order : first;
      for (Row row : inputs.get(port).collectAsList()) {
        Tuple tuple = in.toTuple(row);
        Object[] values = new Object[orderBy.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = tuple.getObject(order.attributes()[i]);
        }
        arrivals.add(new Arrival(port, tuple, values));
      }
    }
    if (first != null) {
      // The order run_operator gives (TupleOrder), stable: equal values keep port, then input
      // order.
      arrivals.sort(Comparator.comparing(Arrival::orderValues, first::compareValues));
    }
    return arrivals;
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
    refuse(request.realTime(), RunOption.REAL_TIME); // a reference run, not a stream
  }

  private static void refuse(boolean given, RunOption option) {
    if (given) {
      throw new IllegalArgumentException("SingleInstanceRun takes no " + option.key() + " option");
    }
  }
}
