package io.streamswindow.spark;

import com.ibm.streams.operator.Operator;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.schema.SimilarNames;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.SplSparkTypes.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.KeyValueGroupedDataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Runs an IBM Streams windowed Java operator on a Spark DataFrame: the entry point of the Python
 * facade ({@code streams_window.run_operator}), usable from Java and Scala as well.
 *
 * <p>Everything is checked here, on the driver, before any job starts: the operator class, the
 * window clause, the columns, the output schema, and the operator's own parameters and context
 * checks (it is initialized once as a dry run). The result is the rows the operator submits on
 * output port 0, as a DataFrame of the same kind (batch or streaming) as the input. Example:
 *
 * <pre>{@code
 * Dataset<Row> sums = WindowedOperators.runOperator(readings, "com.acme.VSum",
 *     "partitioned, tumbling, count(4)", List.of("customer"), List.of("seq"),
 *     Map.of("attr", List.of("cost")), "customer string, total double", Map.of());
 * }</pre>
 */
public final class WindowedOperators {
  private WindowedOperators() {}

  /**
   * Runs {@code operatorClass} over {@code input}.
   *
   * @param input the rows arriving on the operator's input port 0 (batch or streaming)
   * @param operatorClass the operator's class name; the class must be on Spark's classpath
   * @param window the SPL window clause of input port 0, e.g. {@code "sliding, count(3)"}
   * @param partitionBy the window's partition columns (the Spark grouping key); empty when the
   *     window is not partitioned
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
   *     back in a last column, {@value #LATE_COLUMN}), {@code spl_type.<column>} (the SPL type of
   *     an input attribute where the type table's default is not the one the operator was written
   *     for, e.g. {@code spl_type.amount} = {@code decimal64}) and {@code output_spl_type.<column>}
   *     (the same for an output column); any other key is refused
   * @return the submitted tuples as rows of {@code outputSchema}
   * @throws IllegalArgumentException for bad arguments, naming the problem
   * @throws WindowedOperatorException when the operator fails its dry run
   */
  public static Dataset<Row> runOperator(
      Dataset<Row> input,
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options) {
    return RefusedArgumentException.refusing(
        () -> {
          SupportedSpark.require();
          return run(
              input,
              operatorClass,
              window,
              partitionBy,
              orderBy,
              parameters,
              outputSchema,
              options,
              true);
        });
  }

