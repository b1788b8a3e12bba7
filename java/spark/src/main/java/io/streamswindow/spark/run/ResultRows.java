package io.streamswindow.spark.run;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.engine.EngineWindow;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.spark.line.ScalaCollections;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.ResultLayout;
import io.streamswindow.spark.rows.OrderValues;
import io.streamswindow.spark.rows.PackedRows;
import io.streamswindow.spark.types.RowTupleConverter;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The result rows of one plan's calls ({@link ResultLayout}): what the operator submits on each
 * output port, its punctuation marks, the tuples a timeInterval window drops ({@code late_output}),
 * and the rows that report to the query's observed metrics (rows behind {@code order_by}, the
 * operator's metrics). {@link WindowedGroupRunner} runs the host's life cycle and asks this class
 * for every row it returns.
 *
 * <pre>{@code
 * ResultRows rows = new ResultRows(plan, observedMetrics, planScope);
 * OperatorHost host = recipe.initialized(clock, rows.sink(output, key));
 * }</pre>
 */
final class ResultRows {
  // The runner's logger: its name is the one the docs and log profiles give for these warnings.
  private static final Logger LOG = LoggerFactory.getLogger(WindowedGroupRunner.class);

  /**
   * The query runs and plans that have logged their first row behind order_by: once each. Bounded
   * (the least recently warned go first): an executor outlives the queries it serves.
   */
  private static final Set<String> WARNED_BEHIND =
      Collections.newSetFromMap(
          Collections.synchronizedMap(
              new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                  return size() > WARNED_LIMIT;
                }
              }));

  /** How many query runs and plans {@link #WARNED_BEHIND} remembers. */
  static final int WARNED_LIMIT = 1024;

  private final OperatorPlan plan;

  /** The metrics the query observes, in the order of the metrics column's array, or null. */
  private final List<String> observedMetrics;

  /** Each observed metric's index in {@link #observedMetrics}, or null with the map form. */
  private final Map<String, Integer> observedIndexes;

  /** This plan among the plans of one query run, for logging a plan's first row behind once. */
  private final String planScope;

  /** Turns an input tuple back into a row of the input's columns (late tuples, late_output). */
  private final RowTupleConverter tupleRows;

  /** Every output port's converter, port 0's first. */
  private final RowTupleConverter[] outputs;

  /** Where result rows hold each output port's tuples. */
  private final ResultLayout layout;

  /** The result columns that hold the operator's tuples ({@link ResultLayout#leadWidth()}). */
  private final int outputWidth;

  /** For each partition_by column, its index among the result's leading columns, or -1. */
  private final int[] keyOutputColumns;

  /** For each output port, and each partition_by column, its index in the port's schema, or -1. */
  private final int[][] portKeyColumns;

  /**
   * The result rows of {@code plan}'s calls.
   *
   * @param observedMetrics the metrics the query observes as an array, or null for the map form
   *     ({@link OperatorObservation#observedNames})
   * @param planScope this plan among the plans of one query run
   */
  ResultRows(OperatorPlan plan, List<String> observedMetrics, String planScope) {
    this.plan = plan;
    this.observedMetrics = observedMetrics;
    this.planScope = planScope;
    if (observedMetrics == null) {
      observedIndexes = null;
    } else {
      observedIndexes = new HashMap<>();
      for (int i = 0; i < observedMetrics.size(); i++) {
        observedIndexes.put(observedMetrics.get(i), i);
      }
    }
    layout = plan.layout();
    outputs = new RowTupleConverter[plan.outputPorts()];
    for (int port = 0; port < outputs.length; port++) {
      outputs[port] =
          new RowTupleConverter(plan.output(port), plan.output(port), plan.outputSchema(port));
    }
    StructType tupleStruct = plan.tuplesOf(0);
    tupleRows = new RowTupleConverter(tupleStruct, tupleStruct, plan.inputSchema(tupleStruct));
    outputWidth = layout.leadWidth();
    List<String> outputColumns = List.of(layout.leadColumns().fieldNames());
    keyOutputColumns = plan.partitionBy().stream().mapToInt(outputColumns::indexOf).toArray();
    portKeyColumns = new int[outputs.length][];
    for (int port = 0; port < outputs.length; port++) {
      List<String> columns = List.of(plan.output(port).fieldNames());
      portKeyColumns[port] = plan.partitionBy().stream().mapToInt(columns::indexOf).toArray();
    }
  }

  /**
   * Counts a call's rows behind {@code order_by} in the result row the query's observed metric sums
   * ({@link OperatorPlan#ROWS_BEHIND_COLUMN}), and logs the first of them once per query run.
   */
  void reportBehind(Row key, long count, Object[] before, Object[] firstValues, List<Row> results) {
    Object[] counted = keyTemplate(key, resultWidth());
    counted[counted.length - 2] = count;
    results.add(RowFactory.create(counted));
    TaskContext task = TaskContext.get();
    String query = task == null ? null : task.getLocalProperty("sql.streaming.queryId");
    if (WARNED_BEHIND.add(query + " " + planScope)) {
      LOG.warn(
          "{} (window \"{}\"), {}: {} row(s) of this micro-batch have an order_by ({}) value"
              + " below {}, the last value the key processed in an earlier micro-batch (the least:"
              + " {}). order_by orders the rows of one micro-batch; across micro-batches rows"
              + " arrive in the source's order. The query's progress counts such rows in"
              + " observedMetrics, metric {}. Logged once per query run (docs/python.md,"
              + " \"Streams\").",
          plan.operatorClass(),
          plan.window(),
          plan.partitionBy().isEmpty()
              ? "the window (not partitioned)"
              : "key " + PackedRows.partitionKey(plan, key),
          count,
          String.join(", ", plan.orderBy()),
          OrderValues.show(before),
          OrderValues.show(firstValues),
          OperatorPlan.ROWS_BEHIND_METRIC);
    }
  }

  /**
   * Adds the row that carries what changed in the operator's metrics in this call ({@link
   * OperatorPlan#METRICS_COLUMN}), which the query's observed metrics combine over keys and tasks
   * and the result then drops; no row when nothing changed (nothing observed, for the array form).
   */
  void reportMetrics(Row key, Map<String, Long> changed, List<Row> results) {
    if (changed.isEmpty()) {
      return;
    }
    Object reported;
    if (observedIndexes == null) {
      reported = ScalaCollections.scalaMap(changed);
    } else {
      // The observed ones at their indexes; a metric the query does not observe (a custom one
      // created after the dry run) has nowhere to go, as it had no expression in the map form.
      Long[] byIndex = null;
      for (java.util.Map.Entry<String, Long> change : changed.entrySet()) {
        Integer at = observedIndexes.get(change.getKey());
        if (at != null) {
          if (byIndex == null) {
            byIndex = new Long[observedMetrics.size()];
          }
          byIndex[at] = change.getValue();
        }
      }
      if (byIndex == null) {
        return;
      }
      reported = byIndex;
    }
    Object[] values = keyTemplate(key, resultWidth());
    values[values.length - 1] = reported;
    results.add(RowFactory.create(values));
  }

  /**
   * What the operator submits, as result rows ({@link ResultLayout}): its tuples, then the
   * punctuation column and the late-tuple column when the plan has them (null on tuple rows). With
   * one output port a tuple's columns lead the row; with several, its port and its port's struct.
   */
  OutputSink sink(CallOutput results, Row key) {
    int width = outputWidth;
    boolean showMarks = plan.punctuationColumn() != null;
    int resultWidth = resultWidth();
    Object[] keyTemplate = keyTemplate(key, resultWidth);
    if (!layout.severalPorts()) {
      return new OutputSink() {
        @Override
        public void tuple(int port, Tuple tuple) {
          results.add(outputs[0].toRow(tuple, resultWidth));
        }

        @Override
        public void mark(int port, Punctuation mark) {
          if (showMarks) {
            Object[] values = keyTemplate.clone();
            values[width] = mark.name();
            results.add(RowFactory.create(values));
          }
        }
      };
    }
    // A mark row names its port, and its port's struct holds the key's columns the port has.
    Row[] portKeys = new Row[outputs.length];
    for (int port = 0; port < outputs.length; port++) {
      Object[] values = new Object[plan.output(port).fields().length];
      for (int i = 0; i < portKeyColumns[port].length; i++) {
        if (portKeyColumns[port][i] >= 0) {
          values[portKeyColumns[port][i]] = key.get(i);
        }
      }
      portKeys[port] = RowFactory.create(values);
    }
    return new OutputSink() {
      @Override
      public void tuple(int port, Tuple tuple) {
        Object[] values = new Object[resultWidth];
        layout.place(port, outputs[port].toRow(tuple), values);
        results.add(RowFactory.create(values));
      }

      @Override
      public void mark(int port, Punctuation mark) {
        if (showMarks) {
          Object[] values = new Object[resultWidth];
          layout.place(port, portKeys[port], values);
          values[width] = mark.name();
          results.add(RowFactory.create(values));
        }
      }
    };
  }

  /**
   * A row of {@code length} columns that names its group: the partition_by columns the output has
   * hold the key, the others are null. Punctuation rows and late-tuple rows start from it.
   */
  private Object[] keyTemplate(Row key, int length) {
    Object[] template = new Object[length];
    for (int i = 0; i < keyOutputColumns.length; i++) {
      if (keyOutputColumns[i] >= 0) {
        template[keyOutputColumns[i]] = key.get(i);
      }
    }
    return template;
  }

  /**
   * With {@code late_output}, a tuple the timeInterval window drops (event time earlier than the
   * watermark minus the discard age) becomes a result row: the group's key in the partition_by
   * output columns, the tuple itself in the late-tuple column (the last), every other column null.
   */
  void returnDroppedTuples(OperatorHost host, CallOutput results, Row key) {
    EngineWindow<Tuple> window = host.engineWindow(0);
    if (plan.lateColumn() == null || window == null) {
      return;
    }
    Object[] template = keyTemplate(key, resultWidth());
    int lateIndex = outputWidth + (plan.punctuationColumn() != null ? 1 : 0);
    window.onDropped(
        tuple -> {
          Object[] values = template.clone();
          values[lateIndex] = tupleRows.toRow(tuple);
          results.add(RowFactory.create(values));
        });
  }

  /**
   * The result rows' width: the output columns, then the punctuation column, the late-tuple column
   * and the count of rows behind order_by, each when the plan has it, then the metrics column.
   */
  private int resultWidth() {
    return outputWidth
        + (plan.punctuationColumn() != null ? 1 : 0)
        + (plan.lateColumn() != null ? 1 : 0)
        + (plan.countsRowsBehind() ? 1 : 0)
        + 1;
  }
}
