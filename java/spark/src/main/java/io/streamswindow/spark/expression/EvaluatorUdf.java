package io.streamswindow.spark.expression;

import io.streamswindow.expression.SplEvaluationException;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.errors.WindowedOperatorException;
import io.streamswindow.spark.types.RowTupleConverter;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.StructType;

/**
 * The evaluator of SPL expressions as a Spark UDF over a row of the input's columns: the row
 * becomes a tuple of the expression's schema, the value goes back as the Spark value of its SPL
 * type. What travels to the executors is the expression (recompiled there) and the schemas; the
 * converters are built on first use.
 */
final class EvaluatorUdf implements UDF1<Row, Object> {
  private static final long serialVersionUID = 1L;

  private final SplExpression expression;
  private final StructType input;
  private final StructType result;
  private transient RowTupleConverter rows;
  private transient RowTupleConverter values;
  private transient SplSchema valueSchema;

  EvaluatorUdf(SplExpression expression, StructType input, StructType result) {
    this.expression = expression;
    this.input = input;
    this.result = result;
  }

  @Override
  public Object call(Row row) {
    if (rows == null) {
      rows = new RowTupleConverter(input, input, expression.scope().ports().get(0).schema());
      valueSchema = SplSchema.of(List.of("value"), List.of(expression.type()));
      values = new RowTupleConverter(result, result, valueSchema);
    }
    Object value;
    try {
      value = expression.evaluate(rows.toTuple(row));
    } catch (SplEvaluationException failed) {
      // As an operator's failure: the facade raises it as OperatorError, naming the expression.
      throw WindowedOperatorException.of(
          "SPL expression \"" + expression.text() + "\"", "none", List.of(), null, failed);
    }
    return values.toRow(valueSchema.getTuple(new Object[] {value})).get(0);
  }
}