  /**
   * {@link #runOperator}, with the check of output column names against the names the operator uses
   * left out for callers that derive the output schema themselves ({@link Aggregates}).
   */
  static Dataset<Row> run(
      Dataset<Row> input,
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options,
      boolean checkOutputNames) {
    SparkUiAddress.showOnce(input.sparkSession());
    Class<? extends Operator> type = loadOperatorClass(operatorClass);
    WindowSpec parsed = WindowClauseParser.parse(window);
    if (!input.isStreaming()) {
      requireNoProcessingTime(parsed);
    }
    Map<String, String> given = options == null ? Map.of() : options;
    requireKnownOptions(given);
    String eventTime =
        eventTimeColumn(parsed, given.get("event_time"), input.schema(), input.isStreaming());
    WindowSpec spec = eventTime == null ? parsed : parsed.withEventTime(eventTime);
    List<String> partitions = partitionBy == null ? List.of() : List.copyOf(partitionBy);
    List<String> order = orderBy == null ? List.of() : List.copyOf(orderBy);
    Map<String, String> opts = given;
    StructType rows = input.schema();
    if (spec.isPartitioned() && partitions.isEmpty()) {
      throw new IllegalArgumentException(
          "The window \""
              + window
              + "\" is partitioned: give partition_by, the columns that partition it");
    }
    if (!spec.isPartitioned() && !partitions.isEmpty()) {
      throw new IllegalArgumentException(
          "partition_by "
              + partitions
              + " needs a partitioned window: start the clause with \"partitioned, \"");
    }
    requireColumns(rows, partitions, "partition_by");
    requireColumns(rows, order, "order_by");
    requireOrderable(rows, order);
    String markerColumn = opts.get("marker_column");
    if (markerColumn != null) {
      requireColumns(rows, List.of(markerColumn), "marker_column");
      if (!rows.apply(markerColumn).dataType().equals(DataTypes.BooleanType)) {
        throw new IllegalArgumentException(
            "marker_column '"
                + markerColumn
                + "' must be a boolean column (true marks a window marker); it is "
                + rows.apply(markerColumn).dataType().simpleString());
      }
      if (order.contains(markerColumn) || partitions.contains(markerColumn)) {
        throw new IllegalArgumentException(
            "marker_column '"
                + markerColumn
                + "' marks rows as punctuation: it cannot also be a partition_by or order_by column");
      }
    }
    StructType out = parseOutputSchema(outputSchema);
    String punctuationColumn = opts.get("punctuation_column");
    if (punctuationColumn != null && Arrays.asList(out.fieldNames()).contains(punctuationColumn)) {
      throw new IllegalArgumentException(
          "punctuation_column '" + punctuationColumn + "' is already a column of output_schema");
    }
    StructType tuples = markerColumn == null ? rows : dropColumn(rows, markerColumn);
    Map<String, String> inputTypes = SplSparkTypes.statedTypes(opts, Direction.INPUT);
    Map<String, String> outputTypes = SplSparkTypes.statedTypes(opts, Direction.OUTPUT);
    if (markerColumn != null && inputTypes.containsKey(markerColumn)) {
      throw new IllegalArgumentException(
          Direction.INPUT.argument
              + " names '"
              + markerColumn
              + "', the marker_column: its rows are window markers,"
              + " and it is no attribute of the operator's tuples");
    }
    SplSchema inputSpl = SplSparkTypes.toSpl(tuples, inputTypes, Direction.INPUT);
    SplSchema outputSpl = SplSparkTypes.toSpl(out, outputTypes, Direction.OUTPUT);
    if (!order.isEmpty()) {
      new TupleOrder(
          inputSpl, order); // an order_by column stated optional<T> (or a list...) has no order
    }
    String lateColumn = lateColumn(spec, opts.get("late_output"), out, punctuationColumn);
    Map<String, List<String>> params = new LinkedHashMap<>();
    if (parameters != null) {
      parameters.forEach((name, values) -> params.put(name, new ArrayList<>(values)));
    }
    OperatorArgumentChecks.requireDeclaredParameters(type, params);
    if (checkOutputNames) {
      OperatorArgumentChecks.requireOutputNamesTheOperatorUses(type, tuples, out, params);
    }

    OperatorPlan plan =
        new OperatorPlan(
            type.getName(),
            spec.toString(),
            rows,
            out,
            new ArrayList<>(partitions),
            new ArrayList<>(order),
            markerColumn,
            Boolean.parseBoolean(opts.getOrDefault("batch_marker", "false")),
            punctuationColumn,
            new HashMap<>(params),
            input.isStreaming(),
            eventTime,
            lateColumn,
            new LinkedHashMap<>(inputTypes),
            new LinkedHashMap<>(outputTypes));
    dryRun(plan, type, spec, inputSpl, outputSpl, params);

    StructType resultSchema =
        punctuationColumn == null ? out : out.add(punctuationColumn, DataTypes.StringType, true);
    if (lateColumn != null) {
      resultSchema = resultSchema.add(lateColumn, tuples, true);
    }
    boolean eventTimeStream = spec.isTimeInterval() && input.isStreaming();
    // Each input partition's rows of a key travel as one packed row (RowPacker), and Spark groups
    // the packed rows by key; a window that is not partitioned is one group, as in Streams.
    StructType packed = PackedRows.schema(rows, partitions, input.isStreaming());
    Dataset<Row> packedRows =
        input.mapPartitions(new RowPacker(plan, tuples), Encoders.row(packed));
    if (eventTimeStream) {
      // Spark lets flatMapGroupsWithState see the watermark (and use event-time timeouts) only when
      // a column of its input carries the watermark's metadata, which mapPartitions drops: the
      // packed rows get a column that carries it again. Spark drops a row whose value there is at
      // or before the watermark (a null never is), before our function sees it; the column is
      // always null, so a late tuple reaches its pane, and the watermark stays the one the
      // user's withWatermark computes (docs/architecture.md, "Event time on Spark").
      packedRows = PackedRows.withWatermarkColumn(packedRows, rows.apply(eventTime).metadata());
      packed = (StructType) packedRows.schema();
    }
    List<String> keys = PackedRows.keyColumns(partitions, input.isStreaming());
    StructType keySchema =
        new StructType(keys.stream().map(packed::apply).toArray(StructField[]::new));
    // Grouping by columns (not by a key function) lets the planner see the key: Spark groups the
    // packed rows with generated code, without calling ours for every row.
    KeyValueGroupedDataset<Row, Row> groups =
        packedRows
            .groupBy(keys.stream().map(functions::col).toArray(Column[]::new))
            .as(Encoders.row(keySchema), Encoders.row(packed));
    if (!plan.countsRowsBehind()) {
      return stateful(input, groups, plan, tuples, resultSchema, spec, eventTimeStream);
    }
    // Rows that go back in order_by order across micro-batches (the source's order) are counted
    // per key in a row of their own, summed by an observed metric in the query's progress
    // (docs/python.md, "Streams"), then dropped.
    Column behind = functions.col(OperatorPlan.ROWS_BEHIND_COLUMN);
    Dataset<Row> results =
        stateful(
            input,
            groups,
            plan,
            tuples,
            resultSchema.add(OperatorPlan.ROWS_BEHIND_COLUMN, DataTypes.LongType, true),
            spec,
            eventTimeStream);
    return results
        .observe(
            observationName(input, type),
            functions
                .coalesce(functions.sum(behind), functions.lit(0L))
                .as(OperatorPlan.ROWS_BEHIND_METRIC))
        .filter(behind.isNull())
        .drop(OperatorPlan.ROWS_BEHIND_COLUMN);
  }

