package io.streamswindow.spark.expression;

import io.streamswindow.aggregate.OutputAssignment;
import io.streamswindow.aggregate.OutputAssignmentException;
import io.streamswindow.aggregate.OutputAssignmentParser;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.spark.types.SplSparkTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * The input and assignments with every expression argument made a column.
   *
   * @param input the rows
   * @param output the assignments as the caller gave them
   * @param splTypes the SPL types stated for input columns
   * @throws io.streamswindow.aggregate.OutputAssignmentException naming the assignment, the
   *     argument and the token SPL refuses, as the Aggregate operator does on IBM's harness
   */
  public static ExpressionArguments of(
      Dataset<Row> input, List<String> output, Map<String, String> splTypes) {
    Dataset<Row> rows = input;
    List<String> rewritten = new ArrayList<>(output.size());
    Map<String, String> added = new LinkedHashMap<>();
    int next = 0;
    ExpressionScope scope =
        ExpressionScope.of(
            SplSparkTypes.toSpl(input.schema(), splTypes, SplSparkTypes.Direction.INPUT));
    for (String assignment : output) {
      OutputAssignment parsed;
      try {
        parsed = OutputAssignmentParser.parse(assignment);
      } catch (OutputAssignmentException notAnAssignment) {
        rewritten.add(assignment); // the operator names what is wrong, as for any assignment
        continue;
      }
      StringBuilder text = new StringBuilder();
      int copied = 0;
      for (int i = 0; i < parsed.arguments().size(); i++) {
        if (!parsed.isExpression(i)) {
          continue;
        }
        String argument = parsed.arguments().get(i);
        int at = parsed.argumentPositions().get(i);
        String column = PREFIX + next++;
        SplExpression typed = parsed.compileArgument(i, scope);
        rows = rows.withColumn(column, SplColumns.translated(typed, input.schema()));
        String type = typed.type().getLanguageType();
        if (!SplSparkTypes.defaultType(SplSparkTypes.sparkType(typed.type().getMetaType()), column)
            .getLanguageType()
            .equals(type)) {
          added.put(column, type);
        }
        text.append(assignment, copied, at).append(column);
        copied = at + argument.length();
      }
      rewritten.add(text.append(assignment.substring(copied)).toString());
    }
    return new ExpressionArguments(rows, List.copyOf(rewritten), Map.copyOf(added));
  }
}
