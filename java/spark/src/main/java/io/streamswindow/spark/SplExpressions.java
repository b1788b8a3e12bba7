package io.streamswindow.spark;

import io.streamswindow.expression.SplExpression;
import io.streamswindow.expression.SplExpressionException;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.expression.SplColumns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructField;

/**
 * SPL expressions on Spark DataFrames: one expression as a {@link Column}, and SPL's {@code
 * Functor} (a filter, output assignments, every other attribute forwarded), the entry points of the
 * Python facade's {@code streams_window.spl_column} and {@code streams_window.functor}, usable from
 * Java and Scala as well. Expressions are typed by SPL's rules against the DataFrame's columns (the
 * type table's SPL types, or those stated in {@code splTypes}) and refused when the plan is built;
 * Catalyst runs what Spark's own operators compute as SPL does (docs/semantics.md, "SPL expressions
 * on Spark").
 *
 * <pre>{@code
 * // SPL: stream<Trade> Big = Functor(Trades) { param filter : volume > 100;
 * //        output Big : notional = price * (float64)volume; }
 * Dataset<Row> big = SplExpressions.functor(trades, "volume > 100",
 *     List.of("notional"), List.of("price * (float64)volume"), Map.of());
 * // columns: every column of trades, then notional double
 * }</pre>
 */
public final class SplExpressions {
  private SplExpressions() {}

  /**
   * The SPL expression {@code expression} over {@code input}'s columns, as a Column.
   *
   * @throws SplExpressionException naming the token, its position and the fix
   */
  public static Column column(Dataset<Row> input, String expression, Map<String, String> splTypes) {
    return column(input, expression, splTypes, Map.of());
  }

  /**
   * As {@link #column(Dataset, String, Map)}, with the values SPL's {@code
   * getSubmissionTimeValue(name)} and {@code getCompileTimeValue(name)} read.
   */
  public static Column column(
      Dataset<Row> input,
      String expression,
      Map<String, String> splTypes,
      Map<String, String> values) {
    return RefusedArgumentException.refusing(
        () -> SplColumns.column(input.schema(), expression, splTypes, values));
  }

  /**
   * SPL's {@code Functor}: the rows for which {@code filter} holds (all when it is null), with the
   * columns named in {@code names} set to the SPL expressions of {@code expressions} (a new column
   * is added after the input's), every other column forwarded.
   *
   * @throws SplExpressionException for an expression SPL refuses
   * @throws IllegalArgumentException for a filter that is not boolean, or an assignment that
   *     changes an input column's type
   */
  public static Dataset<Row> functor(
      Dataset<Row> input,
      String filter,
      List<String> names,
      List<String> expressions,
      Map<String, String> splTypes) {
    return functor(input, filter, names, expressions, splTypes, Map.of());
  }

  /** As the function above, with the named values the expressions may read. */
  public static Dataset<Row> functor(
      Dataset<Row> input,
      String filter,
      List<String> names,
      List<String> expressions,
      Map<String, String> splTypes,
      Map<String, String> values) {
    return RefusedArgumentException.refusing(
        () -> functorChecked(input, filter, names, expressions, splTypes, values));
  }

  private static Dataset<Row> functorChecked(
      Dataset<Row> input,
      String filter,
      List<String> names,
      List<String> expressions,
      Map<String, String> splTypes,
      Map<String, String> values) {
    if (names.size() != expressions.size()) {
      throw new IllegalArgumentException(
          names.size() + " output names for " + expressions.size() + " expressions");
    }
    Dataset<Row> rows = input;
    if (filter != null) {
      SplExpression typed = SplColumns.compile(input.schema(), filter, splTypes, values);
      if (!typed.type().getLanguageType().equals("boolean")) {
        throw new IllegalArgumentException(
            "filter \""
                + filter
                + "\" is "
                + typed.type().getLanguageType()
                + ", and a Functor's filter is boolean: compare it, e.g. ("
                + filter
                + ") != 0");
      }
      rows = rows.filter(SplColumns.column(input.schema(), filter, splTypes, values));
    }
    Map<String, Column> assigned = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      SplExpression typed =
          SplColumns.compile(input.schema(), expressions.get(i), splTypes, values);
      if (List.of(input.schema().fieldNames()).contains(name)) {
        String columnType =
            typed
                .scope()
                .ports()
                .get(0)
                .schema()
                .getType(typed.scope().ports().get(0).schema().requireIndex(name))
                .getLanguageType();
        if (!columnType.equals(typed.type().getLanguageType())) {
          throw new IllegalArgumentException(
              "output "
                  + name
                  + " = \""
                  + expressions.get(i)
                  + "\" is "
                  + typed.type().getLanguageType()
                  + ", and the input column "
                  + name
                  + " is "
                  + columnType
                  + ": a Functor's output attribute keeps its type; cast the"
                  + " expression, e.g. ("
                  + columnType
                  + ")(...), or assign a new column");
        }
      }
      assigned.put(
          name, SplColumns.column(input.schema(), expressions.get(i), splTypes, values).as(name));
    }
    List<Column> columns = new ArrayList<>();
    for (StructField field : input.schema().fields()) {
      Column set = assigned.remove(field.name());
      columns.add(set != null ? set : functions.col("`" + field.name().replace("`", "``") + "`"));
    }
    columns.addAll(assigned.values());
    return rows.select(columns.toArray(new Column[0]));
  }
}
