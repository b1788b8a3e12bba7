package io.streamswindow.spark;

import io.streamswindow.sort.Sort;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.line.SupportedSpark;
import io.streamswindow.spark.types.SplSparkTypes;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * SPL's {@code Sort} operator on a Spark DataFrame, without writing Java: the entry point of the
 * Python facade's {@code streams_window.sort}, usable from Java and Scala as well.
 *
 * <p>It runs {@link Sort} through {@link WindowedOperators#runOperator}: the rows come out
 * unchanged, with the input's columns, in the order the window's sort gives (docs/semantics.md,
 * "SPL Sort"): each tumble of a tumbling window sorted, or a {@code sliding, count(N), count(1)}
 * window's progressive sort, whose rows leave in order as new ones arrive.
 *
 * <pre>{@code
 * // SPL: stream<Employee> Sorted = Sort(Employees) {
 * //   window Employees: partitioned, tumbling, count(1000); param sortBy: salary; partitionBy: dept; }
 * Dataset<Row> sorted = Sorts.sort(employees, "partitioned, tumbling, count(1000)",
 *     List.of("dept"), List.of("seq"), List.of("salary"), List.of(), Map.of());
 * }</pre>
 */
public final class Sorts {
  private Sorts() {}

  /**
   * Sorts {@code input} over the window as SPL's {@code Sort} operator does.
   *
   * @param input the rows (batch or streaming)
   * @param window the SPL window clause: tumbling ({@code count}, {@code delta}, {@code punct()},
   *     or {@code time} not partitioned), or {@code sliding, count(N), count(1)}
   * @param partitionBy the window's partition columns; empty when the window is not partitioned
   * @param orderBy the columns whose ascending order is the arrival order within a partition; empty
   *     to keep the input's own order
   * @param sortBy SPL expressions over the columns, compared in turn, e.g. {@code "(float64)salary
   *     / (float64)age"}
   * @param order {@code ascending} or {@code descending}: none (ascending), one for every
   *     expression, or one per expression
   * @param options {@link WindowedOperators#runOperator}'s options ({@code marker_column}, {@code
   *     batch_marker}, {@code punctuation_column}, {@code real_time}, {@code spl_type.<column>});
   *     the output's SPL types are the input's
   * @return the input's rows in the sort's order, with the input's columns
   * @throws IllegalArgumentException for a bad window, column, expression, order or option, naming
   *     it
   */
  public static Dataset<Row> sort(
      Dataset<Row> input,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> sortBy,
      List<String> order,
      Map<String, String> options) {
    return RefusedArgumentException.refusing(
        () -> {
          EntryPointArguments.requireSortCall(window, partitionBy, orderBy, sortBy, order, options);
          return sortChecked(input, window, partitionBy, orderBy, sortBy, order, options);
        });
  }

  private static Dataset<Row> sortChecked(
      Dataset<Row> input,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> sortBy,
      List<String> order,
      Map<String, String> options) {
    SupportedSpark.require();
    List<String> partitions = partitionBy == null ? List.of() : List.copyOf(partitionBy);
    InputChecks.requireColumns(input.schema(), partitions, "partition_by");
    OperatorRunRequest.Builder request =
        OperatorRunRequest.builder(Sort.class.getName())
            .window(window)
            .partitionBy(partitions)
            .orderBy(orderBy);
    if (options != null) {
      options.forEach((key, value) -> RunOption.applyTo(request, key, value));
    }
    OperatorRunRequest stated = request.build();
    EntryPointArguments.requireDerivedOutput(
        stated,
        "sort",
        "sort submits its input rows unchanged, so the output columns' SPL types are the"
            + " input's; state those (spl_type.<column>) instead of output_spl_type.<column>",
        "SPL Sort has one output port, whose columns are the input's");
    OperatorRunRequest.InputPort in = stated.input();
    in.splTypes().forEach(request::outputSplType);
    List<String> keys = List.copyOf(sortBy);
    List<String> orders = order == null ? List.of() : List.copyOf(order);
    // SPL Sort's own window rules and the sortBy expressions, judged right after the clause is
    // parsed, so that a refusal names them before a generic check of the same argument would.
    RunValidation validation =
        RunValidation.standard()
            .adding(
                "window",
                new RunCheck(
                    "sort",
                    run ->
                        Sort.check(
                            run.spec,
                            SplSparkTypes.toSpl(
                                InputChecks.tupleSchema(run.rows(), run.in().markerColumn()),
                                run.in().splTypes(),
                                SplSparkTypes.Direction.INPUT),
                            keys,
                            orders,
                            run.in().partitionBy())));
    // Nullable, as every output column is: a mark's row (punctuation_column) holds no values.
    StructType rows = new StructType();
    for (StructField field : InputChecks.tupleSchema(input.schema(), in.markerColumn()).fields()) {
      rows = rows.add(field.name(), field.dataType(), true, field.metadata());
    }
    request.parameter("sortBy", keys);
    if (!orders.isEmpty()) {
      request.parameter("order", orders);
    }
    if (!partitions.isEmpty()) {
      request.parameter("partitionBy", partitions);
    }
    return WindowedOperators.run(
        List.of(input), request.derivedOutputSchema(rows).build(), validation);
  }
}
