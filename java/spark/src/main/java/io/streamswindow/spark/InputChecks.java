package io.streamswindow.spark;

import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.SimilarNames;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.OperatorRunRequest.InputPort;
import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.rows.TupleOrder;
import io.streamswindow.spark.types.SplSparkTypes;
import io.streamswindow.spark.types.SplSparkTypes.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The checks of a run's input ports ({@link RunValidation}'s steps "window" to "ports beyond 0"):
 * port 0's window and its event time, the partitioning, order and marker columns, the tuples and
 * their SPL types, then each port beyond 0. Each step reads and fills a {@link RunDraft}; the
 * helpers below them are shared with the entry points that name columns before they build a request
 * ({@link Aggregates}, {@link Sorts}).
 */
final class InputChecks {
  private InputChecks() {}

  /** The metadata key under which Spark's {@code withWatermark} records a column's delay. */
  static final String WATERMARK_DELAY_KEY = "spark.watermarkDelayMs";

  /**
   * "window": parses every input port's clause (none: the port is not windowed, as a filter, a
   * transform or an enricher is); on a batch refuses processing-time policies and real-time mode;
   * and refuses on a port beyond 0 the time port 0's window leaves it ({@link
   * #requireProcessingTimeOnly}), naming the port.
   */
  static void window(RunDraft run) {
    InputPort in = run.in();
    run.spec = parsedWindow(in);
    if (!run.streaming) {
      requireNoProcessingTime(run.spec);
      if (run.request.realTime()) {
        throw new IllegalArgumentException(
            "real_time: the input is a batch DataFrame, and real-time mode runs streams only:"
                + " leave real_time out for a batch");
      }
    }
    run.windows.add(run.spec);
    for (int port = 1; port < run.portRows.size(); port++) {
      int number = port;
      WindowSpec spec = onPort(port, () -> parsedWindow(run.request.inputs().get(number)));
      onPort(port, () -> requireProcessingTimeOnly(spec, run.spec, run.streaming));
      run.windows.add(spec);
    }
  }

  /** "event time": the event-time column of a timeInterval window, which the spec then carries. */
  static void eventTime(RunDraft run) {
    run.eventTime = eventTimeColumn(run.spec, run.in().eventTime(), run.rows(), run.streaming);
    if (run.eventTime != null) {
      run.spec = run.spec.withEventTime(run.eventTime);
    }
  }

  /**
   * "partitioning": partition_by given exactly for a partitioned window, on every port, and in port
   * 0's rows (a port beyond 0's rows are checked with its other settings, in "ports beyond 0").
   */
  static void partitioning(RunDraft run) {
    requirePartitioning(run.spec, run.in());
    requireColumns(run.rows(), run.in().partitionBy(), "partition_by");
    for (int port = 1; port < run.portRows.size(); port++) {
      InputPort in = run.request.inputs().get(port);
      WindowSpec spec = run.windows.get(port);
      onPort(port, () -> requirePartitioning(spec, in));
    }
  }

