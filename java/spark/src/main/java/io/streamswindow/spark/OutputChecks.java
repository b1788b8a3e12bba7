package io.streamswindow.spark;

import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.SimilarNames;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.OperatorRunRequest.OutputPort;
import io.streamswindow.spark.plan.ResultLayout;
import io.streamswindow.spark.types.SplSparkTypes;
import io.streamswindow.spark.types.SplSparkTypes.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;

/**
 * The checks of a run's output ports ({@link RunValidation}'s steps "output schemas", "output SPL
 * types" and "late output"): each port's schema, the columns the result adds beside them, and the
 * SPL types stated for them. Each step reads and fills a {@link RunDraft}.
 */
final class OutputChecks {
  private OutputChecks() {}

  /**
   * "output schemas": each output port's schema, checked against the type table, and their layout
   * in the result, whose leading columns a punctuation column must not take.
   */
  static void schemas(RunDraft run) {
    OutputPort port0 = run.out();
    run.outputs = new ArrayList<>(List.of(outputSchema(port0)));
    for (int port = 1; port < run.request.outputs().size(); port++) {
      run.outputs.add(moreOutputSchema(port, run.request.outputs().get(port)));
    }
    run.layout = new ResultLayout(run.outputs);
    if (run.layout.severalPorts()) {
      requireNotLeadColumn(
          run.layout.leadColumns(), port0.punctuationColumn(), "punctuation_column");
    }
  }

  /** "output SPL types": output port 0's SPL schema, every port's stated types checked. */
  static void splTypes(RunDraft run) {
    run.outputSpl = outputSpl(run.layout, run.out().splTypes());
  }

  /** "late output": the column of late tuples, when asked for. */
  static void lateOutput(RunDraft run) {
    run.lateColumn =
        lateColumn(
            run.spec,
            run.in().lateOutput(),
            run.layout.leadColumns(),
            run.out().punctuationColumn());
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

  /** Each output port's columns with their SPL schema (the SPL types stated for its columns). */
  static List<Map.Entry<StructType, SplSchema>> outputSchemas(
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
}
