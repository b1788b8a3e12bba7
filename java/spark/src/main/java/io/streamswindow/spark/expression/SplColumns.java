package io.streamswindow.spark.expression;

import static org.apache.spark.sql.functions.atan2;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.isnan;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.octet_length;
import static org.apache.spark.sql.functions.pmod;
import static org.apache.spark.sql.functions.raise_error;
import static org.apache.spark.sql.functions.signum;
import static org.apache.spark.sql.functions.when;

import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.expression.TypedExpression;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplType;
import io.streamswindow.spark.types.SplSparkTypes;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * An SPL expression over a DataFrame's columns as a Spark {@link Column}: the second back end of
 * the expression layer's typed tree. Where Spark's own operators give SPL's value whatever the
 * session's settings (ANSI mode on or off), the node becomes them, so Catalyst plans and
 * code-generates it: booleans and logic, comparisons (with IEEE's NaN, which Spark orders
 * otherwise), integer arithmetic wrapped at the type's width, {@code float64} arithmetic with
 * IEEE's division by zero, string joins, conditionals. Any other expression (decimal rounding,
 * {@code rstring}'s byte-wise functions, unsigned types, collections) runs as one UDF of the
 * expression layer's evaluator over the row, so its value is SPL's there too (docs/semantics.md,
 * "SPL expressions on Spark").
 *
 * <pre>{@code
 * Column notional = SplColumns.column(trades, "price * (float64)volume", Map.of());
 * trades.withColumn("notional", notional);
 * }</pre>
 */
public final class SplColumns {
  private SplColumns() {}

  /**
   * The SPL expression {@code text} over the columns of {@code schema}, as a Column.
   *
   * @param schema the DataFrame's schema, whose columns are the expression's attributes
   * @param text the SPL expression
   * @param splTypes SPL types stated for some columns (a {@code long} column read as {@code
   *     uint32}); the others take the type table's default (docs/python.md, "Types")
   * @throws io.streamswindow.expression.SplExpressionException for an expression SPL refuses
   */
  public static Column column(StructType schema, String text, Map<String, String> splTypes) {
    return column(schema, text, splTypes, Map.of());
  }

  /**
   * As {@link #column(StructType, String, Map)}, with the values SPL's {@code
   * getSubmissionTimeValue(name)} and {@code getCompileTimeValue(name)} read.
   */
  public static Column column(
      StructType schema, String text, Map<String, String> splTypes, Map<String, String> values) {
    return translated(compile(schema, text, splTypes, values), schema);
  }

  /** The compiled expression over {@code schema}'s columns, for the checks a caller makes. */
  public static SplExpression compile(
      StructType schema, String text, Map<String, String> splTypes) {
    return compile(schema, text, splTypes, Map.of());
  }

  /** As {@link #compile(StructType, String, Map)}, with the named values it may read. */
  public static SplExpression compile(
      StructType schema, String text, Map<String, String> splTypes, Map<String, String> values) {
    SplSchema spl = SplSparkTypes.toSpl(schema, splTypes, SplSparkTypes.Direction.INPUT);
    return SplExpression.compile(text, ExpressionScope.of(spl).withValues(values));
  }

  static Column translated(SplExpression expression, StructType schema) {
    Column nativeColumn = new Translation(expression.scope()).of(expression.tree());
    if (nativeColumn != null) {
      return nativeColumn;
    }
    return evaluatorUdf(expression, schema);
  }

