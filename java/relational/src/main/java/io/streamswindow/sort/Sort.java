package io.streamswindow.sort;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPortSet.WindowMode;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPortSet.WindowPunctuationOutputMode;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.WindowUtilities;
import io.streamswindow.api.window.TimeIntervalStreamWindow;
import io.streamswindow.engine.EngineWindow;
import io.streamswindow.engine.WindowSpec;
import java.util.List;

/**
 * SPL's standard-toolkit {@code Sort} operator ({@code spl.relational::Sort}) as a windowed Java
 * operator: it submits its input tuples, unchanged, in the order of its {@code sortBy} SPL
 * expressions, as the operator does on IBM's C++ window runtime (docs/semantics.md, "SPL Sort").
 *
 * <p>Parameters, as SPL passes them (lists of strings):
 *
 * <ul>
 *   <li>{@code sortBy}: SPL expressions over the input attributes, compared in turn, e.g. {@code
 *       (float64)salary / (float64)age}.
 *   <li>{@code order}: {@code ascending} (the default) or {@code descending}, once for every
 *       expression or once per expression.
 *   <li>{@code partitionBy}: input attributes whose values partition a partitioned window.
 * </ul>
 *
 * <p>Windows: tumbling by {@code count}, {@code delta}, {@code punct()} or {@code time} (a time
 * window not partitioned), each tumble sorted and submitted, then a window marker; and {@code
 * sliding, count(N), count(1)}, a progressive sort whose evictions submit the first tuple in order,
 * flushed by the final marker. Example, the tumbling sort of IBM's beginner sample:
 *
 * <pre>{@code
 * // SPL: stream<Employee> Sorted = Sort(Employees) {
 * //   window Employees: tumbling, count(5); param sortBy: name; }
 * OperatorInvocation<Sort> op = tester.singleOp(Sort.class);
 * op.addInput("tuple<rstring name, int32 age>").tumbling().evictCount(5);
 * op.addOutput("tuple<rstring name, int32 age>");
 * op.setStringParameter("sortBy", "name");
 * }</pre>
 */
@PrimitiveOperator(
    name = "Sort",
    namespace = "spl.relational",
    description = "Sorts the tuples gathered in a window by SPL expressions.")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed))
@OutputPorts(
    @OutputPortSet(
        cardinality = 1,
        windowPunctuationOutputMode = WindowPunctuationOutputMode.Generating))
public class Sort extends AbstractOperator {
  private List<String> sortBy = List.of();
  private List<String> order = List.of();
  private List<String> partitionBy = List.of();
  private SortWindowListener listener;

  /** Creates the operator; it is configured by its parameters. */
  public Sort() {}

  /**
   * Sets the expressions to sort by, the most significant first.
   *
   * @param sortBy SPL expressions over the input attributes
   */
  @Parameter(description = "SPL expressions to sort by, the most significant first.")
  public void setSortBy(List<String> sortBy) {
    this.sortBy = List.copyOf(sortBy);
  }

  /**
   * Sets the sort order: one for every expression, or one per expression.
   *
   * @param order {@code ascending} or {@code descending} values
   */
  @Parameter(
      optional = true,
      description = "ascending (the default) or descending: once, or once per sortBy expression.")
  public void setOrder(List<String> order) {
    this.order = List.copyOf(order);
  }

  /**
   * Sets the attributes that partition a partitioned window.
   *
   * @param partitionBy input attribute names
   */
  @Parameter(optional = true, description = "Input attributes whose values partition the window.")
  public void setPartitionBy(List<String> partitionBy) {
    this.partitionBy = List.copyOf(partitionBy);
  }