  /**
   * The stateful operation over {@code groups}: the single-value layout for a batch DataFrame; for
   * a stream, the layout the session gives a new query, which a restarted query exchanges for the
   * one its checkpoint recorded ({@link StateLayoutRestartRule}).
   */
  private static Dataset<Row> stateful(
      Dataset<Row> input,
      KeyValueGroupedDataset<Row, Row> groups,
      OperatorPlan plan,
      StructType tuples,
      StructType resultSchema,
      WindowSpec spec,
      boolean eventTimeStream) {
    SparkSession session = input.sparkSession();
    if (!input.isStreaming()) {
      return StateLayout.SINGLE_VALUE.stateful(
          session, groups, plan, tuples, resultSchema, spec, eventTimeStream);
    }
    StateLayout layout = StateLayout.of(session);
    Dataset<Row> results =
        layout.stateful(session, groups, plan, tuples, resultSchema, spec, eventTimeStream);
    StateLayoutRestartRule.offer(
        session,
        results,
        () ->
            layout
                .other()
                .stateful(session, groups, plan, tuples, resultSchema, spec, eventTimeStream),
        layout,
        StateLayout.chosen(session));
    return results;
  }

  /**
   * The name of the observed metrics of an operator's run, in the query's progress: {@code
   * streams_window <operator class's simple name>}, then {@code #2}, {@code #3}... when runs of the
   * same class come earlier in the query (Spark wants one name per query).
   */
  static String observationName(Dataset<Row> input, Class<?> type) {
    String name = "streams_window " + type.getSimpleName();
    java.util.Set<String> taken = new java.util.HashSet<>();
    input
        .queryExecution()
        .logical()
        .foreach(
            node -> {
              if (node instanceof org.apache.spark.sql.catalyst.plans.logical.CollectMetrics m) {
                taken.add(m.name());
              }
              return scala.runtime.BoxedUnit.UNIT;
            });
    String chosen = name;
    for (int n = 2; taken.contains(chosen); n++) {
      chosen = name + " #" + n;
    }
    return chosen;
  }