  /** The whole expression as one UDF of the evaluator over the row's columns. */
  private static Column evaluatorUdf(SplExpression expression, StructType schema) {
    DataType resultType = resultType(expression.type(), expression.text());
    StructType one =
        new StructType(new StructField[] {DataTypes.createStructField("value", resultType, false)});
    UserDefinedFunction udf = functions.udf(new EvaluatorUdf(expression, schema, one), resultType);
    if (expression.stateful()) {
      udf = udf.asNondeterministic();
    }
    Column[] columns = new Column[schema.fields().length];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = col(quoted(schema.fields()[i].name()));
    }
    return udf.apply(functions.struct(columns));
  }

  private static DataType resultType(SplType type, String text) {
    MetaType meta = type.getMetaType();
    if (meta == MetaType.LIST
        || meta == MetaType.MAP
        || meta == MetaType.SET
        || meta == MetaType.TUPLE) {
      throw new IllegalArgumentException(
          "'"
              + text
              + "' is "
              + type.getLanguageType()
              + ", and an SPL expression becomes a"
              + " Column of a primitive type here: index or reduce it, e.g. size(...) or"
              + " tokenize(...)[0]");
    }
    return SplSparkTypes.sparkType(meta);
  }

  static String quoted(String column) {
    return "`" + column.replace("`", "``") + "`";
  }

  /** Spark's operators for the nodes whose value they give as SPL does; null for any other. */
  private static final class Translation {
    private final SplSchema schema;

    Translation(ExpressionScope scope) {
      this.schema = scope.ports().get(0).schema();
    }

    Column of(TypedExpression node) {
      if (!nativeType(node.type())) {
        return null;
      }
      switch (node.kind()) {
        case CONSTANT:
          return lit(
              node.constant() instanceof com.ibm.streams.operator.types.RString r
                  ? r.getString()
                  : node.constant());
        case ATTRIBUTE:
          return col(quoted(schema.getAttribute(node.attribute()).getName()));
        case UNARY:
          return unary(node);
        case BINARY:
          return binary(node);
        case CONDITIONAL:
          {
            Column condition = of(node.operand(0));
            Column then = of(node.operand(1));
            Column otherwise = of(node.operand(2));
            return condition == null || then == null || otherwise == null
                ? null
                : when(condition, then).otherwise(otherwise);
          }
        case CAST:
          return cast(node);
        case CALL:
          if (node.operator().equals("length")
              && node.operand(0).type().getMetaType() == MetaType.RSTRING) {
            Column text = of(node.operand(0));
            return text == null ? null : octet_length(text);
          }
          return null;
        default:
          return null;
      }
    }

    /** The types whose Spark columns hold SPL's values as they are (the type table's defaults). */
    private static boolean nativeType(SplType type) {
      switch (type.getMetaType()) {
        case BOOLEAN:
        case INT8:
        case INT16:
        case INT32:
        case INT64:
        case FLOAT64:
        case RSTRING:
          return true;
        default:
          return false;
      }
    }

    private Column unary(TypedExpression node) {
      Column operand = of(node.operand(0));
      if (operand == null) {
        return null;
      }
      switch (node.operator()) {
        case "!":
          return not(operand);
        case "-":
          if (node.type().getMetaType() == MetaType.FLOAT64) {
            return operand.multiply(lit(-1.0));
          }
          return wrapped(lit(0L).minus(operand.cast(DataTypes.LongType)), node.type());
        default:
          return null;
      }
    }

    private Column binary(TypedExpression node) {
      Column left = of(node.operand(0));
      Column right = of(node.operand(1));
      if (left == null || right == null) {
        return null;
      }
      SplType operands = node.operand(0).type();
      MetaType meta = operands.getMetaType();
      String op = node.operator();
      switch (op) {
        case "&&":
          return left.and(right);
        case "||":
          return left.or(right);
        case "<":
        case "<=":
        case ">":
        case ">=":
        case "==":
        case "!=":
          return comparison(op, left, right, meta == MetaType.FLOAT64);
        default:
          break;
      }
      if (meta == MetaType.RSTRING) {
        return op.equals("+") ? functions.concat(left, right) : null;
      }
      if (meta == MetaType.FLOAT64) {
        switch (op) {
          case "+":
            return left.plus(right);
          case "-":
            return left.minus(right);
          case "*":
            return left.multiply(right);
          case "/":
            return ieeeDivision(left, right);
          default:
            return null;
        }
      }
      if (meta == MetaType.BOOLEAN || meta == MetaType.INT64) {
        // int64 arithmetic would overflow a Spark long under ANSI mode: the evaluator runs it.
        return null;
      }
      // int8, int16, int32: exact in a long, then wrapped at the type's width.
      Column a = left.cast(DataTypes.LongType);
      Column b = right.cast(DataTypes.LongType);
      switch (op) {
        case "+":
          return wrapped(a.plus(b), operands);
        case "-":
          return wrapped(a.minus(b), operands);
        case "*":
          return wrapped(a.multiply(b), operands);
        case "/":
          return when(
                  b.equalTo(0L),
                  raise_error(
                          lit("integer division by zero (/ on " + operands.getLanguageType() + ")"))
                      .cast(sparkType(operands)))
              .otherwise(wrapped(a.divide(b).cast(DataTypes.LongType), operands));
        case "%":
          return when(
                  b.equalTo(0L),
                  raise_error(
                          lit("integer division by zero (% on " + operands.getLanguageType() + ")"))
                      .cast(sparkType(operands)))
              .otherwise(wrapped(a.mod(b), operands));
        default:
          return null;
      }
    }

    /** IEEE's comparisons: any comparison with NaN is false but {@code !=}, which is true. */
    private static Column comparison(String op, Column left, Column right, boolean floats) {
      Column compared;
      switch (op) {
        case "<":
          compared = left.lt(right);
          break;
        case "<=":
          compared = left.leq(right);
          break;
        case ">":
          compared = left.gt(right);
          break;
        case ">=":
          compared = left.geq(right);
          break;
        case "==":
          compared = left.equalTo(right);
          break;
        default:
          compared = left.notEqual(right);
          break;
      }
      if (!floats) {
        return compared;
      }
      Column nan = isnan(left).or(isnan(right));
      return op.equals("!=") ? nan.or(compared) : not(nan).and(compared);
    }

    /** IEEE's division: by a zero, an infinity signed by both operands, or NaN for 0/0. */
    private static Column ieeeDivision(Column left, Column right) {
      Column zeroSign = when(atan2(right, lit(-1.0)).gt(0), lit(1.0)).otherwise(lit(-1.0));
      Column byZero =
          when(isnan(left).or(left.equalTo(0.0)), lit(Double.NaN))
              .otherwise(signum(left).multiply(zeroSign).multiply(lit(Double.POSITIVE_INFINITY)));
      return when(right.equalTo(0.0), byZero).otherwise(left.divide(right));
    }

    private Column cast(TypedExpression node) {
      SplType from = node.operand(0).type();
      SplType to = node.type();
      Column operand = of(node.operand(0));
      if (operand == null) {
        return null;
      }
      boolean integerFrom = isSmallInteger(from) || from.getMetaType() == MetaType.INT64;
      if (integerFrom && to.getMetaType() == MetaType.FLOAT64) {
        return operand.cast(DataTypes.DoubleType);
      }
      if (integerFrom && isSmallInteger(to)) {
        return wrapped(operand.cast(DataTypes.LongType), to);
      }
      if (integerFrom && to.getMetaType() == MetaType.INT64) {
        return operand.cast(DataTypes.LongType);
      }
      if (integerFrom && to.getMetaType() == MetaType.RSTRING) {
        return operand.cast(DataTypes.StringType);
      }
      return null;
    }

    private static boolean isSmallInteger(SplType type) {
      MetaType meta = type.getMetaType();
      return meta == MetaType.INT8 || meta == MetaType.INT16 || meta == MetaType.INT32;
    }

    /** A long holding an exact result, wrapped to {@code type}'s width and cast to its column. */
    private static Column wrapped(Column exact, SplType type) {
      int bits;
      switch (type.getMetaType()) {
        case INT8:
          bits = 8;
          break;
        case INT16:
          bits = 16;
          break;
        case INT32:
          bits = 32;
          break;
        default:
          return exact;
      }
      long half = 1L << (bits - 1);
      return pmod(exact.plus(lit(half)), lit(2 * half)).minus(lit(half)).cast(sparkType(type));
    }

    private static DataType sparkType(SplType type) {
      return SplSparkTypes.sparkType(type.getMetaType());
    }
  }
}