  /** {@code check}'s result; its refusal prefixed with the port beyond 0 it names. */
  private static <T> T onPort(int port, java.util.function.Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("input port " + port + ": " + e.getMessage(), e);
    }
  }

  private static void onPort(int port, Runnable check) {
    onPort(
        port,
        () -> {
          check.run();
          return null;
        });
  }

  /** A port's window: its clause parsed, or none. */
  private static WindowSpec parsedWindow(InputPort in) {
    return in.window() == null ? WindowSpec.notWindowed() : WindowClauseParser.parse(in.window());
  }

  /** "order_by": columns of the rows, of types with an order. */
  static void orderBy(RunDraft run) {
    requireColumns(run.rows(), run.in().orderBy(), "order_by");
    requireOrderable(run.rows(), run.in().orderBy());
  }

  /** "marker column": see {@link #requireMarkerColumn}. */
  static void markerColumn(RunDraft run) {
    requireMarkerColumn(run.rows(), run.in());
  }

  /** "keys only": see {@link #requireKeysOnly}. */
  static void keysOnly(RunDraft run) {
    requireKeysOnly(run.in());
  }

  /**
   * "input SPL types": input port 0's tuples and their SPL schema, with the SPL types stated for
   * some columns checked.
   */
  static void splTypes(RunDraft run) {
    run.tuples = tupleSchema(run.rows(), run.in());
    run.inputSpl = inputSpl(run.tuples, run.in());
  }

  /** "order_by SPL types": an order_by column stated optional&lt;T&gt; (or a list...) has none. */
  static void orderBySplTypes(RunDraft run) {
    if (!run.in().orderBy().isEmpty()) {
      new TupleOrder(run.inputSpl, run.in().orderBy());
    }
  }

  /** "ports beyond 0": port 0's plan, then each other port checked ({@link #morePort}). */
  static void morePorts(RunDraft run) {
    InputPort in = run.in();
    run.inputs.add(
        new InputPortPlan(
            run.spec.toString(), run.rows(), run.tuples, new LinkedHashMap<>(in.splTypes())));
    for (int port = 1; port < run.portRows.size(); port++) {
      run.inputs.add(
          morePort(
              port,
              run.request.inputs().get(port),
              run.portRows.get(port),
              run.rows(),
              run.inputSpl,
              run.windows.get(port)));
    }
  }

  /**
   * The names an output column may take from the input: every port's attributes, and the
   * partition_by columns that partition_by_keys_only leaves out of them, which punctuation rows
   * name their key in (docs/python.md, "Key columns that are not attributes").
   */
  static StructType inputNames(RunDraft run) {
    StructType names = tupleSchema(run.rows(), run.in().markerColumn());
    for (int port = 1; port < run.portRows.size(); port++) {
      String marker = run.request.inputs().get(port).markerColumn();
      for (StructField field : tupleSchema(run.portRows.get(port), marker).fields()) {
        if (!Arrays.asList(names.fieldNames()).contains(field.name())) {
          names = names.add(field);
        }
      }
    }
    return names;
  }

  /**
   * Input port {@code port} beyond 0, checked against its rows: its window (none, or one of count,
   * delta, punct or processing-time policies: event time is port 0's, and processing time needs a
   * stream, whose port 0 is not on event time; its partitioning was checked in "partitioning"), its
   * {@code partition_by} columns (port 0's, of the same types, since the ports' rows are grouped
   * together by them), its {@code order_by} columns (port 0's, of the same SPL types: the ports'
   * rows arrive in one order) and its SPL types. A refusal names the port.
   */
  private static InputPortPlan morePort(
      int port,
      InputPort in,
      StructType rows,
      StructType portZeroRows,
      SplSchema portZeroSpl,
      WindowSpec spec) {
    try {
      requireColumns(rows, in.partitionBy(), "partition_by");
      for (String column : in.partitionBy()) {
        DataType own = rows.apply(column).dataType();
        DataType first = portZeroRows.apply(column).dataType();
        if (!own.equals(first)) {
          throw new IllegalArgumentException(
              "partition_by column '"
                  + column
                  + "' is "
                  + own.simpleString()
                  + " here and "
                  + first.simpleString()
                  + " on port 0: the ports' rows are grouped together by it");
        }
      }
      requireColumns(rows, in.orderBy(), "order_by");
      requireOrderable(rows, in.orderBy());
      StructType tuples = tupleSchema(rows, in);
      SplSchema spl = inputSpl(tuples, in);
      if (!in.orderBy().isEmpty()) {
        new TupleOrder(spl, in.orderBy());
        for (String column : in.orderBy()) {
          String own = spl.getType(spl.requireIndex(column)).getLanguageType();
          String first = portZeroSpl.getType(portZeroSpl.requireIndex(column)).getLanguageType();
          if (!own.equals(first)) {
            throw new IllegalArgumentException(
                "order_by column '"
                    + column
                    + "' has SPL type "
                    + own
                    + " here and "
                    + first
                    + " on port 0: the ports' rows arrive in one order");
          }
        }
      }
      return new InputPortPlan(spec.toString(), rows, tuples, new LinkedHashMap<>(in.splTypes()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("input port " + port + ": " + e.getMessage(), e);
    }
  }

  /**
   * The time a window beyond port 0 may use: no event time (a timeInterval window), since {@code
   * event_time} names a column of port 0's rows and the key's watermark is port 0's; processing
   * time only on a stream ({@link #requireNoProcessingTime}) whose port 0 is not on event time: a
   * key wakes up either on Spark's watermark or on its clock, as Spark's stateful operations take
   * one time mode (docs/decisions.md, "Several input ports").
   */
  private static void requireProcessingTimeOnly(
      WindowSpec spec, WindowSpec portZero, boolean streaming) {
    if (spec.isTimeInterval()) {
      throw new IllegalArgumentException(
          "the window \""
              + spec
              + "\" is a timeInterval window, and event time is port 0's (event_time names a"
              + " column of port 0's rows): a port beyond 0 takes count, delta, punct or"
              + " processing-time policies (time(...), partitionAge), or none");
    }
    if (!spec.usesTime()) {
      return;
    }
    if (!streaming) {
      requireNoProcessingTime(spec);
    }
    if (portZero.isTimeInterval()) {
      throw new IllegalArgumentException(
          "the window \""
              + spec
              + "\" has processing-time policies (time(...) or partitionAge), and port 0's is a"
              + " timeInterval window on event time: a key wakes up on one kind of time, so beside"
              + " a timeInterval window on port 0 the other ports take count, delta or punct"
              + " policies, or none");
    }
  }

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

  /**
   * The event-time column of a timeInterval window, checked: required for a timeInterval window and
   * refused for any other; a timestamp or double (seconds) column; on a stream, one that carries
   * Spark's watermark. Null when the window is not a timeInterval window.
   */
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

  /**
   * A partitioned window needs partition_by, and partition_by a partitioned window. A port without
   * a window takes partition_by or not: its columns only key the operator instances on Spark.
   */
  private static void requirePartitioning(WindowSpec spec, InputPort in) {
    if (spec.type() == StreamWindow.Type.NOT_WINDOWED) {
      return;
    }
    if (spec.isPartitioned() && in.partitionBy().isEmpty()) {
      throw new IllegalArgumentException(
          "The window \""
              + in.window()
              + "\" is partitioned: give partition_by, the columns that partition it");
    }
    if (!spec.isPartitioned() && !in.partitionBy().isEmpty()) {
      throw new IllegalArgumentException(
          "partition_by "
              + in.partitionBy()
              + " needs a partitioned window: start the clause with \"partitioned, \"");
    }
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

  /** The marker column, if any: a boolean column of the rows that neither keys nor orders them. */
  private static void requireMarkerColumn(StructType rows, InputPort in) {
    String markerColumn = in.markerColumn();
    if (markerColumn == null) {
      return;
    }
    requireColumns(rows, List.of(markerColumn), "marker_column");
    if (!rows.apply(markerColumn).dataType().equals(DataTypes.BooleanType)) {
      throw new IllegalArgumentException(
          "marker_column '"
              + markerColumn
              + "' must be a boolean column (true marks a window marker); it is "
              + rows.apply(markerColumn).dataType().simpleString());
    }
    if (in.orderBy().contains(markerColumn) || in.partitionBy().contains(markerColumn)) {
      throw new IllegalArgumentException(
          "marker_column '"
              + markerColumn
              + "' marks rows as punctuation: it cannot also be a partition_by or order_by column");
    }
  }

  /**
   * With {@code partition_by_keys_only}: partition_by is given, and no setting that names an
   * attribute of the tuples (order_by, event_time, spl_types) names one of its columns, which the
   * tuples leave out.
   */
  private static void requireKeysOnly(InputPort in) {
    if (!in.partitionByKeysOnly()) {
      return;
    }
    String option = RunOption.PARTITION_BY_KEYS_ONLY.key();
    if (in.partitionBy().isEmpty()) {
      throw new IllegalArgumentException(
          option
              + " leaves the partition_by columns out of the tuples, and partition_by is empty:"
              + " give partition_by, or leave "
              + option
              + " out");
    }
    Map<String, List<String>> naming = new LinkedHashMap<>();
    naming.put("order_by", in.orderBy());
    naming.put("event_time", in.eventTime() == null ? List.of() : List.of(in.eventTime()));
    naming.put(Direction.INPUT.argument, new ArrayList<>(in.splTypes().keySet()));
    naming.forEach(
        (argument, columns) -> {
          for (String column : columns) {
            if (in.partitionBy().contains(column)) {
              throw new IllegalArgumentException(
                  argument
                      + " names '"
                      + column
                      + "', a partition_by column, which "
                      + option
                      + " leaves out of the operator's tuples: it keys the rows on Spark only");
            }
          }
        });
  }

  /**
   * The operator's input tuples: the rows' columns without the marker column, and without the
   * partition_by columns when they only key the rows ({@code partition_by_keys_only}).
   */
  static StructType tupleSchema(StructType rows, InputPort in) {
    StructType tuples = tupleSchema(rows, in.markerColumn());
    if (!in.partitionByKeysOnly()) {
      return tuples;
    }
    return new StructType(
        Arrays.stream(tuples.fields())
            .filter(f -> !in.partitionBy().contains(f.name()))
            .toArray(StructField[]::new));
  }

  /** The operator's input tuples: the rows' columns without the marker column (null: none). */
  static StructType tupleSchema(StructType rows, String markerColumn) {
    if (markerColumn == null) {
      return rows;
    }
    return new StructType(
        Arrays.stream(rows.fields())
            .filter(f -> !f.name().equals(markerColumn))
            .toArray(StructField[]::new));
  }

  /** The SPL schema of input port 0: the tuples' columns, with the SPL types stated for some. */
  private static SplSchema inputSpl(StructType tuples, InputPort in) {
    if (in.markerColumn() != null && in.splTypes().containsKey(in.markerColumn())) {
      throw new IllegalArgumentException(
          Direction.INPUT.argument
              + " names '"
              + in.markerColumn()
              + "', the marker_column: its rows are window markers,"
              + " and it is no attribute of the operator's tuples");
    }
    return SplSparkTypes.toSpl(tuples, in.splTypes(), Direction.INPUT);
  }
}
