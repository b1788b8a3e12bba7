package io.streamswindow.spark;

import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.line.SupportedSpark;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * What a run of an operator over a DataFrame asks for: the operator, its parameters, and the
 * settings of its input port 0 ({@link InputPort}: window, partitioning, order, markers, event
 * time, SPL types), of its input ports beyond 0 if it has several ({@link #inputs()}: window and
 * SPL types, each with a DataFrame of its own) and of its output ports ({@link OutputPort}: port
 * 0's schema, punctuation column and SPL types, and the schema of each port beyond 0 ({@link
 * #outputs()}), whose tuples the result carries beside port 0's, docs/python.md "Several output
 * ports"). Every entrance builds one: {@link WindowedOperators#runOperator} and {@link
 * SingleInstanceRun#run} from their arguments and options map ({@link RunOption}), {@link
 * Aggregates#aggregate} with the output schema it derives, the Spark Connect plugin from the
 * request message. Immutable; nothing is checked until a run validates it against its input (a
 * request holds no DataFrame).
 *
 * <pre>{@code
 * OperatorRunRequest request = OperatorRunRequest.builder("com.acme.VSum")
 *     .window("partitioned, tumbling, count(4)")
 *     .partitionBy(List.of("customer"))
 *     .orderBy(List.of("seq"))
 *     .parameter("attr", List.of("cost"))
 *     .outputSchema("customer string, total double")
 *     .splType("cost", "decimal64")
 *     .build();
 * Dataset<Row> sums = WindowedOperators.runOperator(readings, request);
 * }</pre>
 */
public final class OperatorRunRequest {
  private final String operatorClass;
  private final Map<String, List<String>> parameters;
  private final InputPort input;
  private final List<InputPort> inputs;
  private final OutputPort output;
  private final List<OutputPort> outputs;
  private final boolean outputNamesChecked;
  private final boolean metricsRows;
  private final boolean realTime;

  private OperatorRunRequest(Builder builder) {
    this.operatorClass = builder.operatorClass;
    Map<String, List<String>> params = new LinkedHashMap<>();
    builder.parameters.forEach(
        (name, values) -> params.put(name, Collections.unmodifiableList(new ArrayList<>(values))));
    this.parameters = Collections.unmodifiableMap(params);
    this.input =
        new InputPort(
            builder.window,
            List.copyOf(builder.partitionBy),
            List.copyOf(builder.orderBy),
            builder.markerColumn,
            builder.batchMarker,
            builder.eventTime,
            builder.lateOutput,
            builder.partitionByKeysOnly,
            Collections.unmodifiableMap(new LinkedHashMap<>(builder.splTypes)));
    List<InputPort> ports = new ArrayList<>();
    ports.add(input);
    for (MorePort more : builder.morePorts) {
      // Ports beyond 0 share port 0's keys and order: one operator instance per key sees them all.
      ports.add(
          new InputPort(
              more.window(),
              input.partitionBy(),
              input.orderBy(),
              null,
              false,
              null,
              false,
              input.partitionByKeysOnly(),
              Collections.unmodifiableMap(new LinkedHashMap<>(more.splTypes()))));
    }
    this.inputs = List.copyOf(ports);
    this.output =
        new OutputPort(
            builder.outputDdl,
            builder.outputStruct,
            builder.punctuationColumn,
            Collections.unmodifiableMap(new LinkedHashMap<>(builder.outputSplTypes)));
    List<OutputPort> outPorts = new ArrayList<>();
    outPorts.add(output);
    int expected = 1;
    for (Map.Entry<Integer, Object> more : builder.moreOutputs.entrySet()) {
      if (more.getKey() != expected) {
        throw new IllegalArgumentException(
            "output_schema: output port "
                + more.getKey()
                + " is given without output port "
                + expected
                + ": give a schema for every output port, in port order");
      }
      expected++;
      // Ports beyond 0 share port 0's punctuation column and SPL types (by column name).
      outPorts.add(
          new OutputPort(
              more.getValue() instanceof String ddl ? ddl : null,
              more.getValue() instanceof StructType struct ? struct : null,
              output.punctuationColumn(),
              output.splTypes()));
    }
    this.outputs = List.copyOf(outPorts);
    this.outputNamesChecked = builder.outputNamesChecked;
    this.metricsRows = builder.metricsRows;
    this.realTime = builder.realTime;
  }

  /**
   * The settings of an input port: what the window, the partitioning and the rows' order are, and
   * how rows become tuples.
   *
   * @param window the SPL window clause, e.g. {@code "sliding, count(3)"}; null when the port is
   *     not windowed (a filter, a transform, an enricher: the operator's {@code process} sees each
   *     tuple, and no window events fire)
   * @param partitionBy the window's partition columns (the Spark grouping key); empty when the
   *     window is not partitioned. A port without a window takes them or not: they key one operator
   *     instance per value on Spark, and none is one instance for the whole input
   * @param orderBy the columns whose ascending order is the arrival order within a partition; empty
   *     to keep the input's own order
   * @param markerColumn a boolean column whose true rows are window markers, or null
   * @param batchMarker whether each micro-batch (a batch: the whole input) ends with a window
   *     marker
   * @param eventTime the event-time column of a timeInterval window, or null
   * @param lateOutput whether the tuples a timeInterval window drops come back in a last column
   * @param partitionByKeysOnly whether the {@code partitionBy} columns only key the rows on Spark
   *     and are left out of the port's tuples (an operator with a fixed port schema that partitions
   *     with its own partitioner)
   * @param splTypes SPL types stated for input columns (column to SPL type)
   */
  public record InputPort(
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      String markerColumn,
      boolean batchMarker,
      String eventTime,
      boolean lateOutput,
      boolean partitionByKeysOnly,
      Map<String, String> splTypes) {}

  /**
   * The settings of an output port.
   *
   * @param schemaDdl the port's schema as a Spark DDL string, or null when {@code schema} gives it
   * @param schema the port's schema as a {@code StructType}, or null when {@code schemaDdl} gives
   *     it
   * @param punctuationColumn an extra string column naming punctuation marks, or null
   * @param splTypes SPL types stated for output columns (column to SPL type)
   */
  public record OutputPort(
      String schemaDdl,
      StructType schema,
      String punctuationColumn,
      Map<String, String> splTypes) {}

  /** The operator's class name. */
  public String operatorClass() {
    return operatorClass;
  }

  /** The operator's parameters, each a list of string values as SPL passes them, in given order. */
  public Map<String, List<String>> parameters() {
    return parameters;
  }

  /** The settings of input port 0. */
  public InputPort input() {
    return input;
  }

  /**
   * The settings of every input port, port 0 first. A port beyond 0 ({@link
   * Builder#inputPort(String, Map)}) has its own window and SPL types and port 0's {@code
   * partitionBy}, {@code orderBy} and {@code partitionByKeysOnly}; markers, event time and late
   * output are port 0's alone.
   */
  public List<InputPort> inputs() {
    return inputs;
  }

  /** The settings of output port 0. */
  public OutputPort output() {
    return output;
  }

  /**
   * The settings of every output port, port 0 first. A port beyond 0 ({@link
   * Builder#outputPort(String)}) has its own schema and port 0's punctuation column and SPL types
   * (an {@code outputSplType} applies to the column of that name on every port).
   */
  public List<OutputPort> outputs() {
    return outputs;
  }

  /**
   * Whether the output columns are checked against the names the operator uses (a name differing
   * only in case is refused); false for an output schema derived from the operator's own
   * declarations ({@link Aggregates}).
   */
  boolean outputNamesChecked() {
    return outputNamesChecked;
  }

  /**
   * Whether the result keeps each call's metrics report rows and their column, for a caller that
   * observes the operator's metrics itself ({@link RunOption#METRICS_ROWS}).
   */
  public boolean metricsRows() {
    return metricsRows;
  }

  /**
   * Whether a stream's rows reach the operator one by one as they arrive, for Spark's real-time
   * mode, rather than packed per micro-batch ({@link RunOption#REAL_TIME}; {@link
   * RowArrival#PER_ROW}).
   */
  public boolean realTime() {
    return realTime;
  }

  /** A builder of a request to run {@code operatorClass}. */
  public static Builder builder(String operatorClass) {
    return new Builder(operatorClass);
  }

  /**
   * The one-port request of {@link #of}'s arguments with port 0's window (null lists and maps are
   * empty).
   *
   * @throws IllegalArgumentException for an option key that names no {@link RunOption}
   */
  private static OperatorRunRequest portZero(
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options) {
    // The facade's own checks of the raw arguments, so a Java caller gets the same refusals.
    EntryPointArguments.requireOperatorCall(
        operatorClass, window, partitionBy, orderBy, parameters, outputSchema, options);
    return builder(operatorClass)
        .window(window)
        .partitionBy(partitionBy)
        .orderBy(orderBy)
        .parameters(parameters)
        .outputSchema(outputSchema)
        .options(options)
        .build();
  }

  /**
   * The request the Python facade's arguments make, and a Java caller's who holds them as strings,
   * lists and maps: the same checks and refusals as the facade's, then {@link Builder}'s. Ports
   * beyond 0 share {@code partitionBy} and {@code orderBy}. Example:
   *
   * <pre>{@code
   * OperatorRunRequest request = OperatorRunRequest.of(
   *     Arrays.asList("partitioned, tumbling, count(4)"), "com.acme.VSum",
   *     List.of("customer"), List.of("seq"), Map.of("attr", List.of("cost")),
   *     "customer string, total double", Map.of());
   * Dataset<Row> sums = WindowedOperators.runOperator(readings, request);
   * }</pre>
   *
   * @param operatorClass the operator's class name; the class must be on Spark's classpath
   * @param windows each input port's SPL window clause, port 0's first, e.g. {@code "sliding,
   *     count(3)"}; null for a port that is not windowed (filters, transforms, enrichers)
   * @param partitionBy the window's partition columns (the Spark grouping key); empty when the
   *     window is not partitioned. Without a window, the columns that key one operator instance per
   *     value (empty: one instance for the whole input)
   * @param orderBy the columns whose ascending order is the arrival order within a partition; empty
   *     to keep the input's own order
   * @param parameters the operator's parameters, each a list of string values as SPL passes them; a
   *     name a {@code @PrimitiveOperator} does not declare, or that another operator neither reads
   *     in the dry run nor names in its code (unless it lists its parameters), is refused
   * @param outputSchema output port 0's schema as a Spark DDL string
   * @param options {@code marker_column} (a boolean column whose true rows are window markers),
   *     {@code batch_marker} ("true": each micro-batch ends with a window marker), {@code
   *     punctuation_column} (an output column naming punctuation marks), {@code event_time} (the
   *     timestamp or double-seconds column of a timeInterval window's event time: required for such
   *     a window, refused for others; on a stream it must carry Spark's watermark, from {@code
   *     withWatermark}), {@code late_output} ("true": the tuples a timeInterval window drops come
   *     back in a last column, {@value WindowedOperators#LATE_COLUMN}), {@code real_time} ("true":
   *     a stream's rows reach the operator one by one as they arrive, for Spark's real-time mode;
   *     Spark 4.3 and later, the chunked state layout), {@code spl_type.<column>} (the SPL type of
   *     an input attribute where the type table's default is not the one the operator was written
   *     for, e.g. {@code spl_type.amount} = {@code decimal64}) and {@code output_spl_type.<column>}
   *     (the same for an output column), keyed as {@link RunOption} spells them; any other key is
   *     refused
   * @return the request
   * @throws RefusedArgumentException for bad arguments, naming the problem
   */
  public static OperatorRunRequest of(
      List<String> windows,
      String operatorClass,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options) {
    return RefusedArgumentException.refusing(
        () -> {
          SupportedSpark.require();
          return ofChecked(
              windows, operatorClass, partitionBy, orderBy, parameters, outputSchema, options);
        });
  }

  private static OperatorRunRequest ofChecked(
      List<String> windows,
      String operatorClass,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options) {
    if (windows == null || windows.isEmpty()) {
      throw new IllegalArgumentException(
          "inputs and their windows: give one window (or null) per input DataFrame");
    }
    OperatorRunRequest portZero =
        portZero(
            operatorClass, windows.get(0), partitionBy, orderBy, parameters, outputSchema, options);
    if (windows.size() == 1) {
      return portZero;
    }
    Builder builder =
        builder(operatorClass)
            .window(windows.get(0))
            .partitionBy(partitionBy)
            .orderBy(orderBy)
            .parameters(parameters)
            .outputSchema(outputSchema)
            .options(options);
    windows.subList(1, windows.size()).forEach(builder::inputPort);
    return builder.build();
  }

  /** What a port beyond 0 states of its own: its window and SPL types. */
  private record MorePort(String window, Map<String, String> splTypes) {}

  /** Collects a request's settings; {@link #build()} makes the immutable request. */
  public static final class Builder {
    private final String operatorClass;
    private final Map<String, List<String>> parameters = new LinkedHashMap<>();
    private String window;
    private List<String> partitionBy = List.of();
    private List<String> orderBy = List.of();
    private String markerColumn;
    private boolean batchMarker;
    private String eventTime;
    private boolean lateOutput;
    private boolean partitionByKeysOnly;
    private final Map<String, String> splTypes = new LinkedHashMap<>();
    private final List<MorePort> morePorts = new ArrayList<>();
    private String outputDdl;
    private StructType outputStruct;
    private String punctuationColumn;
    private final Map<String, String> outputSplTypes = new LinkedHashMap<>();
    private final TreeMap<Integer, Object> moreOutputs = new TreeMap<>();
    private boolean outputNamesChecked = true;
    private boolean metricsRows;
    private boolean realTime;

    private Builder(String operatorClass) {
      this.operatorClass = operatorClass;
    }

    /** Input port 0's SPL window clause; null (the default) when the port is not windowed. */
    public Builder window(String clause) {
      this.window = clause;
      return this;
    }

    /**
     * The partition columns of a partitioned window, or the key columns of a port without a window
     * (one operator instance per key); null or empty for none.
     */
    public Builder partitionBy(List<String> columns) {
      this.partitionBy = columns == null ? List.of() : List.copyOf(columns);
      return this;
    }

    /** The columns giving the arrival order within a partition; null or empty for input order. */
    public Builder orderBy(List<String> columns) {
      this.orderBy = columns == null ? List.of() : List.copyOf(columns);
      return this;
    }

    /** One parameter of the operator, with its values as SPL passes them. */
    public Builder parameter(String name, List<String> values) {
      parameters.put(name, new ArrayList<>(values));
      return this;
    }

    /** The operator's parameters, added in the map's order; null adds none. */
    public Builder parameters(Map<String, List<String>> named) {
      if (named != null) {
        named.forEach(this::parameter);
      }
      return this;
    }

    /** Output port 0's schema as a Spark DDL string, e.g. {@code "key string, total double"}. */
    public Builder outputSchema(String ddl) {
      this.outputDdl = ddl;
      this.outputStruct = null;
      return this;
    }

    /** Output port 0's schema as a {@code StructType}. */
    public Builder outputSchema(StructType schema) {
      this.outputStruct = schema;
      this.outputDdl = null;
      return this;
    }

    /**
     * Adds the next output port (1, then 2...) with its schema as a Spark DDL string. The result
     * then carries every port's tuples, each row naming its port (docs/python.md, "Several output
     * ports").
     */
    public Builder outputPort(String ddl) {
      moreOutputs.put(moreOutputs.size() + 1, ddl);
      return this;
    }

    /** Adds the next output port with its schema as a {@code StructType}. */
    public Builder outputPort(StructType schema) {
      moreOutputs.put(moreOutputs.size() + 1, schema);
      return this;
    }

    /**
     * Output port {@code port}'s schema (1 or more), as the option {@code output_schema.<port>}
     * gives it: a Spark DDL string, or a {@code StructType}'s JSON (which starts with "{").
     */
    Builder outputPort(int port, String schema) {
      if (port < 1) {
        throw new IllegalArgumentException(
            "output_schema."
                + port
                + ": ports beyond 0 are numbered from 1 (port 0's schema is output_schema)");
      }
      if (schema == null || !schema.strip().startsWith("{")) {
        moreOutputs.put(port, schema);
        return this;
      }
      DataType parsed;
      try {
        parsed = DataType.fromJson(schema);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "output_schema." + port + " is not a StructType's JSON: " + e.getMessage(), e);
      }
      if (!(parsed instanceof StructType struct)) {
        throw new IllegalArgumentException(
            "output_schema." + port + " is a " + parsed.simpleString() + ", not a StructType");
      }
      moreOutputs.put(port, struct);
      return this;
    }

    /**
     * An output schema derived from the operator's own declarations, whose names are not checked
     * against the names the operator uses ({@link Aggregates}).
     */
    Builder derivedOutputSchema(StructType schema) {
      outputSchema(schema);
      this.outputNamesChecked = false;
      return this;
    }

    /** A boolean column whose true rows are window markers, not tuples; null for none. */
    public Builder markerColumn(String column) {
      this.markerColumn = column;
      return this;
    }

    /** Whether each micro-batch (a batch: the whole input) ends with a window marker. */
    public Builder batchMarker(boolean set) {
      this.batchMarker = set;
      return this;
    }

    /** An extra string output column naming the operator's punctuation marks; null for none. */
    public Builder punctuationColumn(String column) {
      this.punctuationColumn = column;
      return this;
    }

    /** The event-time column of a timeInterval window; null for other windows. */
    public Builder eventTime(String column) {
      this.eventTime = column;
      return this;
    }

    /** Whether the tuples a timeInterval window drops come back in a last column. */
    public Builder lateOutput(boolean set) {
      this.lateOutput = set;
      return this;
    }

    /**
     * Whether the {@code partitionBy} columns only key the rows on Spark (an operator instance per
     * value) and are not attributes of input port 0, whose tuples are then the other columns: for
     * an operator whose port schema is fixed (IBM's {@code tuple<blob __spl_jo>}) and that
     * partitions its window with a partitioner of its own. Needs {@code partitionBy}.
     */
    public Builder partitionByKeysOnly(boolean set) {
      this.partitionByKeysOnly = set;
      return this;
    }

    /**
     * Adds the next input port (1, then 2...), whose rows are the next DataFrame the run is given
     * ({@link WindowedOperators#runOperator(List, OperatorRunRequest)}): its SPL window clause, or
     * null when the port is not windowed, and the SPL types of its columns where the type table's
     * default is not the one (null or empty for none). The port is keyed by the same {@code
     * partitionBy} columns, which each of its DataFrames must have, and its rows arrive in the
     * order docs/python.md states ("Several input ports").
     */
    public Builder inputPort(String window, Map<String, String> splTypes) {
      morePorts.add(
          new MorePort(window, splTypes == null ? Map.of() : new LinkedHashMap<>(splTypes)));
      return this;
    }

    /** Adds the next input port with this window (null: not windowed) and no stated SPL types. */
    public Builder inputPort(String window) {
      return inputPort(window, null);
    }

    /** The SPL type of an input attribute, where the type table's default is not the one. */
    public Builder splType(String column, String splType) {
      splTypes.put(column, splType);
      return this;
    }

    /** The SPL type of an output column, where the type table's default is not the one. */
    public Builder outputSplType(String column, String splType) {
      outputSplTypes.put(column, splType);
      return this;
    }

    /**
     * Keep the metrics report rows in the result: each call's row whose column {@value
     * OperatorPlan#METRICS_COLUMN} maps metric names to what changed (a counter's increase, a
     * gauge's or time's value; the column's metadata names each metric's kind), null on the rows
     * the operator submitted. The caller then observes and drops them itself, e.g. with an {@code
     * org.apache.spark.sql.Observation} on a batch; without it the run observes them under its own
     * name (docs/python.md, "Monitoring").
     */
    public Builder metricsRows(boolean set) {
      this.metricsRows = set;
      return this;
    }

    /**
     * Whether a stream's rows reach the operator one by one as they arrive, for a query run in
     * Spark's real-time mode ({@code trigger(realTime=...)}, Spark 4.3 and later, the chunked state
     * layout): the map side then hands each row on at once instead of packing a partition's rows,
     * which a real-time partition would hold until its batch ends (docs/python.md, "Real-time
     * mode"). Micro-batches run such a plan too, at a lower rate.
     */
    public Builder realTime(boolean set) {
      this.realTime = set;
      return this;
    }

    /**
     * Options as the map-based entry points take them, keyed by {@link RunOption#key()}; null sets
     * none.
     *
     * @throws IllegalArgumentException for a key that names no option
     */
    public Builder options(Map<String, String> options) {
      RunOption.applyAll(this, options);
      return this;
    }

    /** The request. */
    public OperatorRunRequest build() {
      return new OperatorRunRequest(this);
    }
  }
}
