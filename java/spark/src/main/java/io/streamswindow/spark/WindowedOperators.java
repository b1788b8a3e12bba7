package io.streamswindow.spark;

import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.line.SupportedSpark;
import io.streamswindow.spark.plan.OperatorDirectories;
import io.streamswindow.spark.run.OperatorObservation;
import io.streamswindow.spark.run.SparkUiAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Runs an IBM Streams windowed Java operator on a Spark DataFrame: the entry point of the Python
 * facade ({@code streams_window.run_operator}), usable from Java and Scala as well.
 *
 * <p>Everything is checked here, on the driver, before any job starts: the operator class, the
 * window clause, the columns, the output schema, and the operator's own parameters and context
 * checks (it is initialized once as a dry run). The result is the rows the operator submits on
 * output port 0, as a DataFrame of the same kind (batch or streaming) as the input. Example:
 *
 * <pre>{@code
 * Dataset<Row> sums = WindowedOperators.runOperator(readings, "com.acme.VSum",
 *     "partitioned, tumbling, count(4)", List.of("customer"), List.of("seq"),
 *     Map.of("attr", List.of("cost")), "customer string, total double", Map.of());
 * }</pre>
 */
public final class WindowedOperators {
  private WindowedOperators() {}

  /** The column a late tuple of a timeInterval window comes back in, with {@code late_output}. */
  static final String LATE_COLUMN = "late_tuple";

  /**
   * Runs {@code operatorClass} over {@code input}.
   *
   * @param input the rows arriving on the operator's input port 0 (batch or streaming)
   * @param operatorClass the operator's class name; the class must be on Spark's classpath
   * @param window the SPL window clause of input port 0, e.g. {@code "sliding, count(3)"}; null
   *     when the port is not windowed (filters, transforms, enrichers)
   * @param partitionBy the window's partition columns (the Spark grouping key); empty when the
   *     window is not partitioned. Without a window, the columns that key one operator instance per
   *     value (empty: one instance for the whole input)
   * @param orderBy the columns whose ascending order is the arrival order within a partition; empty
   *     to keep the input's own order
   * @param parameters the operator's parameters, each a list of string values as SPL passes them; a
   *     name a {@code @PrimitiveOperator} does not declare, or that another operator neither reads
   *     in the dry run nor names in its code (unless it lists its parameters), is refused
   * @param outputSchema output port 0's schema as a Spark DDL string
   * @param options {@code marker_column} (a boolean column whose true rows are window markers),
   *     {@code batch_marker} ("true": each micro-batch ends with a window marker), {@code
   *     punctuation_column} (an output column naming punctuation marks), {@code event_time} (the
   *     timestamp or double-seconds column of a timeInterval window's event time: required for such
   *     a window, refused for others; on a stream it must carry Spark's watermark, from {@code
   *     withWatermark}), {@code late_output} ("true": the tuples a timeInterval window drops come
   *     back in a last column, {@value #LATE_COLUMN}), {@code real_time} ("true": a stream's rows
   *     reach the operator one by one as they arrive, for Spark's real-time mode; Spark 4.3 and
   *     later, the chunked state layout), {@code spl_type.<column>} (the SPL type of an input
   *     attribute where the type table's default is not the one the operator was written for, e.g.
   *     {@code spl_type.amount} = {@code decimal64}) and {@code output_spl_type.<column>} (the same
   *     for an output column), keyed as {@link RunOption} spells them; any other key is refused
   * @return the submitted tuples as rows of {@code outputSchema}
   * @throws IllegalArgumentException for bad arguments, naming the problem
   * @throws WindowedOperatorException when the operator fails its dry run
   */
  public static Dataset<Row> runOperator(
      Dataset<Row> input,
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options) {
    return RefusedArgumentException.refusing(
        () -> {
          SupportedSpark.require();
          return run(
              input,
              OperatorRunRequest.of(
                  operatorClass, window, partitionBy, orderBy, parameters, outputSchema, options));
        });
  }

  /**
   * Runs the operator {@code request} names over {@code input}: {@link #runOperator(Dataset,
   * String, String, List, List, Map, String, Map)} with its arguments typed, as {@link
   * OperatorRunRequest#builder} collects them. Example:
   *
   * <pre>{@code
   * Dataset<Row> sums = WindowedOperators.runOperator(readings,
   *     OperatorRunRequest.builder("com.acme.VSum")
   *         .window("partitioned, tumbling, count(4)")
   *         .partitionBy(List.of("customer"))
   *         .orderBy(List.of("seq"))
   *         .parameter("attr", List.of("cost"))
   *         .outputSchema("customer string, total double")
   *         .build());
   * }</pre>
   *
   * @param input the rows arriving on the operator's input port 0 (batch or streaming)
   * @param request the operator, its parameters and its ports' settings
   * @return the submitted tuples as rows of the output schema
   * @throws IllegalArgumentException for bad arguments, naming the problem
   * @throws WindowedOperatorException when the operator fails its dry run
   */
  public static Dataset<Row> runOperator(Dataset<Row> input, OperatorRunRequest request) {
    return RefusedArgumentException.refusing(
        () -> {
          SupportedSpark.require();
          return run(input, request);
        });
  }