  /**
   * Parses a window clause with the one parser the harness shares. Returns its parts: {@code
   * clause} (normal form), {@code type} (TUMBLING, SLIDING or TIME_INTERVAL), {@code eviction},
   * {@code trigger}, {@code timeInterval} (a timeInterval window's options) and {@code
   * partitionEviction} (clause forms, or absent), {@code partitioned} ("true"/"false").
   *
   * @throws io.streamswindow.clause.WindowClauseException naming the bad token and its position
   */
  public static Map<String, String> parseWindow(String clause) {
    return RefusedArgumentException.refusing(() -> parsedWindow(clause));
  }

  private static Map<String, String> parsedWindow(String clause) {
    SupportedSpark.require();
    WindowSpec spec = WindowClauseParser.parse(clause);
    Map<String, String> parts = new LinkedHashMap<>();
    parts.put("clause", spec.toString());
    if (spec.isTimeInterval()) {
      parts.put("type", "TIME_INTERVAL");
      parts.put("timeInterval", spec.timeInterval().toString());
    } else {
      parts.put("type", spec.type().name());
      parts.put("eviction", String.valueOf(spec.eviction()));
    }
    if (spec.trigger() != null) {
      parts.put("trigger", spec.trigger().toString());
    }
    parts.put("partitioned", String.valueOf(spec.isPartitioned()));
    if (spec.partitionEviction() != null) {
      parts.put("partitionEviction", spec.partitionEviction().toString());
    }
    return parts;
  }

  /** The options {@link #runOperator} takes, besides the keys that state SPL types. */
  private static final List<String> OPTIONS =
      List.of("marker_column", "batch_marker", "punctuation_column", "event_time", "late_output");

  /**
   * Refuses an option {@link #runOperator} does not know: a misspelt key would otherwise be ignored
   * without a word (a column's SPL type left at the default, a marker column unused).
   */
  /**
   * Refuses processing-time policies ({@code time(...)}, {@code partitionAge}) on a batch input,
   * which is read at one instant: such a window never tumbles, evicts or triggers by time, so its
   * results would be missing or wrong without a word (docs/python.md, "Batch and streaming").
   */
  static void requireNoProcessingTime(WindowSpec spec) {
    if (!spec.usesTime()) {
      return;
    }
    throw new IllegalArgumentException(
        "The window \""
            + spec
            + "\" has processing-time policies (time(...) or partitionAge), which a batch"
            + " DataFrame never fires: a batch is read at one instant, with no processing time to"
            + " wait for. On a batch, use count, delta or punct policies, or event time: a"
            + " timeInterval window with event_time= (a column of the data's own times); or run"
            + " the same window on a stream (spark.readStream)");
  }

  static void requireKnownOptions(Map<String, String> options) {
    for (String key : options.keySet()) {
      boolean typed =
          key.startsWith(Direction.INPUT.optionPrefix)
              || key.startsWith(Direction.OUTPUT.optionPrefix);
      if (!typed && !OPTIONS.contains(key)) {
        throw new IllegalArgumentException(
            "Unknown option '"
                + key
                + "'"
                + SimilarNames.hint(key, OPTIONS)
                + "; the options are "
                + OPTIONS
                + ", and "
                + Direction.INPUT.optionPrefix
                + "<column> or "
                + Direction.OUTPUT.optionPrefix
                + "<column> for the SPL type of a column");
      }
    }
  }

  /** The metadata key under which Spark's {@code withWatermark} records a column's delay. */
  static final String WATERMARK_DELAY_KEY = "spark.watermarkDelayMs";

