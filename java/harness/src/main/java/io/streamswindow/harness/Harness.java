package io.streamswindow.harness;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.DeltaEvictionMode;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.harness.internal.DeclaredInputPort;
import io.streamswindow.harness.internal.TestableGraph;
import io.streamswindow.runtime.HostDirectories;
import io.streamswindow.runtime.OperatorHost;
import java.util.Map;
import java.util.Objects;

/**
 * streams-window's additions to IBM's operator test harness, kept beside IBM's interfaces so that
 * those stay exactly IBM's: a manual clock for time policies, the application's directories,
 * checkpoint and reset control, the choice of IBM's Java-runtime behaviour for sliding delta
 * eviction, and timeInterval (event-time) windows, which IBM's {@code InputPortDeclaration} cannot
 * declare ({@link #timeInterval}).
 *
 * <pre>{@code
 * JavaOperatorTester tester = new JavaOperatorTester();
 * OperatorInvocation<MyAverage> op = tester.singleOp(MyAverage.class);
 * InputPortDeclaration in = op.addInput("tuple<rstring id, float64 v>");
 * in.sliding().evictTime(5).triggerTime(1);
 * OutputPortDeclaration out = op.addOutput("tuple<rstring id, float64 avg>");
 *
 * ManualClock clock = ManualClock.create();
 * JavaTestableGraph graph = Harness.withClock(tester.tester(op), clock);
 * StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
 * graph.registerStreamHandler(out, results);
 * StreamingOutput<OutputTuple> input = graph.getInputTester(in);
 * graph.initialize().get().allPortsReady().get();
 *
 * input.submitAsTuple("a", 1.0);
 * clock.advance(1.0);          // the time trigger fires before advance returns
 * }</pre>
 */
public final class Harness {
  private Harness() {}

  /**
   * Runs every window of the graph on {@code clock} instead of the wall clock. With a {@link
   * ManualClock}, time only moves when the test advances it, and every timer that falls due fires
   * (in time order) before {@code advance} returns. Call it before {@code initialize()}.
   *
   * @param graph a graph from {@code JavaOperatorTester}
   * @param clock the clock
   * @return the graph, for chaining
   * @throws IllegalStateException when the graph is already initialized
   */
  public static JavaTestableGraph withClock(JavaTestableGraph graph, Clock clock) {
    testable(graph).useClock(clock);
    return graph;
  }

  /**
   * Sets the application, toolkit, output and data directories that every operator of the graph
   * sees through {@code ProcessingElement.getApplicationDirectory()} and the like; relative {@code
   * addClassLibraries} paths resolve against the toolkit directory. Without it they are {@link
   * HostDirectories#DEFAULT} (the working directory, no data directory). IBM's functional
   * operators, for example, load their {@code jar} parameter's jars from the application directory.
   * Call it before {@code initialize()}.
   *
   * <pre>{@code
   * Harness.directories(graph, HostDirectories.DEFAULT.withApplication(appDir));
   * }</pre>
   *
   * @param graph a graph from {@code JavaOperatorTester}
   * @param directories the directories
   * @return the graph, for chaining
   * @throws IllegalStateException when the graph is already initialized
   */
  public static JavaTestableGraph directories(
      JavaTestableGraph graph, HostDirectories directories) {
    testable(graph).useDirectories(directories);
    return graph;
  }

  /**
   * Returns a control that drains, checkpoints and resets every operator of the graph, in
   * declaration order.
   *
   * @param graph a graph from {@code JavaOperatorTester}
   * @return the control; its methods need the graph initialized
   */
  public static HarnessControl control(JavaTestableGraph graph) {
    TestableGraph testable = testable(graph);
    return new HarnessControl(testable::hosts);
  }

  /**
   * Returns a control for one operator of the graph.
   *
   * @param graph a graph from {@code JavaOperatorTester}
   * @param operator one of its operators
   * @return the control; its methods need the graph initialized
   */
  public static HarnessControl control(JavaTestableGraph graph, OperatorInvocation<?> operator) {
    TestableGraph testable = testable(graph);
    Objects.requireNonNull(operator, "operator");
    return new HarnessControl(() -> Map.of(operator.getName(), testable.host(operator)));
  }

  /**
   * Returns the host running one operator of an initialized graph, for tests that need the
   * runtime's view (windows, state, time).
   *
   * @param graph a graph from {@code JavaOperatorTester}
   * @param operator one of its operators
   * @return the host
   * @throws IllegalStateException before {@code initialize()}
   */
  public static OperatorHost host(JavaTestableGraph graph, OperatorInvocation<?> operator) {
    return testable(graph).host(operator);
  }