  /**
   * Runs the operator {@code request} names over several input ports: {@code inputs} holds one
   * DataFrame per input port, port 0's first, all batch or all streaming; the request declares the
   * ports beyond 0 ({@link OperatorRunRequest.Builder#inputPort}). Every port is keyed by the same
   * {@code partitionBy} columns, and a key's rows of all ports reach the one operator instance of
   * the key, in the order docs/python.md states ("Several input ports"): by {@code orderBy} across
   * the ports, ties by port number, then input order; without {@code orderBy}, within a call (a
   * micro-batch, or a batch) port 0's rows, then port 1's... Example, an enricher whose port 0
   * holds the latest reference value of each key and whose port 1's events are joined with it:
   *
   * <pre>{@code
   * Dataset<Row> enriched = WindowedOperators.runOperator(List.of(prices, orders),
   *     OperatorRunRequest.builder("io.streamswindow.examples.LatestValueEnricher")
   *         .window("partitioned, sliding, count(1)")
   *         .partitionBy(List.of("key"))
   *         .orderBy(List.of("seq"))
   *         .inputPort(null)
   *         .parameter("key", List.of("key"))
   *         .outputSchema("key string, seq long, qty double, price double")
   *         .build());
   * }</pre>
   *
   * @param inputs each input port's rows, port 0's first (batch or streaming, all alike)
   * @param request the operator, its parameters and its ports' settings
   * @return the submitted tuples as rows of the output schema
   * @throws IllegalArgumentException for bad arguments, naming the problem
   * @throws WindowedOperatorException when the operator fails its dry run
   */
  public static Dataset<Row> runOperator(List<Dataset<Row>> inputs, OperatorRunRequest request) {
    return RefusedArgumentException.refusing(
        () -> {
          SupportedSpark.require();
          return run(inputs, request);
        });
  }

  /**
   * {@link #runOperator(Dataset, String, String, List, List, Map, String, Map)} of an operator with
   * several input ports, as the Python facade's {@code inputs} call it: {@code inputs} holds one
   * DataFrame per input port, port 0's first, and {@code windows} each port's window clause (null:
   * not windowed), port 0's first; the other arguments are port 0's and the operator's, and ports
   * beyond 0 share {@code partitionBy} and {@code orderBy}.
   */
  public static Dataset<Row> runOperator(
      List<Dataset<Row>> inputs,
      List<String> windows,
      String operatorClass,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options) {
    return RefusedArgumentException.refusing(
        () -> {
          SupportedSpark.require();
          EntryPointArguments.requireWindowPerInput(inputs, windows);
          return run(
              inputs,
              OperatorRunRequest.of(
                  windows, operatorClass, partitionBy, orderBy, parameters, outputSchema, options));
        });
  }

  /**
   * The run of {@code request} over {@code input} on Spark, for the entry points that checked the
   * Spark version: validated on the driver, the operator initialized once as a dry run, then an
   * operator instance per key ({@link PerKeyRun}).
   */
  static Dataset<Row> run(Dataset<Row> input, OperatorRunRequest request) {
    return run(List.of(input), request);
  }

  /** {@link #run(Dataset, OperatorRunRequest)} with one DataFrame per input port. */
  static Dataset<Row> run(List<Dataset<Row>> inputs, OperatorRunRequest request) {
    Dataset<Row> input = inputs.get(0);
    SparkUiAddress.showOnce(input.sparkSession());
    for (int port = 1; port < inputs.size(); port++) {
      if (inputs.get(port).isStreaming() != input.isStreaming()) {
        throw new IllegalArgumentException(
            "inputs: input port "
                + port
                + "'s DataFrame is "
                + (inputs.get(port).isStreaming() ? "streaming" : "a batch")
                + " and port 0's is "
                + (input.isStreaming() ? "streaming" : "a batch")
                + ": every port's must be of one kind");
      }
    }
    ValidatedRun validated =
        RunValidation.validate(
            request,
            inputs.stream().map(Dataset::schema).toList(),
            input.isStreaming(),
            OperatorDirectories.of(input.sparkSession()));
    OperatorObservation metrics = validated.dryRun();
    if (request.metricsRows()) {
      metrics = metrics.keepingRows();
    }
    return PerKeyRun.start(inputs, validated, metrics);
  }

  /**
   * Parses a window clause with the one parser the harness shares. Returns its parts: {@code
   * clause} (normal form), {@code type} (TUMBLING, SLIDING or TIME_INTERVAL), {@code eviction},
   * {@code trigger}, {@code timeInterval} (a timeInterval window's options) and {@code
   * partitionEviction} (clause forms, or absent), {@code partitioned} ("true"/"false").
   *
   * @throws io.streamswindow.clause.WindowClauseException naming the bad token and its position
   */
  public static Map<String, String> parseWindow(String clause) {
    return RefusedArgumentException.refusing(() -> parsedWindow(clause));
  }

  private static Map<String, String> parsedWindow(String clause) {
    SupportedSpark.require();
    WindowSpec spec = WindowClauseParser.parse(clause);
    Map<String, String> parts = new LinkedHashMap<>();
    parts.put("clause", spec.toString());
    if (spec.isTimeInterval()) {
      parts.put("type", "TIME_INTERVAL");
      parts.put("timeInterval", spec.timeInterval().toString());
    } else {
      parts.put("type", spec.type().name());
      parts.put("eviction", String.valueOf(spec.eviction()));
    }
    if (spec.trigger() != null) {
      parts.put("trigger", spec.trigger().toString());
    }
    parts.put("partitioned", String.valueOf(spec.isPartitioned()));
    if (spec.partitionEviction() != null) {
      parts.put("partitionEviction", spec.partitionEviction().toString());
    }
    return parts;
  }
}
