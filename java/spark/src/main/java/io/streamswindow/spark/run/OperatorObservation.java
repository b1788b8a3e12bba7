package io.streamswindow.spark.run;

import com.ibm.streams.operator.metrics.Metric;
import io.streamswindow.spark.plan.OperatorPlan;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The operator's metrics as Spark's observed metrics of the result: each runner call adds a row
 * carrying what changed in its key's operator instance ({@link OperatorPlan#METRICS_COLUMN}); this
 * sums counters and takes the largest value of gauges and times over those rows, under one name per
 * operator in the query ({@code PerKeyRun#observationName}), then drops the rows. A streaming query
 * reports them in each micro-batch's progress ({@code observedMetrics}); a batch query in its
 * {@code QueryExecution}, where a {@code QueryExecutionListener} reads them ({@code
 * qe.observedMetrics()}; docs/java.md, "Streams", and docs/python.md, "Monitoring").
 *
 * <pre>{@code
 * OperatorObservation observed = OperatorObservation.of(dryRunHost.context(), plan);
 * Dataset<Row> result = observed.apply(rawResults, "streams_window WindowSum");
 * }</pre>
 *
 * @param metrics the operator's metrics as its dry run created them, with their kinds
 * @param countsRowsBehind whether the results also carry the count of rows behind order_by
 * @param keepsRows whether the report rows stay in the result for the caller to observe ({@link
 *     OperatorRunRequest#metricsRows()})
 */
public record OperatorObservation(List<Named> metrics, boolean countsRowsBehind, boolean keepsRows)
    implements Serializable {

  /** The metadata key of the metrics column that maps each metric's name to its kind. */
  static final String KINDS = "streams_window_metric_kinds";

  /**
   * The metadata key of the metrics column, when it is an array, that lists the observed metrics'
   * names in the order of its elements ({@link #observedNames}).
   */
  static final String NAMES = "streams_window_metric_names";

  /** A metric's name and kind. */
  record Named(String name, Metric.Kind kind) implements Serializable {}

  /**
   * The observation of an operator whose dry run made {@code context}'s metrics: the system metrics
   * the host counts and the custom metrics it created in {@code initialize}. A custom metric
   * created later is not observed (its name is not known when the plan is made).
   */
  public static OperatorObservation of(
      com.ibm.streams.operator.OperatorContext context, OperatorPlan plan) {
    List<Named> named = new ArrayList<>();
    for (Metric metric : OperatorMetricValues.metricsOf(context)) {
      named.add(new Named(metric.getName(), metric.getKind()));
    }
    return new OperatorObservation(List.copyOf(named), plan.countsRowsBehind(), false);
  }

  /** This observation, left to the caller: the report rows stay, their kinds in the metadata. */
  public OperatorObservation keepingRows() {
    return new OperatorObservation(metrics, countsRowsBehind, true);
  }

  /**
   * The result schema with the columns the runner's report rows fill. The metrics column is a map
   * from metric name to change when the caller keeps the rows; otherwise an array of the observed
   * metrics' changes in the order of {@link #metrics} (null where one did not change), its names in
   * the column's metadata ({@value #NAMES}): the observation then reads each metric at its index
   * rather than looking its name up in a map, and a report row carries no strings
   * (docs/performance.md, "Operator metrics, and what else a call costs now").
   */
  public StructType resultSchema(StructType results) {
    StructType with =
        countsRowsBehind
            ? results.add(OperatorPlan.ROWS_BEHIND_COLUMN, DataTypes.LongType, true)
            : results;
    if (keepsRows) {
      return with.add(
          OperatorPlan.METRICS_COLUMN,
          DataTypes.createMapType(DataTypes.StringType, DataTypes.LongType),
          true);
    }
    org.apache.spark.sql.types.Metadata names =
        new org.apache.spark.sql.types.MetadataBuilder()
            .putStringArray(NAMES, metrics.stream().map(Named::name).toArray(String[]::new))
            .build();
    return with.add(
        OperatorPlan.METRICS_COLUMN,
        DataTypes.createArrayType(DataTypes.LongType, true),
        true,
        names);
  }

  /**
   * The names of the metrics a runner reports by index, from a result schema {@link #resultSchema}
   * made; null when its metrics column is a map, where a runner reports each changed metric by
   * name.
   */
  static List<String> observedNames(StructType resultSchema) {
    org.apache.spark.sql.types.StructField column =
        resultSchema.apply(resultSchema.fieldIndex(OperatorPlan.METRICS_COLUMN));
    if (!(column.dataType() instanceof org.apache.spark.sql.types.ArrayType)) {
      return null;
    }
    return List.of(column.metadata().getStringArray(NAMES));
  }

  /** The observed expressions: one per metric, then the count of rows behind order_by. */
  Column[] expressions() {
    Column reported = functions.col(OperatorPlan.METRICS_COLUMN);
    List<Column> columns = new ArrayList<>();
    for (int i = 0; i < metrics.size(); i++) {
      Named metric = metrics.get(i);
      Column value = reported.getItem(i);
      columns.add(
          (metric.kind() == Metric.Kind.COUNTER
                  ? functions.coalesce(functions.sum(value), functions.lit(0L))
                  : functions.max(value))
              .as(metric.name()));
    }
    if (countsRowsBehind) {
      columns.add(
          functions
              .coalesce(
                  functions.sum(functions.col(OperatorPlan.ROWS_BEHIND_COLUMN)), functions.lit(0L))
              .as(OperatorPlan.ROWS_BEHIND_METRIC));
    }
    return columns.toArray(new Column[0]);
  }

  /**
   * Observes the report rows of {@code results} under {@code name}, then drops them and their
   * columns, leaving the rows the operator submitted; or, when the caller keeps the rows, only
   * names each metric's kind in the metrics column's metadata ({@value #KINDS}).
   */
  public Dataset<Row> apply(Dataset<Row> results, String name) {
    if (keepsRows) {
      org.apache.spark.sql.types.MetadataBuilder kinds =
          new org.apache.spark.sql.types.MetadataBuilder();
      metrics.forEach(metric -> kinds.putString(metric.name(), metric.kind().name()));
      org.apache.spark.sql.types.Metadata metadata =
          new org.apache.spark.sql.types.MetadataBuilder()
              .putMetadata(KINDS, kinds.build())
              .build();
      return results.withColumn(
          OperatorPlan.METRICS_COLUMN,
          functions.col(OperatorPlan.METRICS_COLUMN).as(OperatorPlan.METRICS_COLUMN, metadata));
    }
    Column[] observed = expressions();
    Column reportRow = functions.col(OperatorPlan.METRICS_COLUMN).isNotNull();
    List<String> hidden = new ArrayList<>();
    if (countsRowsBehind) {
      reportRow = reportRow.or(functions.col(OperatorPlan.ROWS_BEHIND_COLUMN).isNotNull());
      hidden.add(OperatorPlan.ROWS_BEHIND_COLUMN);
    }
    hidden.add(OperatorPlan.METRICS_COLUMN);
    Dataset<Row> watched =
        observed.length == 0
            ? results
            : results.observe(
                name, observed[0], java.util.Arrays.copyOfRange(observed, 1, observed.length));
    return watched.filter(functions.not(reportRow)).drop(hidden.toArray(new String[0]));
  }
}
