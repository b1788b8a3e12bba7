package io.streamswindow.spark;

import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.rows.PackedRows;
import io.streamswindow.spark.rows.RowPacker;
import io.streamswindow.spark.run.OperatorObservation;
import io.streamswindow.spark.run.StatefulOperation;
import io.streamswindow.spark.state.StateLayout;
import io.streamswindow.spark.state.StateLayoutRestartRule;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.KeyValueGroupedDataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.CollectMetrics;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.runtime.BoxedUnit;

/**
 * Runs a {@link ValidatedRun} on Spark, an operator instance per {@code partition_by} key: the
 * input's rows are packed per key and input partition ({@link RowPacker}), grouped by key, and
 * handed to the stateful operation of the session's {@link StateLayout}; the operator's metrics,
 * and for a stream with {@code order_by} the rows that go back in order, become observed metrics.
 *
 * <pre>{@code
 * Dataset<Row> results = PerKeyRun.start(input, validated, validated.dryRun()); // lazy
 * }</pre>
 */
public final class PerKeyRun {
  private PerKeyRun() {}

  /**
   * The result DataFrame of the run over {@code input}, of the same kind (batch or streaming). Each
   * call also reports what changed in its operator's metrics, and a stream's rows behind order_by,
   * in a row of its own; {@code metrics} combines them over keys and tasks in the query's observed
   * metrics, then drops those rows (docs/python.md, "Monitoring").
   */
  static Dataset<Row> start(Dataset<Row> input, ValidatedRun run, OperatorObservation metrics) {
    return start(List.of(input), run, metrics);
  }

  /**
   * {@link #start(Dataset, ValidatedRun, OperatorObservation)} of an operator with several input
   * ports: {@code inputs} holds each port's rows, port 0's first, all batch or all streaming. Their
   * packed rows, each carrying its port in its origin ({@link PackedRows#origin(int, int, int)}),
   * are grouped by key together, so a key's operator instance gets every port's rows of a call.
   */
  static Dataset<Row> start(
      List<Dataset<Row>> inputs, ValidatedRun run, OperatorObservation metrics) {
    Dataset<Row> input = inputs.get(0);
    OperatorPlan plan = run.plan();
    boolean streaming = input.isStreaming();
    boolean eventTimeStream = run.spec().isTimeInterval() && streaming;
    KeyValueGroupedDataset<Row, Row> groups = packedGroups(inputs, run, eventTimeStream);
    Dataset<Row> results =
        stateful(input, groups, run, metrics.resultSchema(run.resultSchema()), eventTimeStream);
    return metrics.apply(results, observationName(input, run.type()));
  }

  /**
   * The stateful operation over {@code groups}: the single-value layout for a batch DataFrame; for
   * a stream, the layout the session gives a new query, judged against a restarted query's
   * checkpoint ({@link StateLayoutRestartRule}): a key of other columns or types is refused, and so
   * is a checkpoint of the other layout, naming the setting that keeps it, unless the user opted in
   * to exchange it for the one the checkpoint recorded ({@value StateLayout#FOLLOW_CHECKPOINT};
   * docs/decisions.md, "State layout").
   */
  private static Dataset<Row> stateful(
      Dataset<Row> input,
      KeyValueGroupedDataset<Row, Row> groups,
      ValidatedRun run,
      StructType resultSchema,
      boolean eventTimeStream) {
    SparkSession session = input.sparkSession();
    OperatorPlan plan = run.plan();
    if (!input.isStreaming()) {
      return StatefulOperation.of(
          StateLayout.SINGLE_VALUE, session, groups, plan, resultSchema, eventTimeStream);
    }
    StateLayout layout = StateLayout.of(session);
    if (plan.arrival().perRow()) {
      RealTimeMode.require(session.version(), layout);
    }
    Dataset<Row> results =
        StatefulOperation.of(layout, session, groups, plan, resultSchema, eventTimeStream);
    StateLayoutRestartRule.offer(
        session,
        results,
        () ->
            StatefulOperation.of(
                layout.other(), session, groups, plan, resultSchema, eventTimeStream),
        layout,
        StateLayout.chosen(session));
    return results;
  }

  /**
   * The input's rows, packed and grouped by key: each input partition's rows of a key travel as one
   * packed row (RowPacker), and Spark groups the packed rows by key; a window that is not
   * partitioned is one group, as in Streams.
   */
  private static KeyValueGroupedDataset<Row, Row> packedGroups(
      List<Dataset<Row>> inputs, ValidatedRun run, boolean eventTimeStream) {
    Dataset<Row> input = inputs.get(0);
    OperatorPlan plan = run.plan();
    StructType rows = plan.input();
    StructType packed = PackedRows.schema(rows, plan.partitionBy(), input.isStreaming());
    Dataset<Row> packedRows = input.mapPartitions(new RowPacker(plan), Encoders.row(packed));
    for (int port = 1; port < inputs.size(); port++) {
      OperatorPlan portPlan = plan.ofPort(port);
      StructType portPacked =
          PackedRows.schema(portPlan.input(), plan.partitionBy(), input.isStreaming());
      packedRows =
          packedRows.union(
              inputs
                  .get(port)
                  .mapPartitions(RowPacker.ofPort(plan, port), Encoders.row(portPacked)));
    }
    if (inputs.size() > 1) {
      // The key columns' nullability may differ between ports: the union's is the one to group by.
      packed = (StructType) packedRows.schema();
    }
    if (eventTimeStream) {
      // Spark lets flatMapGroupsWithState see the watermark (and use event-time timeouts) only when
      // a column of its input carries the watermark's metadata, which mapPartitions drops: the
      // packed rows get a column that carries it again. Spark drops a row whose value there is at
      // or before the watermark (a null never is), before our function sees it; the column is
      // always null, so a late tuple reaches its pane, and the watermark stays the one the
      // user's withWatermark computes (docs/architecture.md, "Event time on Spark").
      packedRows =
          PackedRows.withWatermarkColumn(packedRows, rows.apply(plan.eventTime()).metadata());
      packed = (StructType) packedRows.schema();
    }
    List<String> keys = PackedRows.keyColumns(plan.partitionBy(), input.isStreaming());
    StructType keySchema =
        new StructType(keys.stream().map(packed::apply).toArray(StructField[]::new));
    // Grouping by columns (not by a key function) lets the planner see the key: Spark groups the
    // packed rows with generated code, without calling ours for every row.
    return packedRows
        .groupBy(keys.stream().map(functions::col).toArray(Column[]::new))
        .as(Encoders.row(keySchema), Encoders.row(packed));
  }

  /**
   * The name of the observed metrics of an operator's run, in the query's progress: {@code
   * streams_window <operator class's simple name>}, then {@code #2}, {@code #3}... when runs of the
   * same class come earlier in the query (Spark wants one name per query).
   */
  static String observationName(Dataset<Row> input, Class<?> type) {
    String name = "streams_window " + type.getSimpleName();
    Set<String> taken = new HashSet<>();
    input
        .queryExecution()
        .logical()
        .foreach(
            node -> {
              if (node instanceof CollectMetrics m) {
                taken.add(m.name());
              }
              return BoxedUnit.UNIT;
            });
    String chosen = name;
    for (int n = 2; taken.contains(chosen); n++) {
      chosen = name + " #" + n;
    }
    return chosen;
  }
}