  /**
   * The event-time column of a timeInterval window, checked: required for a timeInterval window and
   * refused for any other; a timestamp or double (seconds) column; on a stream, one that carries
   * Spark's watermark. Null when the window is not a timeInterval window.
   */
  /** The column a late tuple of a timeInterval window comes back in, with {@code late_output}. */
  static final String LATE_COLUMN = "late_tuple";

  /**
   * The result column for tuples a timeInterval window drops (every pane they belong to has closed)
   * when {@code late_output} is "true", else null.
   *
   * @throws IllegalArgumentException for late_output on another window, or a name taken already
   */
  static String lateColumn(
      WindowSpec spec, String lateOutput, StructType out, String punctuationColumn) {
    if (lateOutput == null || !Boolean.parseBoolean(lateOutput)) {
      return null;
    }
    if (!spec.isTimeInterval()) {
      throw new IllegalArgumentException(
          "late_output is for timeInterval windows, which drop the tuples of closed panes; the window \""
              + spec
              + "\" drops no tuple: leave late_output out");
    }
    if (Arrays.asList(out.fieldNames()).contains(LATE_COLUMN)
        || LATE_COLUMN.equals(punctuationColumn)) {
      throw new IllegalArgumentException(
          "late_output adds the column '"
              + LATE_COLUMN
              + "', which the output already has: rename that column");
    }
    return LATE_COLUMN;
  }

  static String eventTimeColumn(
      WindowSpec spec, String eventTime, StructType rows, boolean streaming) {
    if (!spec.isTimeInterval()) {
      if (eventTime != null) {
        throw new IllegalArgumentException(
            "event_time '"
                + eventTime
                + "' is for timeInterval windows, whose panes follow event time; the window \""
                + spec
                + "\" runs on arrival order and processing time: leave event_time out");
      }
      return null;
    }
    if (eventTime == null || eventTime.isBlank()) {
      throw new IllegalArgumentException(
          "The window \""
              + spec
              + "\" is a timeInterval window: give event_time, the timestamp (or double"
              + " seconds) column whose values place each row in its panes");
    }
    requireColumns(rows, List.of(eventTime), "event_time");
    DataType type = rows.apply(eventTime).dataType();
    if (!type.equals(DataTypes.TimestampType) && !type.equals(DataTypes.DoubleType)) {
      throw new IllegalArgumentException(
          "event_time column '"
              + eventTime
              + "' is "
              + type.simpleString()
              + ": it must be a timestamp, or a double of seconds since the epoch");
    }
    if (streaming && !rows.apply(eventTime).metadata().contains(WATERMARK_DELAY_KEY)) {
      throw new IllegalArgumentException(
          "event_time column '"
              + eventTime
              + "' carries no watermark: on a streaming DataFrame Spark's"
              + " watermark completes the panes, so call df.withWatermark(\""
              + eventTime
              + "\", delay) before this call (a timestamp column; Spark watermarks no other type)");
    }
    return eventTime;
  }

