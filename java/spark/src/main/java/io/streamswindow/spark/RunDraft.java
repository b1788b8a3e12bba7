package io.streamswindow.spark;

import com.ibm.streams.operator.Operator;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.OperatorRunRequest.InputPort;
import io.streamswindow.spark.OperatorRunRequest.OutputPort;
import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.plan.OperatorDirectories;
import io.streamswindow.spark.plan.ResultLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;

/**
 * A run while its request is checked: what the caller gave (the request, each input port's rows,
 * whether they stream, the session's directories) and what the checks of {@link RunValidation} have
 * derived so far, each field set by the step its comment names and read by the steps after it.
 * Mutable, and confined to the one validation that made it.
 */
final class RunDraft {
  final OperatorRunRequest request;
  final List<StructType> portRows;
  final boolean streaming;
  final OperatorDirectories directories;

  /** The operator's class ("operator"). */
  Class<? extends Operator> type;

  /** Input port 0's window ("window"), with its event-time column once "event time" has run. */
  WindowSpec spec;

  /** Each input port's window, port 0's first, without its event time ("window"). */
  final List<WindowSpec> windows = new ArrayList<>();

  /** The event-time column of a timeInterval window, else null ("event time"). */
  String eventTime;

  /** Each output port's schema, port 0's first ("output schemas"). */
  List<StructType> outputs;

  /** The result's layout of those ports ("output schemas"). */
  ResultLayout layout;

  /** Input port 0's tuples: its rows' columns as the operator sees them ("SPL types"). */
  StructType tuples;

  /** The SPL schema of input port 0's tuples ("SPL types"). */
  SplSchema inputSpl;

  /** The SPL schema of output port 0 ("SPL types"). */
  SplSchema outputSpl;

  /** The column of late tuples with {@code late_output}, else null ("late output"). */
  String lateColumn;

  /** The operator's parameters in the order given ("parameters"). */
  Map<String, List<String>> parameters;

  /** Each input port's plan, port 0's first ("ports beyond 0"). */
  final List<InputPortPlan> inputs = new ArrayList<>();

  /** What may give wrong values without failing, for the user to read ("shared names"). */
  List<String> warnings = List.of();

  RunDraft(
      OperatorRunRequest request,
      List<StructType> portRows,
      boolean streaming,
      OperatorDirectories directories) {
    this.request = request;
    this.portRows = portRows;
    this.streaming = streaming;
    this.directories = directories;
  }

  /** Input port 0's rows. */
  StructType rows() {
    return portRows.get(0);
  }

  /** Input port 0's settings. */
  InputPort in() {
    return request.input();
  }

  /** Output port 0's settings. */
  OutputPort out() {
    return request.output();
  }
}
