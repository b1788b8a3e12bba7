package io.streamswindow.spark.plan;

import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.UnknownAttributeException;
import io.streamswindow.spark.errors.StreamsWindowThrowable;
import io.streamswindow.spark.errors.WindowedOperatorException;
import io.streamswindow.spark.types.SplSparkTypes;
import io.streamswindow.spark.types.SplSparkTypes.Direction;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;

/**
 * Everything an executor needs to run the operator on its groups: checked on the driver by {@link
 * WindowedOperators}, then shipped with the query plan.
 *
 * @param operatorClass the operator's class name
 * @param inputs the operator's input ports, port 0's first: each one's window and rows
 * @param outputs the schema of each output port as the result rows have it, port 0's first; {@code
 *     outputTypes} apply to the columns of every one
 * @param partitionBy the partition columns (the Spark grouping key); empty when not partitioned
 * @param orderBy the columns giving the arrival order inside a group; empty for input order
 * @param markerColumn a boolean column of input port 0's rows whose true rows are window markers,
 *     or null
 * @param markerPerBatch whether each micro-batch ends with a window marker
 * @param punctuationColumn the output column that shows punctuation marks, or null
 * @param parameters the operator's parameters
 * @param arrival how rows reach the operator: a batch, a stream's micro-batches, or a stream's rows
 *     one by one (real-time mode)
 * @param eventTime the event-time column of input port 0's timeInterval window, or null
 * @param lateColumn the result column that returns tuples a timeInterval window dropped (event time
 *     earlier than the watermark minus the discard age), or null to drop them unseen
 * @param outputTypes the SPL types stated for output columns ({@code output_spl_types})
 * @param directories the directories the operator's processing element reports, as the session's
 *     settings name them; each JVM finds them itself ({@link OperatorDirectories#resolve})
 */