  /** Loads an operator class from the thread's class loader (Spark's, which sees spark.jars). */
  static Class<? extends Operator> loadOperatorClass(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("No operator class given");
    }
    Class<?> c;
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      c =
          Class.forName(
              name, false, loader != null ? loader : WindowedOperators.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(
          "Operator class "
              + name
              + " was not found on the session's classpath: add the jar holding it when the"
              + " session is built, from Python with streams_window.configure(builder, extra_jars=[\"my-operators.jar\"])"
              + " (elsewhere with spark.jars or spark-submit --jars)",
          e);
    }
    if (!Operator.class.isAssignableFrom(c)) {
      throw new IllegalArgumentException(
          name
              + " is not an IBM Streams operator: it does not implement com.ibm.streams.operator.Operator");
    }
    return c.asSubclass(Operator.class);
  }

  /**
   * Refuses a column name that is not one of {@code rows}' columns, listing them as a Python user
   * writes a list (the facade's callers read this message), e.g. {@code partition_by column 'Key'
   * is not in the DataFrame ('key' differs only in case; ...); its columns are ['key', 'seq']}.
   */
  static void requireColumns(StructType rows, List<String> columns, String argument) {
    List<String> found = Arrays.asList(rows.fieldNames());
    for (String c : columns) {
      if (!found.contains(c)) {
        StringJoiner listed = new StringJoiner(", ", "[", "]");
        found.forEach(name -> listed.add("'" + name + "'"));
        throw new IllegalArgumentException(
            argument
                + " column '"
                + c
                + "' is not in the DataFrame"
                + SimilarNames.hint(c, found)
                + "; its columns are "
                + listed);
      }
    }
  }

  /**
   * order_by columns must have an order Spark and the tuples share (not arrays, maps or structs).
   */
  private static void requireOrderable(StructType rows, List<String> order) {
    for (String column : order) {
      DataType type = rows.apply(column).dataType();
      if (type instanceof ArrayType || type instanceof MapType || type instanceof StructType) {
        throw new IllegalArgumentException(
            "order_by column '"
                + column
                + "' is of type "
                + type.simpleString()
                + ": order_by needs columns of numbers, strings, booleans, timestamps or binary");
      }
    }
  }

  static StructType parseOutputSchema(String ddl) {
    if (ddl == null || ddl.isBlank()) {
      throw new IllegalArgumentException(
          "output_schema is required: the schema of the operator's output port 0");
    }
    StructType out;
    try {
      out = StructType.fromDDL(ddl);
    } catch (Exception e) {
      // Spark's ParseException is checked in Scala's eyes only: catch everything the parser throws.
      throw new IllegalArgumentException(
          "output_schema '"
              + ddl
              + "' is not a valid Spark DDL schema (such as 'key string, total double'): "
              + firstLine(e.getMessage()),
          e);
    }
    SplSparkTypes.checkOutput(out);
    return out;
  }

  /** The first non-blank line of Spark's parse errors, which start with a blank line. */
  private static String firstLine(String message) {
    if (message != null) {
      for (String line : message.split("\n")) {
        if (!line.isBlank()) {
          return line.strip();
        }
      }
    }
    return "unreadable";
  }

  private static StructType dropColumn(StructType rows, String column) {
    return new StructType(
        Arrays.stream(rows.fields())
            .filter(f -> !f.name().equals(column))
            .toArray(StructField[]::new));
  }

  /**
   * Initializes the operator once on the driver, so that a missing parameter, a failing context
   * check, a constructor that throws or a partition_by column that cannot key the window is
   * reported before any job starts; and so that a parameter an operator without
   * {@code @PrimitiveOperator} never read is refused ({@link
   * OperatorArgumentChecks#requireParametersRead}).
   */
  private static void dryRun(
      OperatorPlan plan,
      Class<? extends Operator> type,
      WindowSpec spec,
      SplSchema tuples,
      SplSchema out,
      Map<String, List<String>> givenParameters) {
    OperatorHost host = null;
    try {
      HostRecipe recipe =
          HostRecipe.of(type, tuples, spec, out, plan.parameters(), plan.partitionBy());
      // A partition_by column the default partitioner cannot key by fails here, not in every task.
      host = recipe.initialized(new BatchClock(System.currentTimeMillis()), OutputSink.discard());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Operator " + type.getName() + " (window \"" + spec + "\"): " + e.getMessage(), e);
    } catch (Exception | LinkageError e) {
      throw WindowedOperatorException.of(plan, null, e);
    } finally {
      if (host != null) {
        try {
          host.shutdown();
        } catch (Exception ignored) {
          // the dry run's only purpose was to surface initialization errors
        }
      }
    }
    // After the finally: the refusal names no window, as the @PrimitiveOperator one does not. The
    // parameters in the caller's order, so that of two unknown names the same one is reported.
    OperatorArgumentChecks.requireParametersRead(type, givenParameters, host);
  }
}
