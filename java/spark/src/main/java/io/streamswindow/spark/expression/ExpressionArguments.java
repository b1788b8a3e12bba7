package io.streamswindow.spark.expression;

import io.streamswindow.expression.SplExpression;
import io.streamswindow.expression.SplExpressionException;
import io.streamswindow.spark.types.SplSparkTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * SPL {@code Aggregate} outputs whose function arguments are expressions ({@code vwap = Sum(price *
 * volume)}, {@code Max((float64)salary / (float64)age)}), as SPL allows: each such argument becomes
 * a column of the input, computed by {@link SplColumns} before the window, and the assignment names
 * that column, so the Aggregate operator aggregates an attribute as it always does. An argument
 * that is an attribute's name stays as it is.
 *
 * <pre>{@code
 * ExpressionArguments rewritten = ExpressionArguments.of(trades, List.of("v=Sum(price * volume)"), Map.of());
 * rewritten.output();   // [v=Sum(__sw_arg0)]
 * rewritten.input();    // trades with __sw_arg0 = price * volume
 * }</pre>
 *
 * @param input the input, with a column per expression argument
 * @param output the assignments, each expression argument replaced by its column's name
 * @param splTypes the SPL types to state for the added columns whose type is not their Spark
 *     column's default (an unsigned or decimal result)
 */
public record ExpressionArguments(
    Dataset<Row> input, List<String> output, Map<String, String> splTypes) {

  /** The prefix of the added columns' names, which no SPL attribute a user declares starts with. */
  public static final String PREFIX = "__sw_arg";

  private static final Pattern NAME = Pattern.compile("\\$?[A-Za-z_][A-Za-z0-9_]*");

  /**
   * The input and assignments with every expression argument made a column.
   *
   * @param input the rows
   * @param output the assignments as the caller gave them
   * @param splTypes the SPL types stated for input columns
   * @throws IllegalArgumentException naming the assignment and the argument SPL refuses
   */
  public static ExpressionArguments of(
      Dataset<Row> input, List<String> output, Map<String, String> splTypes) {
    Dataset<Row> rows = input;
    List<String> rewritten = new ArrayList<>(output.size());
    Map<String, String> added = new LinkedHashMap<>();
    int next = 0;
    for (String assignment : output) {
      int open = assignment.indexOf('(');
      int close = assignment.lastIndexOf(')');
      if (open < 0
          || close < open
          || assignment.indexOf('=') < 0
          || assignment.indexOf('=') > open) {
        rewritten.add(assignment); // not of the form name=Function(...): the operator says why
        continue;
      }
      StringBuilder text = new StringBuilder(assignment.substring(0, open + 1));
      List<String> arguments = split(assignment.substring(open + 1, close));
      for (int i = 0; i < arguments.size(); i++) {
        String argument = arguments.get(i).trim();
        if (i > 0) {
          text.append(", ");
        }
        if (argument.isEmpty() || NAME.matcher(argument).matches()) {
          text.append(argument);
          continue;
        }
        String column = PREFIX + next++;
        SplExpression typed;
        try {
          typed = SplColumns.compile(input.schema(), argument, splTypes);
        } catch (SplExpressionException refused) {
          throw new IllegalArgumentException(
              "output \""
                  + assignment.trim()
                  + "\", argument \""
                  + argument
                  + "\": "
                  + refused.getMessage(),
              refused);
        }
        rows = rows.withColumn(column, SplColumns.column(input.schema(), argument, splTypes));
        String type = typed.type().getLanguageType();
        if (!SplSparkTypes.defaultType(SplSparkTypes.sparkType(typed.type().getMetaType()), column)
            .getLanguageType()
            .equals(type)) {
          added.put(column, type);
        }
        text.append(column);
      }
      text.append(assignment.substring(close));
      rewritten.add(text.toString());
    }
    return new ExpressionArguments(rows, List.copyOf(rewritten), Map.copyOf(added));
  }

  /** The arguments of a call, split at the commas outside parentheses, brackets and strings. */
  static List<String> split(String arguments) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    int start = 0;
    for (int i = 0; i < arguments.length(); i++) {
      char c = arguments.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        depth--;
      } else if (c == ',' && depth == 0) {
        parts.add(arguments.substring(start, i));
        start = i + 1;
      }
    }
    if (!arguments.isBlank() || !parts.isEmpty()) {
      parts.add(arguments.substring(start));
    }
    return parts;
  }
}
