package io.streamswindow.spark;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.SimilarNames;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.OperatorRunRequest.InputPort;
import io.streamswindow.spark.OperatorRunRequest.OutputPort;
import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.plan.OperatorDirectories;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.ResultLayout;
import io.streamswindow.spark.plan.RowArrival;
import io.streamswindow.spark.rows.TupleOrder;
import io.streamswindow.spark.run.HostRecipe;
import io.streamswindow.spark.types.SplSparkTypes;
import io.streamswindow.spark.types.SplSparkTypes.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
 * Checks an {@link OperatorRunRequest} against the schema of its input, on the driver, before any
 * job starts: the one place every entrance's arguments are judged. The steps run in a fixed order
 * (so that of two faults the same one is reported): the operator class, the window and its event
 * time, partitioning and columns, the marker column, the output schema, the SPL types, the late
 * column, the parameters and the output names, then the ports beyond 0 and the output columns of
 * another SPL type than a same-named input attribute (refused, or kept as the run's warnings:
 * {@link OperatorArgumentChecks#requireAssignableSharedNames}). The operator's dry run ({@link
 * ValidatedRun#dryRun}) is the runtime's to ask for: the single-instance run initializes the
 * operator itself.
 *
 * <pre>{@code
 * ValidatedRun run = RunValidation.validate(request, input.schema(), input.isStreaming(),
 *     OperatorDirectories.of(input.sparkSession()));
 * }</pre>
 */
final class RunValidation {
  private RunValidation() {}

  /** The metadata key under which Spark's {@code withWatermark} records a column's delay. */
  static final String WATERMARK_DELAY_KEY = "spark.watermarkDelayMs";

  /**
   * The request, checked against rows of {@code rows}.
   *
   * @param streaming whether the input is a streaming DataFrame
   * @throws IllegalArgumentException for an argument that does not fit, naming it
   */
  static ValidatedRun validate(
      OperatorRunRequest request,
      StructType rows,
      boolean streaming,
      OperatorDirectories directories) {
    return validate(request, List.of(rows), streaming, directories);
  }

  /**
   * The request, checked against each input port's rows ({@code rows}, port 0's first): port 0's as
   * for one port, then each port beyond 0 ({@link #morePort}).
   *
   * @throws IllegalArgumentException for an argument that does not fit, naming it
   */
  static ValidatedRun validate(
      OperatorRunRequest request,
      List<StructType> portRows,
      boolean streaming,
      OperatorDirectories directories) {
    if (portRows.size() != request.inputs().size()) {
      throw new IllegalArgumentException(
          "inputs: "
              + portRows.size()
              + " DataFrames for "
              + request.inputs().size()
              + " input ports: give one DataFrame per input port, port 0's first");
    }
    StructType rows = portRows.get(0);
    InputPort in = request.input();
    OutputPort outPort = request.output();
    Class<? extends Operator> type = HostRecipe.loadOperatorClass(request.operatorClass());
    OperatorArgumentChecks.requireDeclaredPorts(
        type, request.inputs().size(), request.outputs().size());
    // No clause: input port 0 is not windowed (a filter, a transform, an enricher).
    WindowSpec parsed =
        in.window() == null ? WindowSpec.notWindowed() : WindowClauseParser.parse(in.window());
    if (!streaming) {
      requireNoProcessingTime(parsed);
      if (request.realTime()) {
        throw new IllegalArgumentException(
            "real_time: the input is a batch DataFrame, and real-time mode runs streams only:"
                + " leave real_time out for a batch");
      }
    }
    String eventTime = eventTimeColumn(parsed, in.eventTime(), rows, streaming);
    WindowSpec spec = eventTime == null ? parsed : parsed.withEventTime(eventTime);
    requirePartitioning(spec, in);
    requireColumns(rows, in.partitionBy(), "partition_by");
    requireColumns(rows, in.orderBy(), "order_by");
    requireOrderable(rows, in.orderBy());
    requireMarkerColumn(rows, in);
    requireKeysOnly(in);
    StructType out = outputSchema(outPort);
    List<StructType> outputs = new ArrayList<>(List.of(out));
    for (int port = 1; port < request.outputs().size(); port++) {
      outputs.add(moreOutputSchema(port, request.outputs().get(port)));
    }
    ResultLayout layout = new ResultLayout(outputs);
    StructType lead = layout.leadColumns();
    if (layout.severalPorts()) {
      requireNotLeadColumn(lead, outPort.punctuationColumn(), "punctuation_column");
    }
    StructType tuples = tupleSchema(rows, in);
    SplSchema inputSpl = inputSpl(tuples, in);
    SplSchema outputSpl = outputSpl(layout, outPort.splTypes());
    if (!in.orderBy().isEmpty()) {
      // An order_by column stated optional<T> (or a list...) has no order.
      new TupleOrder(inputSpl, in.orderBy());
    }
    String lateColumn = lateColumn(spec, in.lateOutput(), lead, outPort.punctuationColumn());
    // The names an output column may take from the input: every port's attributes, and the
    // partition_by columns that partition_by_keys_only leaves out of them, which punctuation rows
    // name their key in (docs/python.md, "Key columns that are not attributes").
    StructType inputNames = tupleSchema(rows, in.markerColumn());
    for (int port = 1; port < portRows.size(); port++) {
      String marker = request.inputs().get(port).markerColumn();
      for (StructField field : tupleSchema(portRows.get(port), marker).fields()) {
        if (!Arrays.asList(inputNames.fieldNames()).contains(field.name())) {
          inputNames = inputNames.add(field);
        }
      }
    }
    Map<String, List<String>> parameters = parameters(type, request, inputNames, outputs);
    List<InputPortPlan> inputs = new ArrayList<>();
    inputs.add(
        new InputPortPlan(spec.toString(), rows, tuples, new LinkedHashMap<>(in.splTypes())));
    for (int port = 1; port < portRows.size(); port++) {
      inputs.add(
          morePort(
              port,
              request.inputs().get(port),
              portRows.get(port),
              rows,
              inputSpl,
              spec,
              streaming));
    }
    List<String> warnings =
        request.outputNamesChecked()
            ? OperatorArgumentChecks.requireAssignableSharedNames(
                type, portSchemas(inputs, inputSpl), outputSchemas(outputs, outPort), parameters)
            : List.of();

    OperatorPlan plan =
        new OperatorPlan(
            type.getName(),
            inputs,
            outputs,
            new ArrayList<>(in.partitionBy()),
            new ArrayList<>(in.orderBy()),
            in.markerColumn(),
            in.batchMarker(),
            outPort.punctuationColumn(),
            new HashMap<>(parameters),
            RowArrival.of(streaming, request.realTime()),
            eventTime,
            lateColumn,
            new LinkedHashMap<>(outPort.splTypes()),
            directories);
    return new ValidatedRun(
        plan,
        type,
        spec,
        inputSpl,
        outputSpl,
        out,
        resultSchema(lead, outPort.punctuationColumn(), lateColumn, tuples),
        parameters,
        warnings);
  }

  /** Each input port's tuples with their SPL schema, port 0's ({@code portZero}) first. */
  private static List<Map.Entry<StructType, SplSchema>> portSchemas(
      List<InputPortPlan> inputs, SplSchema portZero) {
    List<Map.Entry<StructType, SplSchema>> ports = new ArrayList<>();
    for (int port = 0; port < inputs.size(); port++) {
      InputPortPlan in = inputs.get(port);
      ports.add(
          Map.entry(
              in.tuples(),
              port == 0
                  ? portZero
                  : SplSparkTypes.toSpl(in.tuples(), in.inputTypes(), Direction.INPUT)));
    }
    return ports;
  }

  /** Each output port's columns with their SPL schema (the SPL types stated for its columns). */
  private static List<Map.Entry<StructType, SplSchema>> outputSchemas(
      List<StructType> outputs, OutputPort port0) {
    List<Map.Entry<StructType, SplSchema>> ports = new ArrayList<>();
    for (StructType out : outputs) {
      ports.add(
          Map.entry(
              out,
              SplSparkTypes.toSpl(
                  out, SplSparkTypes.statedFor(out, port0.splTypes()), Direction.OUTPUT)));
    }
    return ports;
  }

  /**
   * Input port {@code port} beyond 0, checked against its rows: its window (none, or one of count,
   * delta, punct or processing-time policies: event time is port 0's, and processing time needs a
   * stream, whose port 0 is not on event time), its partitioning and {@code partition_by} columns
   * (port 0's, of the same types, since the ports' rows are grouped together by them), its {@code
   * order_by} columns (port 0's, of the same SPL types: the ports' rows arrive in one order) and
   * its SPL types. A refusal names the port.
   */
  private static InputPortPlan morePort(
      int port,
      InputPort in,
      StructType rows,
      StructType portZeroRows,
      SplSchema portZeroSpl,
      WindowSpec portZero,
      boolean streaming) {
    try {
      WindowSpec spec =
          in.window() == null ? WindowSpec.notWindowed() : WindowClauseParser.parse(in.window());
      requireProcessingTimeOnly(spec, portZero, streaming);
      requirePartitioning(spec, in);
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
   * Output port 0's schema, checked against the type table, and the punctuation column, which must
   * not be one of its columns.
   */
  private static StructType outputSchema(OutputPort port) {
    StructType out;
    if (port.schema() != null) {
      out = port.schema();
      SplSparkTypes.checkOutput(out);
    } else {
      out = parseOutputSchema(port.schemaDdl());
    }
    String punctuationColumn = port.punctuationColumn();
    if (punctuationColumn != null && Arrays.asList(out.fieldNames()).contains(punctuationColumn)) {
      throw new IllegalArgumentException(
          "punctuation_column '" + punctuationColumn + "' is already a column of output_schema");
    }
    return out;
  }

  /**
   * The schema of output port {@code port} beyond 0, checked as port 0's is; a refusal names the
   * port.
   */
  private static StructType moreOutputSchema(int port, OutputPort given) {
    try {
      if (given.schema() != null) {
        SplSparkTypes.checkOutput(given.schema());
        return given.schema();
      }
      return parseOutputSchema(given.schemaDdl());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("output port " + port + ": " + e.getMessage(), e);
    }
  }

  /**
   * With several output ports the result's leading columns are the port and one struct per port: a
   * punctuation column of one of those names is refused.
   */
  private static void requireNotLeadColumn(StructType lead, String column, String argument) {
    if (column != null && Arrays.asList(lead.fieldNames()).contains(column)) {
      throw new IllegalArgumentException(
          argument
              + " '"
              + column
              + "' is a column the result already has: with several output ports it holds "
              + ResultLayout.PORT_COLUMN
              + " and a struct column per port ("
              + String.join(", ", lead.fieldNames())
              + ")");
    }
  }

  /**
   * The SPL schema of output port 0, with every port's stated SPL types checked: with one port, as
   * {@link SplSparkTypes#toSpl(StructType, Map, Direction)} checks them; with several, a stated
   * column applies on each port that has it, and must be a column of one.
   */
  private static SplSchema outputSpl(ResultLayout layout, Map<String, String> splTypes) {
    List<StructType> ports = layout.ports();
    if (!layout.severalPorts()) {
      return SplSparkTypes.toSpl(ports.get(0), splTypes, Direction.OUTPUT);
    }
    List<String> columns = new ArrayList<>();
    ports.forEach(port -> columns.addAll(Arrays.asList(port.fieldNames())));
    for (String column : splTypes.keySet()) {
      if (!columns.contains(column)) {
        throw new IllegalArgumentException(
            Direction.OUTPUT.argument
                + " names '"
                + column
                + "', which is a column of no output port"
                + SimilarNames.hint(column, columns)
                + "; their columns are "
                + columns);
      }
    }
    for (int port = ports.size() - 1; port >= 1; port--) {
      SplSparkTypes.toSpl(
          ports.get(port), SplSparkTypes.statedFor(ports.get(port), splTypes), Direction.OUTPUT);
    }
    return SplSparkTypes.toSpl(
        ports.get(0), SplSparkTypes.statedFor(ports.get(0), splTypes), Direction.OUTPUT);
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

  /**
   * The result column for tuples a timeInterval window drops (event time earlier than the watermark
   * minus the discard age) when {@code late_output} is asked for, else null.
   *
   * @throws IllegalArgumentException for late_output on another window, or a name taken already
   */
  private static String lateColumn(
      WindowSpec spec, boolean lateOutput, StructType out, String punctuationColumn) {
    if (!lateOutput) {
      return null;
    }
    if (!spec.isTimeInterval()) {
      throw new IllegalArgumentException(
          "late_output is for timeInterval windows, which drop tuples earlier than the watermark"
              + " minus discardAge; the window \""
              + spec
              + "\" drops no tuple: leave late_output out");
    }
    String column = WindowedOperators.LATE_COLUMN;
    if (Arrays.asList(out.fieldNames()).contains(column) || column.equals(punctuationColumn)) {
      throw new IllegalArgumentException(
          "late_output adds the column '"
              + column
              + "', which the output already has: rename that column");
    }
    return column;
  }

  /**
   * The operator's parameters, in the order given: the names a {@code @PrimitiveOperator} does not
   * declare are refused, and, unless the output schema was derived ({@link Aggregates}), the output
   * columns nothing would set ({@link OperatorArgumentChecks#requireOutputNamesTheOperatorUses}),
   * judged against the columns of every input port ({@code tuples}).
   */
  private static Map<String, List<String>> parameters(
      Class<? extends Operator> type,
      OperatorRunRequest request,
      StructType tuples,
      List<StructType> outputs) {
    Map<String, List<String>> parameters = new LinkedHashMap<>();
    request.parameters().forEach((name, values) -> parameters.put(name, new ArrayList<>(values)));
    OperatorArgumentChecks.requireDeclaredParameters(type, parameters);
    if (request.outputNamesChecked()) {
      for (StructType out : outputs) {
        OperatorArgumentChecks.requireOutputNamesTheOperatorUses(type, tuples, out, parameters);
      }
    }
    return parameters;
  }

  /**
   * The result's schema: the columns of the operator's tuples ({@link ResultLayout#leadColumns()}),
   * then the punctuation and the late column if any.
   */
  private static StructType resultSchema(
      StructType out, String punctuationColumn, String lateColumn, StructType tuples) {
    StructType result =
        punctuationColumn == null ? out : out.add(punctuationColumn, DataTypes.StringType, true);
    return lateColumn == null ? result : result.add(lateColumn, tuples, true);
  }
}
