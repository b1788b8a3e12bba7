package io.streamswindow.spark;

import io.streamswindow.spark.types.SplSparkTypes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The checks of the form of the entry points' arguments (blank strings, a column named twice, a
 * parameter without values, an empty output list, a flag that is not a boolean), the only ones: the
 * Python facade checks just the Python types of its arguments and leaves these to the JVM, so a
 * Java or Scala caller of {@link WindowedOperators#runOperator}, {@link Aggregates#aggregate} or
 * {@link SingleInstanceRun#run} and a Python caller are refused in the same words, which name the
 * arguments as the facade spells them, with Python's quoting (docs/java.md, "Errors"). Everything
 * about the plan itself (columns, types, the clause, the operator) is judged later, by the entry
 * points, for both. Example:
 *
 * <pre>{@code
 * EntryPointArguments.requireOperatorCall("com.acme.VSum", "tumbling, count(4)",
 *     List.of("key", "key"), List.of(), Map.of(), "total double", Map.of());
 * // IllegalArgumentException: partition_by names a column twice: ['key', 'key']
 * }</pre>
 */
final class EntryPointArguments {
  private EntryPointArguments() {}

  /** The checks of a call of {@link WindowedOperators#runOperator} or {@link SingleInstanceRun}. */
  static void requireOperatorCall(
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options) {
    text(operatorClass, "operator_class");
    if (window != null) {
      text(window, "window"); // null: input port 0 is not windowed
    }
    if (outputSchema != null && outputSchema.isBlank()) {
      throw new IllegalArgumentException(
          "output_schema is empty: give the schema of output port 0");
    }
    columnList(partitionBy, "partition_by");
    columnList(orderBy, "order_by");
    parameters(parameters);
    options(options);
  }

  /**
   * The options an entry point refuses whose operator has one output port derived from its input
   * ({@link Aggregates}, {@link Sorts}): output SPL types ({@code outputTypes} says where the types
   * come from instead), output ports beyond 0 ({@code onePort} says what the one port holds), and
   * {@code partition_by_keys_only}, since such an operator partitions its window by the
   * partition_by attributes themselves.
   *
   * @param stated the request as the caller's arguments and options state it
   * @param entry the entry point's name as the facade spells it, e.g. {@code sort}
   */
  static void requireDerivedOutput(
      OperatorRunRequest stated, String entry, String outputTypes, String onePort) {
    if (!stated.output().splTypes().isEmpty()) {
      throw new IllegalArgumentException(outputTypes);
    }
    if (stated.outputs().size() > 1) {
      throw new IllegalArgumentException(
          entry
              + ": "
              + onePort
              + "; "
              + RunOption.OUTPUT_SCHEMA.key()
              + "<port> is for operators with several");
    }
    if (stated.input().partitionByKeysOnly()) {
      throw new IllegalArgumentException(
          entry
              + " partitions its window by the partition_by attributes: "
              + RunOption.PARTITION_BY_KEYS_ONLY.key()
              + ", which leaves them out of the tuples, is for operators with a partitioner of"
              + " their own");
    }
  }

  /** The checks of a call of {@link Aggregates#aggregate}. */
  static void requireAggregateCall(
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> output,
      List<String> groupBy,
      Map<String, String> options) {
    text(window, "window");
    if (output == null || output.isEmpty()) {
      throw new IllegalArgumentException(
          "output is empty: give at least one column, e.g. {'total': 'Sum(cost)'}");
    }
    for (String assignment : output) {
      if (assignment == null || assignment.isBlank()) {
        throw new IllegalArgumentException(
            "output has an empty assignment: give column=Function(arguments), such as"
                + " total=Sum(cost)");
      }
    }
    columnList(partitionBy, "partition_by");
    columnList(orderBy, "order_by");
    columnList(groupBy, "group_by");
    options(options);
  }

  /** {@code Sorts.sort}'s arguments: a window, sortBy expressions, column lists and options. */
  static void requireSortCall(
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> sortBy,
      List<String> order,
      Map<String, String> options) {
    text(window, "window");
    if (sortBy == null || sortBy.isEmpty()) {
      throw new IllegalArgumentException(
          "sort_by is empty: give at least one SPL expression to sort by, e.g. \"price\"");
    }
    for (String expression : sortBy) {
      text(expression, "a sort_by expression");
    }
    if (order != null) {
      for (String value : order) {
        text(value, "an order");
      }
    }
    columnList(partitionBy, "partition_by");
    columnList(orderBy, "order_by");
    options(options);
  }

  /** A string argument: given and not blank. */
  private static void text(String value, String argument) {
    if (value == null) {
      throw new IllegalArgumentException(argument + " is missing");
    }
    if (value.isBlank()) {
      throw new IllegalArgumentException(argument + " is empty");
    }
  }

  /** Column names, each given and not blank, none twice; null is no columns. */
  private static void columnList(List<String> columns, String argument) {
    if (columns == null) {
      return;
    }
    Set<String> seen = new HashSet<>();
    for (String column : columns) {
      text(column, argument + " column");
      if (!seen.add(column)) {
        throw new IllegalArgumentException(
            argument + " names a column twice: " + pythonList(columns));
      }
    }
  }

  /** Parameter names not blank, each with at least one value, none null. */
  private static void parameters(Map<String, List<String>> parameters) {
    if (parameters == null) {
      return;
    }
    for (Map.Entry<String, List<String>> parameter : parameters.entrySet()) {
      String name = parameter.getKey();
      if (name == null || name.isEmpty()) {
        throw new IllegalArgumentException(
            "params names must be non-empty strings; got " + quoted(name));
      }
      List<String> values = parameter.getValue();
      if (values == null || values.isEmpty()) {
        throw new IllegalArgumentException(
            "parameter " + quoted(name) + " has no values: give at least one");
      }
      // Not values.contains(null): an immutable list (List.of) throws on that question.
      if (values.stream().anyMatch(java.util.Objects::isNull)) {
        throw new IllegalArgumentException(
            "parameter " + quoted(name) + " has a null value; a parameter value is a string");
      }
    }
  }

  /** The options' values: columns not blank, flags true or false, SPL types not blank. */
  private static void options(Map<String, String> options) {
    if (options == null) {
      return;
    }
    for (Map.Entry<String, String> option : options.entrySet()) {
      String key = option.getKey();
      String value = option.getValue();
      if (key == null) {
        throw new IllegalArgumentException("options has a null key");
      }
      RunOption run = RunOption.find(key);
      AggregateOption aggregate = run == null ? AggregateOption.find(key) : null;
      if (aggregate != null) {
        aggregate.parameterValue(value);
      } else if (run == null) {
        continue; // refused by the entry point, naming the options there are
      } else if (run.value() == RunOption.Value.COLUMN) {
        text(value, key);
      } else if (run.value() == RunOption.Value.FLAG) {
        if (value == null || !List.of("true", "false").contains(value.toLowerCase(Locale.ROOT))) {
          throw new IllegalArgumentException(
              "option " + key + " must be \"true\" or \"false\", not " + quotedJava(value));
        }
      } else {
        splType(key, value);
      }
    }
  }

  /** An {@code spl_type.<column>} or {@code output_spl_type.<column>} option, as spl_types. */
  private static void splType(String key, String value) {
    for (SplSparkTypes.Direction direction : SplSparkTypes.Direction.values()) {
      String prefix =
          (direction == SplSparkTypes.Direction.INPUT
                  ? RunOption.SPL_TYPE
                  : RunOption.OUTPUT_SPL_TYPE)
              .key();
      if (!key.startsWith(prefix)) {
        continue;
      }
      String column = key.substring(prefix.length());
      if (column.isBlank()) {
        throw new IllegalArgumentException(direction.argument + " has an empty column name");
      }
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException(
            direction.argument
                + "["
                + quoted(column)
                + "] is empty: give an SPL type such as 'decimal64'");
      }
    }
  }

  /** {@code values} as Python writes a list of strings: {@code ['a', 'b']}. */
  private static String pythonList(List<String> values) {
    List<String> quotedValues = new ArrayList<>();
    values.forEach(value -> quotedValues.add(quoted(value)));
    return "[" + String.join(", ", quotedValues) + "]";
  }

  /** A string as Python's repr writes it (for the names in the facade's messages). */
  static String quoted(String value) {
    if (value == null) {
      return "None";
    }
    return value.contains("'") && !value.contains("\"")
        ? "\"" + value + "\""
        : "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  static String quotedJava(String value) {
    return value == null ? "null" : "\"" + value + "\"";
  }
}
