package io.streamswindow.spark;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.meta.CollectionType;
import com.ibm.streams.operator.meta.MapType;
import com.ibm.streams.operator.meta.OptionalType;
import com.ibm.streams.operator.meta.TupleType;
import io.streamswindow.aggregate.Aggregate;
import io.streamswindow.aggregate.AggregateSchema;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.expression.ExpressionArguments;
import io.streamswindow.spark.line.SupportedSpark;
import io.streamswindow.spark.types.SplSparkTypes;
import io.streamswindow.spark.types.SplSparkTypes.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * SPL's {@code Aggregate} operator on a Spark DataFrame, without writing Java: the entry point of
 * the Python facade's {@code streams_window.aggregate}, usable from Java and Scala as well.
 *
 * <p>It runs {@link Aggregate} through {@link WindowedOperators#runOperator}, with an output schema
 * derived from the DataFrame's schema and the output assignments ({@link
 * AggregateSchema#outputSchema}): the {@code groupBy} columns first, then one column per
 * assignment, typed by the function's SPL result type (Count gives an int, Collect an array, Sum
 * and Average the input column's own type). Partition columns that are neither groupBy columns nor
 * assigned come first, with the partition's value.
 *
 * <pre>{@code
 * // SPL: window V: sliding, time(300.0), time(1.0); output VMovingAverage: price = Average(price);
 * Dataset<Row> averages = Aggregates.aggregate(quotes,
 *     "partitioned, sliding, time(300.0), time(1.0)", List.of("symbol"), List.of("seq"), List.of("price=Average(price)"),
 *     List.of(), Map.of());
 * // columns: symbol string, price double; one row per symbol and second
 * }</pre>
 */
public final class Aggregates {
  private Aggregates() {}

  /**
   * Aggregates {@code input} over the window as SPL's {@code Aggregate} operator does.
   *
   * @param input the rows (batch or streaming)
   * @param window the SPL window clause, e.g. {@code "tumbling, count(4)"} or {@code "partitioned,
   *     sliding, time(300.0), time(1.0)"}
   * @param partitionBy the window's partition columns; empty when the window is not partitioned
   * @param orderBy the columns whose ascending order is the arrival order within a partition; empty
   *     to keep the input's own order
   * @param output the output assignments {@code column=Function(arguments)}, e.g. {@code
   *     "total=Sum(cost)"}, {@code "n=Count()"}, {@code "who=ArgMax(price, symbol)"}
   * @param groupBy the columns that split each window firing into groups; may be empty
   * @param options {@link WindowedOperators#runOperator}'s options ({@code marker_column}, {@code
   *     batch_marker}, {@code punctuation_column}, {@code event_time}, {@code late_output}, {@code
   *     real_time}, {@code spl_type.<column>}), plus the {@link AggregateOption}s {@code
   *     aggregate_incomplete_windows} and {@code aggregate_evicted_partitions} ("true"/"false"),
   *     {@code sliding_aggregation} ("incremental"/"recompute") and {@code pane_aggregation}
   *     ("sliced"/"recompute"). The output columns' SPL types follow from the functions and the
   *     input's SPL types (a {@code Sum} of a {@code decimal64} attribute is a {@code decimal64}),
   *     so {@code output_spl_type.<column>} is refused
   * @return one row per group and window firing, with the derived output schema
   * @throws IllegalArgumentException for a bad window, column, assignment or option, naming it
   */
  public static Dataset<Row> aggregate(
      Dataset<Row> input,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> output,
      List<String> groupBy,
      Map<String, String> options) {
    return RefusedArgumentException.refusing(
        () -> {
          EntryPointArguments.requireAggregateCall(
              window, partitionBy, orderBy, output, groupBy, options);
          return aggregateChecked(input, window, partitionBy, orderBy, output, groupBy, options);
        });
  }

  private static Dataset<Row> aggregateChecked(
      Dataset<Row> input,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> output,
      List<String> groupBy,
      Map<String, String> options) {
    SupportedSpark.require();
    List<String> groups = groupBy == null ? List.of() : List.copyOf(groupBy);
    List<String> partitions = partitionBy == null ? List.of() : List.copyOf(partitionBy);
    // Arguments that are SPL expressions (Sum(price * volume)) become columns of the input.
    Map<String, String> splTypes = new LinkedHashMap<>();
    Map<String, String> runOptions =
        options == null ? new LinkedHashMap<>() : new LinkedHashMap<>(options);
    runOptions.forEach(
        (key, value) -> {
          if (key.startsWith(RunOption.SPL_TYPE.key())) {
            splTypes.put(key.substring(RunOption.SPL_TYPE.key().length()), value);
          }
        });
    ExpressionArguments arguments =
        ExpressionArguments.of(
            input, output == null ? List.of() : List.copyOf(output), Map.copyOf(splTypes));
    input = arguments.input();
    arguments
        .splTypes()
        .forEach((column, type) -> runOptions.put(RunOption.SPL_TYPE.key() + column, type));
    options = runOptions;
    List<String> given = arguments.output();
    // Named before the output schema is derived from them, so that a missing column is said so.
    InputChecks.requireColumns(input.schema(), partitions, "partition_by");
    InputChecks.requireColumns(input.schema(), groups, "group_by");
    List<String> added = partitionColumnsToAdd(partitions, groups, given);
    List<String> assignments = new ArrayList<>();
    added.forEach(column -> assignments.add(column + "=Any(" + column + ")"));
    assignments.addAll(given);
    OperatorRunRequest.Builder request =
        OperatorRunRequest.builder(Aggregate.class.getName())
            .window(window)
            .partitionBy(partitions)
            .orderBy(orderBy);
    if (options != null) {
      options.forEach(
          (key, value) -> {
            AggregateOption option = AggregateOption.find(key);
            if (option != null) {
              request.parameter(option.parameter(), List.of(option.parameterValue(value)));
            } else {
              RunOption.of(key, AggregateOption.keys()); // a refusal names both kinds of option
              RunOption.applyTo(request, key, value);
            }
          });
    }
    OperatorRunRequest stated = request.build();
    EntryPointArguments.requireDerivedOutput(
        stated,
        "aggregate",
        "aggregate: the output columns' SPL types follow from the output functions and the"
            + " input's SPL types; state the SPL types of input columns ("
            + Direction.INPUT.argument
            + ") instead of "
            + Direction.OUTPUT.argument,
        "SPL Aggregate has one output port, whose columns the output functions give");
    OperatorRunRequest.InputPort in = stated.input();
    SplSchema tuples =
        SplSparkTypes.toSpl(
            InputChecks.tupleSchema(input.schema(), in.markerColumn()),
            in.splTypes(),
            Direction.INPUT);
    StreamSchema spl = aggregateOutput(tuples, assignments, groups);
    StructType out = sparkSchema(spl);
    // An output attribute whose SPL type is not the type table's for its column (the Sum of a
    // decimal64, an unsigned Count) is stated for the run, so that the operator's output port has
    // the types the functions give.
    for (Attribute attribute : spl) {
      String name = attribute.getName();
      String type = attribute.getType().getLanguageType();
      if (!type.equals(
          SplSparkTypes.defaultType(out.apply(name).dataType(), name).getLanguageType())) {
        request.outputSplType(name, type);
      }
    }
    request.parameter("output", assignments);
    if (!groups.isEmpty()) {
      request.parameter("groupBy", groups);
    }
    if (!partitions.isEmpty()) {
      request.parameter("partitionBy", partitions);
    }
    // The output schema goes to the run as it is derived, a StructType: its names come from the
    // operator's own declarations, so they are not checked against the names it uses.
    Dataset<Row> result = WindowedOperators.run(input, request.derivedOutputSchema(out).build());
    if (added.isEmpty()) {
      return result;
    }
    // The added partition columns lead, as a Spark groupBy's keys do (the schema puts groupBy
    // attributes before assignments).
    List<Column> order = new ArrayList<>();
    added.forEach(column -> order.add(functions.col(column)));
    for (String column : result.columns()) {
      if (!added.contains(column)) {
        order.add(functions.col(column));
      }
    }
    return result.select(order.toArray(Column[]::new));
  }

  /**
   * The partition columns the result gets without the user assigning them: those neither among the
   * groupBy columns nor the target of an output assignment. Within one partition a partition column
   * has one value, so {@code Any(column)} is that value, as a user expects to see beside each row
   * (SPL leaves it out; a Spark user groups by it and finds it in the result).
   */
  static List<String> partitionColumnsToAdd(
      List<String> partitions, List<String> groups, List<String> assignments) {
    List<String> assigned = new ArrayList<>();
    for (String assignment : assignments) {
      int equals = assignment.indexOf('=');
      if (equals > 0) {
        assigned.add(assignment.substring(0, equals).trim());
      }
    }
    List<String> added = new ArrayList<>();
    for (String column : partitions) {
      if (!groups.contains(column) && !assigned.contains(column) && !added.contains(column)) {
        added.add(column);
      }
    }
    return added;
  }

  /**
   * Returns the output schema {@link #aggregate} gives for rows of {@code input}, as a Spark DDL
   * string, e.g. {@code "symbol STRING,price DOUBLE"}.
   *
   * @param input the schema of the rows the operator receives
   * @param output the output assignments
   * @param groupBy the groupBy columns; may be empty
   * @return the DDL of the result's schema
   * @throws IllegalArgumentException for an assignment or column that does not fit
   */
  public static String outputSchema(StructType input, List<String> output, List<String> groupBy) {
    return RefusedArgumentException.refusing(() -> outputSchemaChecked(input, output, groupBy));
  }

  private static String outputSchemaChecked(
      StructType input, List<String> output, List<String> groupBy) {
    return sparkSchema(aggregateOutput(SplSparkTypes.toSpl(input), output, groupBy)).toDDL();
  }

  /** The SPL schema of the rows {@code Aggregate} outputs for tuples of {@code input}. */
  private static StreamSchema aggregateOutput(
      SplSchema input, List<String> output, List<String> groupBy) {
    try {
      return AggregateSchema.outputSchema(
          input, output == null ? List.of() : output, groupBy == null ? List.of() : groupBy);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("aggregate: " + e.getMessage(), e);
    }
  }

  /** The Spark schema of rows of {@code spl}: each attribute's type as a column type. */
  private static StructType sparkSchema(StreamSchema spl) {
    StructField[] fields = new StructField[spl.getAttributeCount()];
    for (Attribute attribute : spl) {
      fields[attribute.getIndex()] =
          DataTypes.createStructField(
              attribute.getName(), sparkType(attribute.getType(), attribute.getName()), true);
    }
    return new StructType(fields);
  }

  /** The Spark type of an SPL type, composite types included (the inverse of the type table). */
  private static DataType sparkType(Type type, String column) {
    Type.MetaType meta = type.getMetaType();
    if (meta == Type.MetaType.OPTIONAL) {
      // No value is a null in the column.
      return sparkType(((OptionalType) type).getValueType(), column);
    } else if (meta.isList() || meta.isSet()) {
      return DataTypes.createArrayType(
          sparkType(((CollectionType) type).getElementType(), column + "[]"), true);
    } else if (meta.isMap()) {
      MapType map = (MapType) type;
      return DataTypes.createMapType(
          sparkType(map.getKeyType(), column + ".key"),
          sparkType(map.getValueType(), column + ".value"),
          true);
    } else if (meta == Type.MetaType.TUPLE) {
      StreamSchema nested = ((TupleType) type).getTupleSchema();
      StructField[] fields = new StructField[nested.getAttributeCount()];
      for (Attribute attribute : nested) {
        fields[attribute.getIndex()] =
            DataTypes.createStructField(
                attribute.getName(),
                sparkType(attribute.getType(), column + "." + attribute.getName()),
                true);
      }
      return new StructType(fields);
    }
    try {
      return SplSparkTypes.sparkType(meta);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "aggregate: output column '"
              + column
              + "' would have SPL type "
              + type.getLanguageType()
              + ", which has no Spark column type",
          e);
    }
  }
}