public record OperatorPlan(
    String operatorClass,
    List<InputPortPlan> inputs,
    List<StructType> outputs,
    List<String> partitionBy,
    List<String> orderBy,
    String markerColumn,
    boolean markerPerBatch,
    String punctuationColumn,
    Map<String, List<String>> parameters,
    RowArrival arrival,
    String eventTime,
    String lateColumn,
    Map<String, String> outputTypes,
    OperatorDirectories directories)
    implements Serializable {

  /** A plan of at least one input and one output port. */
  public OperatorPlan {
    inputs = List.copyOf(inputs);
    outputs = List.copyOf(outputs);
    if (inputs.isEmpty() || outputs.isEmpty()) {
      throw new IllegalArgumentException(
          "A plan has an input port and an output port at least: "
              + inputs.size()
              + " input and "
              + outputs.size()
              + " output ports given");
    }
  }

  /**
   * Whether the window of any input port has processing-time policies ({@code time(...)}, {@code
   * partitionAge}): a stream's keys then wake up at the earliest deadline of all ports' windows, so
   * the stateful operation needs processing-time timeouts or timers even when port 0's window has
   * none (docs/decisions.md, "Several input ports").
   */
  public boolean usesProcessingTime() {
    for (int port = 0; port < inputPorts(); port++) {
      if (ofPort(port).windowSpec().usesTime()) {
        return true;
      }
    }
    return false;
  }

  /** The SPL window clause of input port 0 (see {@link InputPortPlan#window}). */
  public String window() {
    return inputs.get(0).window();
  }

  /** The schema of input port 0's rows. */
  public StructType input() {
    return inputs.get(0).input();
  }

  /** The SPL types stated for input port 0's columns. */
  public Map<String, String> inputTypes() {
    return inputs.get(0).inputTypes();
  }

  /** The schema of input port {@code port}'s tuples. */
  public StructType tuplesOf(int port) {
    return inputs.get(port).tuples();
  }

  /** The schema of output port 0 as the result rows have it. */
  public StructType output() {
    return outputs.get(0);
  }

  /** Whether the input is a streaming DataFrame. */
  public boolean streaming() {
    return arrival.streaming();
  }

  /** How many output ports the operator has. */
  public int outputPorts() {
    return outputs.size();
  }

  /** The schema of output port {@code port}'s tuples as Spark rows. */
  public StructType output(int port) {
    return outputs.get(port);
  }

  /** How the result rows hold the tuples of every output port. */
  public ResultLayout layout() {
    return new ResultLayout(outputs);
  }

  /** How many input ports the operator has. */
  public int inputPorts() {
    return inputs.size();
  }

  /**
   * The plan as input port {@code port} packs its rows ({@code RowPacker}): that port's rows,
   * window and SPL types, no markers; port 0's plan is this one.
   */
  public OperatorPlan ofPort(int port) {
    if (port == 0) {
      return this;
    }
    return new OperatorPlan(
        operatorClass,
        List.of(inputs.get(port)),
        outputs,
        partitionBy,
        orderBy,
        null,
        false,
        punctuationColumn,
        parameters,
        arrival,
        null,
        null,
        outputTypes,
        directories);
  }

  /**
   * The run option that keys rows by the {@code partition_by} columns without making them
   * attributes of the tuples: the entry points' option takes this key, and a runner's messages name
   * it.
   */
  public static final String KEYS_ONLY_OPTION = "partition_by_keys_only";

  /**
   * The result column that carries a call's count of rows behind {@code order_by}: null on every
   * result row but the one a call adds for its count, which the query's observed metric sums and
   * {@code WindowedOperators} then drops, with the column.
   */
  public static final String ROWS_BEHIND_COLUMN = "__streams_window_rows_behind_order_by";

  /** The observed metric that counts them, in the query's progress (docs/python.md, "Streams"). */
  public static final String ROWS_BEHIND_METRIC = "rows_behind_order_by";

  /**
   * The result column that carries what changed in a key's operator metrics in one call (metric
   * name to counter increase, or gauge or time value): null on every result row but the one a call
   * adds when its metrics changed, which {@code OperatorObservation} combines and then drops, with
   * the column.
   */
  public static final String METRICS_COLUMN = "__streams_window_metrics";

  /**
   * Whether each key keeps the {@code order_by} values of its last tuple and counts the rows that
   * come before them in a later micro-batch: a stream with {@code order_by}.
   */
  public boolean countsRowsBehind() {
    return streaming() && !orderBy.isEmpty();
  }

  /**
   * The failure of this plan's operator for {@code key} (null outside a group) with {@code cause}.
   */
  public WindowedOperatorException failure(Object key, Throwable cause) {
    // The output ports' SPL schemas matter only to say which port lacks an attribute; built only
    // then, since a schema that does not map to SPL would hide the operator's own failure.
    List<SplSchema> outputs =
        StreamsWindowThrowable.root(cause) instanceof UnknownAttributeException unknown
                && unknown.schema() != null
            ? outputSchemas()
            : List.of();
    return WindowedOperatorException.of(operatorClass(), window(), outputs, key, cause);
  }

  /** The SPL schema of the operator's input tuples, which have the columns {@code tuples}. */
  public SplSchema inputSchema(StructType tuples) {
    return SplSparkTypes.toSpl(tuples, inputTypes(), Direction.INPUT);
  }

  /** The SPL schema of output port 0. */
  public SplSchema outputSchema() {
    return outputSchema(0);
  }

  /** The SPL schema of output port {@code port}. */
  public SplSchema outputSchema(int port) {
    // With several ports, a stated type applies on each port that has the column.
    return SplSparkTypes.toSpl(
        output(port),
        outputPorts() == 1 ? outputTypes : SplSparkTypes.statedFor(output(port), outputTypes),
        Direction.OUTPUT);
  }

  /** The SPL schemas of every output port, port 0's first, as the operator host declares them. */
  public List<SplSchema> outputSchemas() {
    List<SplSchema> schemas = new ArrayList<>();
    for (int port = 0; port < outputPorts(); port++) {
      schemas.add(outputSchema(port));
    }
    return schemas;
  }

  /**
   * The window declaration: the clause, with the event-time column when there is one; {@link
   * WindowSpec#notWindowed()} when {@link #window} is its text (input port 0 has no window).
   */
  public WindowSpec windowSpec() {
    String window = window();
    if (window.equals(WindowSpec.notWindowed().toString())) {
      return WindowSpec.notWindowed();
    }
    WindowSpec spec = WindowClauseParser.parse(window);
    return eventTime == null ? spec : spec.withEventTime(eventTime);
  }
}