  /**
   * Chooses how the port's sliding {@code delta} eviction picks the tuples it evicts. The default,
   * {@link DeltaEvictionMode#ANY_OUT_OF_RANGE}, follows the SPL documentation; {@link
   * DeltaEvictionMode#OLDEST_FIRST} reproduces IBM's Java runtime, which evicts from the front
   * only. The two differ only for out-of-order attribute values. Declare before making the graph
   * executable.
   *
   * <pre>{@code
   * Harness.deltaEvictionMode(in.sliding().evictDelta("ts", 5.0).triggerCount(1),
   *     DeltaEvictionMode.OLDEST_FIRST);
   * }</pre>
   *
   * @param port an input port declared through {@code OperatorInvocation.addInput}
   * @param mode the mode
   * @return the port, for chaining
   */
  public static InputPortDeclaration deltaEvictionMode(
      InputPortDeclaration port, DeltaEvictionMode mode) {
    if (!(port instanceof DeclaredInputPort declared)) {
      throw new IllegalArgumentException(
          "deltaEvictionMode: not an input port of the streams-window harness: " + port);
    }
    declared.deltaEvictionMode(Objects.requireNonNull(mode, "mode"));
    return port;
  }

  /**
   * Declares the port's window as a timeInterval (event-time) window, which IBM's {@code
   * InputPortDeclaration} has no builder calls for. {@code clause} is an SPL timeInterval clause
   * ({@code timeInterval, intervalDuration(D)[, creationPeriod(P)][, discardAge(A)][,
   * intervalOffset(O)]}, optionally {@code partitioned}); {@code eventTimeAttribute} names the
   * attribute that holds each tuple's event time (in SPL, the stream's {@code @eventTime}
   * annotation): a {@code timestamp}, or a {@code float64} of seconds since the epoch. Like {@code
   * sliding()} and {@code tumbling()} it replaces what the port declared before; IBM's policy calls
   * ({@code evictCount}, {@code triggerTime}, {@code partitionEvictionAge}...) are refused
   * afterwards, {@code partitioned()} is allowed. Panes complete and close as the watermark moves:
   * {@link HarnessControl#advanceWatermark(long)}.
   *
   * <pre>{@code
   * InputPortDeclaration in = op.addInput("tuple<rstring id, timestamp ts>");
   * Harness.timeInterval(in, "timeInterval, intervalDuration(10.0), creationPeriod(5.0)", "ts");
   * JavaTestableGraph graph = new JavaOperatorTester().tester(op);
   * HarnessControl control = Harness.control(graph);
   * graph.initialize().get().allPortsReady().get();
   * graph.getInputTester(in).submitAsTuple("a", new Timestamp(7, 0));
   * control.advanceWatermark(TimeUnit.SECONDS.toNanos(10)); // pane [0, 10) triggers
   * }</pre>
   *
   * @param port an input port declared through {@code OperatorInvocation.addInput}
   * @param clause an SPL timeInterval window clause
   * @param eventTimeAttribute the attribute holding each tuple's event time
   * @return the port, for chaining
   * @throws IllegalArgumentException when the clause is not a valid timeInterval clause (the
   *     parser's message names the token and its position), or the attribute is missing or of
   *     another type
   */
  public static InputPortDeclaration timeInterval(
      InputPortDeclaration port, String clause, String eventTimeAttribute) {
    if (!(port instanceof DeclaredInputPort declared)) {
      throw new IllegalArgumentException(
          "timeInterval: not an input port of the streams-window harness: " + port);
    }
    WindowSpec spec = WindowClauseParser.parse(Objects.requireNonNull(clause, "clause"));
    if (!spec.isTimeInterval()) {
      throw new IllegalArgumentException(
          "timeInterval: \""
              + clause
              + "\" is a "
              + spec.type().name().toLowerCase(java.util.Locale.ROOT)
              + " window clause, not a timeInterval one; declare it with IBM's builder calls");
    }
    declared.timeInterval(spec, eventTimeAttribute);
    return port;
  }

  private static TestableGraph testable(JavaTestableGraph graph) {
    if (graph instanceof TestableGraph testable) {
      return testable;
    }
    throw new IllegalArgumentException(
        "Not a graph of the streams-window harness (make it with JavaOperatorTester): " + graph);
  }
}
