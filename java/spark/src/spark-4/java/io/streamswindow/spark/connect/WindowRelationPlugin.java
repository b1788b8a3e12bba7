package io.streamswindow.spark.connect;

import io.streamswindow.spark.Aggregates;
import io.streamswindow.spark.Joins;
import io.streamswindow.spark.Sorts;
import io.streamswindow.spark.SplExpressions;
import io.streamswindow.spark.WindowedOperators;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.line.SupportedSpark;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.connect.proto.Relation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.classic.Dataset;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.connect.planner.SparkConnectPlanner;
import org.apache.spark.sql.connect.plugin.RelationPlugin;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark Connect entrance of streams-window: a relation plugin that answers the facade's {@link
 * WindowRequest} by calling the same {@link WindowedOperators} and {@link Aggregates} entry points
 * as the Py4J path, on the input DataFrame the request carries as a Connect relation.
 *
 * <p>Register it on the Connect server with {@code
 * spark.connect.extensions.relation.classes=io.streamswindow.spark.connect.WindowRelationPlugin},
 * with streams-window's jar in {@code spark.jars} ({@code streams_window.configure} sets both on a
 * {@code remote("local[...]")} builder). Every argument check of the entry points runs when the
 * client's plan is analyzed, and their exceptions reach the client with their class and message
 * (docs/connect.md). Example, the server side of {@code sw.parse_window("tumbling, count(4)")} on a
 * Connect session:
 *
 * <pre>{@code
 * Optional<LogicalPlan> plan = new WindowRelationPlugin().transform(anyBytes, planner);
 * // a one-row-per-part relation: clause, type, eviction, partitioned
 * }</pre>
 */
public final class WindowRelationPlugin implements RelationPlugin {

  /** The schema of the relation that answers a {@code parse_window} request. */
  static final StructType PARSE_WINDOW_SCHEMA =
      new StructType()
          .add("part", DataTypes.StringType, false)
          .add("value", DataTypes.StringType, false);

  @Override
  public Optional<LogicalPlan> transform(byte[] relation, SparkConnectPlanner planner) {
    return RefusedArgumentException.refusing(
        () -> {
          WindowRequest request = WindowRequest.fromAny(relation);
          if (request == null) {
            return Optional.empty();
          }
          SupportedSpark.require();
          return Optional.of(answer(request, planner));
        });
  }

  private static LogicalPlan answer(WindowRequest request, SparkConnectPlanner planner) {
    org.apache.spark.sql.Dataset<Row> result;
    if (request instanceof WindowRequest.RunOperator call) {
      List<org.apache.spark.sql.Dataset<Row>> inputs = new ArrayList<>();
      call.inputs().forEach(port -> inputs.add(input(port, planner)));
      result = WindowedOperators.runOperator(inputs, call.request());
    } else if (request instanceof WindowRequest.Aggregate call) {
      result =
          Aggregates.aggregate(
              input(call.input(), planner),
              call.window(),
              call.partitionBy(),
              call.orderBy(),
              call.output(),
              call.groupBy(),
              call.options());
    } else if (request instanceof WindowRequest.Functor call) {
      result =
          SplExpressions.functor(
              input(call.input(), planner),
              call.filter(),
              call.names(),
              call.expressions(),
              call.splTypes(),
              call.values());
    } else if (request instanceof WindowRequest.Join call) {
      result =
          Joins.join(
              input(call.left(), planner),
              input(call.right(), planner),
              call.leftWindow(),
              call.rightWindow(),
              call.orderBy(),
              call.outputNames(),
              call.outputExpressions(),
              call.parameters(),
              call.options());
    } else if (request instanceof WindowRequest.Sort call) {
      result =
          Sorts.sort(
              input(call.input(), planner),
              call.window(),
              call.partitionBy(),
              call.orderBy(),
              call.sortBy(),
              call.order(),
              call.options());
    } else if (request instanceof WindowRequest.SplColumn) {
      throw new IllegalArgumentException(
          "An spl_column request is a Column's expression, not a relation: this server reads it"
              + " when "
              + SplColumnExpressionPlugin.class.getName()
              + " is registered in "
              + SplColumnExpressionPlugin.EXPRESSION_PLUGINS
              + " (docs/connect.md)");
    } else {
      result = parsedWindow(((WindowRequest.ParseWindow) request).clause(), planner.session());
    }
    return ((Dataset<Row>) result).logicalPlan();
  }

  /** The input DataFrame: the client's plan, made a DataFrame of the server's session. */
  private static Dataset<Row> input(byte[] encoded, SparkConnectPlanner planner) {
    Relation relation;
    try {
      relation = Relation.parseFrom(encoded);
    } catch (Exception e) {
      throw new IllegalArgumentException(
          "Malformed streams-window Connect request: its input is not a Spark Connect relation", e);
    }
    return Dataset.ofRows(planner.session(), planner.transformRelation(relation));
  }

  private static org.apache.spark.sql.Dataset<Row> parsedWindow(
      String clause, SparkSession session) {
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, String> part : WindowedOperators.parseWindow(clause).entrySet()) {
      rows.add(RowFactory.create(part.getKey(), part.getValue()));
    }
    return session.createDataFrame(rows, PARSE_WINDOW_SCHEMA);
  }
}
