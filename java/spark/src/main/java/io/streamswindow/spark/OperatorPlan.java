package io.streamswindow.spark;

import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.SplSparkTypes.Direction;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;

/**
 * Everything an executor needs to run the operator on its groups: checked on the driver by {@link
 * WindowedOperators}, then shipped with the query plan.
 *
 * @param operatorClass the operator's class name
 * @param window the SPL window clause of input port 0, or {@code "not windowed"} (the text of
 *     {@link WindowSpec#notWindowed()}) for a port without a window
 * @param input the schema of the input rows (the operator's tuples, plus the marker column if any)
 * @param output the schema of output port 0, as the result rows have it
 * @param partitionBy the partition columns (the Spark grouping key); empty when not partitioned
 * @param orderBy the columns giving the arrival order inside a group; empty for input order
 * @param markerColumn a boolean column whose true rows are window markers, or null
 * @param markerPerBatch whether each micro-batch ends with a window marker
 * @param punctuationColumn the output column that shows punctuation marks, or null
 * @param parameters the operator's parameters
 * @param streaming whether the input is a streaming DataFrame
 * @param eventTime the event-time column of a timeInterval window, or null
 * @param lateColumn the result column that returns tuples a timeInterval window dropped (their
 *     panes had closed), or null to drop them unseen
 * @param inputTypes the SPL types stated for input columns ({@code spl_types}: column to SPL type),
 *     checked on the driver; the other columns have the type table's
 * @param outputTypes the SPL types stated for output columns ({@code output_spl_types})
 * @param directories the directories the operator's processing element reports, as the session's
 *     settings name them; each JVM finds them itself ({@link OperatorDirectories#resolve})
 */
record OperatorPlan(
    String operatorClass,
    String window,
    StructType input,
    StructType output,
    List<String> partitionBy,
    List<String> orderBy,
    String markerColumn,
    boolean markerPerBatch,
    String punctuationColumn,
    Map<String, List<String>> parameters,
    boolean streaming,
    String eventTime,
    String lateColumn,
    Map<String, String> inputTypes,
    Map<String, String> outputTypes,
    OperatorDirectories directories)
    implements Serializable {

  /**
   * The result column that carries a call's count of rows behind {@code order_by}: null on every
   * result row but the one a call adds for its count, which the query's observed metric sums and
   * {@link WindowedOperators} then drops, with the column.
   */
  static final String ROWS_BEHIND_COLUMN = "__streams_window_rows_behind_order_by";

  /** The observed metric that counts them, in the query's progress (docs/python.md, "Streams"). */
  static final String ROWS_BEHIND_METRIC = "rows_behind_order_by";

  /**
   * The result column that carries what changed in a key's operator metrics in one call (metric
   * name to counter increase, or gauge or time value): null on every result row but the one a call
   * adds when its metrics changed, which {@link OperatorObservation} combines and then drops, with
   * the column.
   */
  static final String METRICS_COLUMN = "__streams_window_metrics";

  /**
   * Whether each key keeps the {@code order_by} values of its last tuple and counts the rows that
   * come before them in a later micro-batch: a stream with {@code order_by}.
   */
  boolean countsRowsBehind() {
    return streaming && !orderBy.isEmpty();
  }

  /** The SPL schema of the operator's input tuples, which have the columns {@code tuples}. */
  SplSchema inputSchema(StructType tuples) {
    return SplSparkTypes.toSpl(tuples, inputTypes, Direction.INPUT);
  }

  /** The SPL schema of output port 0. */
  SplSchema outputSchema() {
    return SplSparkTypes.toSpl(output, outputTypes, Direction.OUTPUT);
  }

  /**
   * The window declaration: the clause, with the event-time column when there is one; {@link
   * WindowSpec#notWindowed()} when {@link #window} is its text (input port 0 has no window).
   */
  WindowSpec windowSpec() {
    if (window.equals(WindowSpec.notWindowed().toString())) {
      return WindowSpec.notWindowed();
    }
    WindowSpec spec = WindowClauseParser.parse(window);
    return eventTime == null ? spec : spec.withEventTime(eventTime);
  }
}
