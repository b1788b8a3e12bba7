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
 * @param arrival how rows reach the operator: a batch, a stream's micro-batches, or a stream's rows
 *     one by one (real-time mode)
 * @param eventTime the event-time column of a timeInterval window, or null
 * @param lateColumn the result column that returns tuples a timeInterval window dropped (event time
 *     earlier than the watermark minus the discard age), or null to drop them unseen
 * @param inputTypes the SPL types stated for input columns ({@code spl_types}: column to SPL type),
 *     checked on the driver; the other columns have the type table's
 * @param outputTypes the SPL types stated for output columns ({@code output_spl_types})
 * @param directories the directories the operator's processing element reports, as the session's
 *     settings name them; each JVM finds them itself ({@link OperatorDirectories#resolve})
 * @param morePorts input ports 1, 2...: each one's window and rows (empty for one input port)
 * @param moreOutputs the schemas of output ports 1, 2... (empty for one output port); {@code
 *     outputTypes} apply to their columns too
 */
public record OperatorPlan(
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
    RowArrival arrival,
    String eventTime,
    String lateColumn,
    Map<String, String> inputTypes,
    Map<String, String> outputTypes,
    OperatorDirectories directories,
    List<MorePort> morePorts,
    List<StructType> moreOutputs)
    implements Serializable {

  /**
   * An input port beyond 0: its rows come from a DataFrame of their own, keyed by the plan's {@code
   * partitionBy} and ordered by its {@code orderBy}.
   *
   * @param window its SPL window clause, or the text of {@link WindowSpec#notWindowed()}
   * @param input the schema of its rows
   * @param tuples the schema of its tuples: its rows' columns, without the {@code partitionBy} ones
   *     when they key the rows only (ports beyond 0 have no marker column)
   * @param inputTypes the SPL types stated for its columns
   */
  public record MorePort(
      String window, StructType input, StructType tuples, Map<String, String> inputTypes)
      implements Serializable {}

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

  /** The schema of input port {@code port}'s tuples, given port 0's. */
  public StructType tuplesOf(int port, StructType portZeroTuples) {
    return port == 0 ? portZeroTuples : morePorts.get(port - 1).tuples();
  }

  /** A plan of one input port (the arguments of the canonical constructor but the last). */
  public OperatorPlan(
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
      RowArrival arrival,
      String eventTime,
      String lateColumn,
      Map<String, String> inputTypes,
      Map<String, String> outputTypes,
      OperatorDirectories directories) {
    this(
        operatorClass,
        window,
        input,
        output,
        partitionBy,
        orderBy,
        markerColumn,
        markerPerBatch,
        punctuationColumn,
        parameters,
        arrival,
        eventTime,
        lateColumn,
        inputTypes,
        outputTypes,
        directories,
        List.of());
  }

  /** A plan of one output port (the arguments of the canonical constructor but the last). */
  public OperatorPlan(
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
      RowArrival arrival,
      String eventTime,
      String lateColumn,
      Map<String, String> inputTypes,
      Map<String, String> outputTypes,
      OperatorDirectories directories,
      List<MorePort> morePorts) {
    this(
        operatorClass,
        window,
        input,
        output,
        partitionBy,
        orderBy,
        markerColumn,
        markerPerBatch,
        punctuationColumn,
        parameters,
        arrival,
        eventTime,
        lateColumn,
        inputTypes,
        outputTypes,
        directories,
        morePorts,
        List.of());
  }

  /** Whether the input is a streaming DataFrame. */
  public boolean streaming() {
    return arrival.streaming();
  }

  /** How many output ports the operator has. */
  public int outputPorts() {
    return 1 + moreOutputs.size();
  }

  /** The schema of output port {@code port}'s tuples as Spark rows. */
  public StructType output(int port) {
    return port == 0 ? output : moreOutputs.get(port - 1);
  }

  /** How the result rows hold the tuples of every output port. */
  public ResultLayout layout() {
    List<StructType> ports = new java.util.ArrayList<>();
    for (int port = 0; port < outputPorts(); port++) {
      ports.add(output(port));
    }
    return new ResultLayout(ports);
  }

  /** How many input ports the operator has. */
  public int inputPorts() {
    return 1 + morePorts.size();
  }

  /**
   * The plan as input port {@code port} packs its rows ({@code RowPacker}): that port's rows,
   * window and SPL types, no markers; port 0's plan is this one.
   */
  public OperatorPlan ofPort(int port) {
    if (port == 0) {
      return this;
    }
    MorePort more = morePorts.get(port - 1);
    return new OperatorPlan(
        operatorClass,
        more.window(),
        more.input(),
        output,
        partitionBy,
        orderBy,
        null,
        false,
        punctuationColumn,
        parameters,
        arrival,
        null,
        null,
        more.inputTypes(),
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
    return SplSparkTypes.toSpl(tuples, inputTypes, Direction.INPUT);
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
    List<SplSchema> schemas = new java.util.ArrayList<>();
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
    if (window.equals(WindowSpec.notWindowed().toString())) {
      return WindowSpec.notWindowed();
    }
    WindowSpec spec = WindowClauseParser.parse(window);
    return eventTime == null ? spec : spec.withEventTime(eventTime);
  }
}