  /**
   * Checks the window, schemas and parameters, partitions the window when {@code partitionBy} is
   * given, and registers the sorting listener (and, for a sliding window, its state).
   *
   * @throws IllegalArgumentException for a sortBy expression, order or partitionBy that does not
   *     fit, or a window SPL's Sort does not take
   * @throws IllegalStateException when the port is not windowed or the ports are not one in, one
   *     out
   */
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    checkPorts(1, 1);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    checkWindow(window);
    StreamSchema input = getInput(0).getStreamSchema();
    StreamSchema output = getOutput(0).getStreamSchema();
    if (!input.equals(output)) {
      throw new IllegalArgumentException(
          "Sort submits its input tuples unchanged, so its output schema must be its input's: the"
              + " input is "
              + input.getLanguageType()
              + ", the output "
              + output.getLanguageType());
    }
    SortKeys keys = SortKeys.compile(input, sortBy, order);
    if (!partitionBy.isEmpty()) {
      WindowUtilities.registerAttributePartitioner(window, partitionBy.toArray(new String[0]));
    }
    boolean tumbling = window.getType() == StreamWindow.Type.TUMBLING;
    listener =
        new SortWindowListener(
            keys,
            getOutput(0),
            tumbling,
            tumbling && window.getEvictionPolicy() == StreamWindow.Policy.PUNCTUATION,
            tumbling ? null : new ProgressiveSort(keys, input));
    window.registerListener(listener, false);
    if (!tumbling) {
      context.registerStateHandler(listener);
    }
  }

  private void checkWindow(StreamWindow<Tuple> window) {
    if (window.getType() == StreamWindow.Type.NOT_WINDOWED) {
      throw new IllegalStateException(
          "Sort needs a windowed input port: declare a tumbling window, or sliding, count(N),"
              + " count(1)");
    }
    if (window instanceof TimeIntervalStreamWindow) {
      throw new IllegalArgumentException(TIME_INTERVAL);
    }
    if (window instanceof EngineWindow<?> engine) {
      checkWindow(engine.spec(), partitionBy);
    }
  }

  private static final String TIME_INTERVAL =
      "Sort on a timeInterval window is not run by this layer: declare a tumbling window, or"
          + " sliding, count(N), count(1)";

  /**
   * Checks a declaration as {@link #initialize} does, before an operator exists: the window SPL's
   * Sort takes, {@code partitionBy} against it, and the {@code sortBy} expressions and {@code
   * order} against the input schema. The Spark entry point calls it, so that what it refuses is
   * said before a plan is built.
   *
   * @throws IllegalArgumentException naming what does not fit
   */
  public static void check(
      WindowSpec window,
      StreamSchema input,
      List<String> sortBy,
      List<String> order,
      List<String> partitionBy) {
    checkWindow(window, partitionBy);
    SortKeys.compile(input, sortBy, order);
  }

  private static void checkWindow(WindowSpec window, List<String> partitionBy) {
    if (window.isTimeInterval()) {
      throw new IllegalArgumentException(TIME_INTERVAL);
    }
    if (!partitionBy.isEmpty() && !window.isPartitioned()) {
      throw new IllegalArgumentException(
          "partitionBy " + partitionBy + " needs a partitioned window: add partitioned to it");
    }
    if (partitionBy.isEmpty() && window.isPartitioned()) {
      throw new IllegalArgumentException(
          "the window is partitioned, but partitionBy is missing: name the attributes that"
              + " partition it");
    }
    if (window.type() == StreamWindow.Type.SLIDING) {
      boolean progressive =
          window.eviction().kind() == StreamWindow.Policy.COUNT
              && window.trigger().kind() == StreamWindow.Policy.COUNT
              && window.trigger().count() == 1;
      if (!progressive) {
        throw new IllegalArgumentException(
            "Sort takes a sliding window only as sliding, count(N), count(1), a progressive sort;"
                + " the window is "
                + window
                + ": declare a tumbling window, or that one");
      }
    } else if (window.eviction().kind() == StreamWindow.Policy.TIME && window.isPartitioned()) {
      // SPL's C++ runtime tumbles every partition of a time window at one moment, where the
      // engine tumbles each partition on its own period (docs/semantics.md, "SPL Sort").
      throw new IllegalArgumentException(
          "Sort on a partitioned tumbling time window is not run by this layer: SPL tumbles every"
              + " partition at once, every period; use a window that is not partitioned, or a"
              + " count, delta or punct() window");
    }
  }

  /**
   * A window marker tumbles a {@code punct()} window before this is called; the final marker
   * flushes a sliding window's sorted tuples before the runtime forwards it.
   */
  @Override
  public void processPunctuation(StreamingInput<Tuple> port, Punctuation mark) throws Exception {
    if (mark == Punctuation.WINDOW_MARKER) {
      listener.windowMarkerHandled();
    } else if (mark == Punctuation.FINAL_MARKER) {
      listener.finalMarker();
    }
  }
}
