package io.streamswindow.spark.connect;

import io.streamswindow.spark.SplExpressions;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.line.SupportedSpark;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.analysis.UnresolvedAlias;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.classic.Dataset;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.connect.planner.SparkConnectPlanner;
import org.apache.spark.sql.connect.plugin.ExpressionPlugin;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark Connect entrance of {@code spl_column()}: an expression plugin that answers the
 * facade's {@link WindowRequest.SplColumn} with the expression of the Column that {@link
 * SplExpressions#column} makes on a classic session, so that a Connect client uses it in {@code
 * select}, {@code filter} or {@code withColumn} like any Column.
 *
 * <p>Register it beside {@link WindowRelationPlugin} with {@code
 * spark.connect.extensions.expression.classes=io.streamswindow.spark.connect.SplColumnExpressionPlugin}
 * ({@code streams_window.configure} sets it on a {@code remote("local[...]")} builder). The client
 * sends the input DataFrame's schema, from which the expression is typed; the Column's attributes
 * are names, resolved against the DataFrame the Column is used on, as a classic {@code col("x")}
 * is. A refusal reaches the client when its plan is analyzed (docs/connect.md). Example, the server
 * side of {@code sw.spl_column("price * (float64)volume", trades)}:
 *
 * <pre>{@code
 * Optional<Expression> e = new SplColumnExpressionPlugin().transform(anyBytes, planner);
 * // price * CAST(volume AS DOUBLE), unresolved: the planner resolves it against the input
 * }</pre>
 */
public final class SplColumnExpressionPlugin implements ExpressionPlugin {

  /** The server setting that registers expression plugins. */
  public static final String EXPRESSION_PLUGINS = "spark.connect.extensions.expression.classes";

  @Override
  public Optional<Expression> transform(byte[] expression, SparkConnectPlanner planner) {
    return RefusedArgumentException.refusing(
        () -> {
          WindowRequest request = WindowRequest.fromAny(expression);
          if (request == null) {
            return Optional.empty();
          }
          if (!(request instanceof WindowRequest.SplColumn call)) {
            throw new IllegalArgumentException(
                "A streams-window request in a Column's place must be an spl_column request;"
                    + " this one is a relation's (a DataFrame's), which the relation plugin"
                    + " answers");
          }
          SupportedSpark.require();
          SparkSession session = planner.session();
          Dataset<Row> typed = schemaOnly(session, call.inputSchema());
          Column column =
              SplExpressions.column(typed, call.expression(), call.splTypes(), call.values());
          return Optional.of(expressionOf(typed, column));
        });
  }

  /** An empty DataFrame of {@code schema}: what the Column's attributes are typed from. */
  private static Dataset<Row> schemaOnly(SparkSession session, StructType schema) {
    return (Dataset<Row>) session.createDataFrame(List.<Row>of(), schema);
  }

  /**
   * The unresolved Catalyst expression of {@code column}, read from the plan of a {@code select} of
   * it, which is what the public API gives of a Column's expression: the select's own alias is
   * dropped, so that the client's plan names the Column as a classic {@code select} would.
   */
  static Expression expressionOf(Dataset<Row> typed, Column column) {
    LogicalPlan plan = ((Dataset<Row>) typed.select(column)).queryExecution().logical();
    if (!(plan instanceof Project project) || project.projectList().size() != 1) {
      throw new IllegalStateException("a select of one Column gave the plan " + plan);
    }
    // A NamedExpression is a Scala trait, which Java sees as an interface apart from Expression.
    Object named = project.projectList().head();
    if (named instanceof UnresolvedAlias alias) {
      return alias.child();
    }
    if (named instanceof Alias alias) {
      return alias.child();
    }
    return (Expression) named;
  }
}
