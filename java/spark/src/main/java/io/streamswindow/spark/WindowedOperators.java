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
 * <p>Every input port is one DataFrame of a list, port 0's first ({@link #runOperator(List,
 * OperatorRunRequest)}); the one-DataFrame form is its shorthand.
 */
public final class WindowedOperators {
  private WindowedOperators() {}

  /** The column a late tuple of a timeInterval window comes back in, with {@code late_output}. */
  static final String LATE_COLUMN = "late_tuple";

  /**
   * Runs the operator {@code request} names over {@code input}, the one input port of the operator:
   * {@link #runOperator(List, OperatorRunRequest)} of {@code List.of(input)}. The request comes
   * from {@link OperatorRunRequest#builder}, or {@link OperatorRunRequest#of} for arguments held as
   * strings, lists and maps. Example:
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
   * The run of {@code request} over {@code input} on Spark, for the entry points that checked the
   * Spark version: validated on the driver, the operator initialized once as a dry run, then an
   * operator instance per key ({@link PerKeyRun}).
   */
  static Dataset<Row> run(Dataset<Row> input, OperatorRunRequest request) {
    return run(List.of(input), request);
  }

  /** {@link #run(Dataset, OperatorRunRequest)} with one DataFrame per input port. */
  static Dataset<Row> run(List<Dataset<Row>> inputs, OperatorRunRequest request) {
    return run(inputs, request, RunValidation.standard());
  }

  /**
   * {@link #run(List, OperatorRunRequest)} checked by {@code validation}: the standard checks with
   * those of the operator an entry point runs for the user ({@link Sorts}, {@link Joins}).
   */
  static Dataset<Row> run(
      List<Dataset<Row>> inputs, OperatorRunRequest request, RunValidation validation) {
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
        validation.validate(
            request,
            inputs.stream().map(Dataset::schema).toList(),
            input.isStreaming(),
            OperatorDirectories.of(input.sparkSession()));
    OperatorObservation metrics = validated.dryRun();
    if (request.metricsRows()) {
      metrics = metrics.keepingRows();
    }
    return PlanWarnings.attach(PerKeyRun.start(inputs, validated, metrics), validated.warnings());
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
