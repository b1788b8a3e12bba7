package io.streamswindow.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import io.streamswindow.api.window.TimeIntervalStreamWindow;
import io.streamswindow.api.window.TimeIntervalWindowEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link Harness#timeInterval}: declaring an event-time window and moving the watermark. */
class HarnessTimeIntervalTest {
  private static final String SCHEMA = "tuple<rstring id, timestamp ts>";
  private static final String WORKED_EXAMPLE_CLAUSE =
      "timeInterval, intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0)";

  /** Logs every event as {@code TYPE [ids] [start, end) #index}, start and end in seconds. */
  public static class PaneLogOperator extends AbstractOperator {
    public final List<String> log = Collections.synchronizedList(new ArrayList<>());
    volatile StreamWindow<Tuple> window;

    @Override
    public synchronized void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      window = context.getStreamingInputs().get(0).getStreamWindow();
      window.registerListener(this::record, false);
    }

    private void record(StreamWindowEvent<Tuple> event) {
      List<String> ids = new ArrayList<>();
      event.getTuples().forEach(t -> ids.add(t.getString("id")));
      TimeIntervalWindowEvent<Tuple> pane = (TimeIntervalWindowEvent<Tuple>) event;
      String line =
          event.getType()
              + " "
              + ids
              + " ["
              + (long) pane.getPane().getStartSeconds()
              + ", "
              + (long) pane.getPane().getEndSeconds()
              + ")";
      if (event.getType() == StreamWindowEvent.Type.TRIGGER) {
        line += " #" + pane.getPaneIndex() + " " + pane.getPaneTiming();
      }
      log.add(line);
    }

    @Override
    public void process(StreamingInput<Tuple> port, Tuple tuple) {
      log.add("process " + tuple.getString("id"));
    }
  }

  private final JavaOperatorTester tester = new JavaOperatorTester();

  private static long seconds(long s) {
    return TimeUnit.SECONDS.toNanos(s);
  }

  @Test
  void panesCompleteAndCloseAsTheWatermarkMoves() throws Exception {
    OperatorInvocation<PaneLogOperator> op = tester.singleOp(PaneLogOperator.class);
    InputPortDeclaration in = op.addInput(SCHEMA);
    assertSame(in, Harness.timeInterval(in, WORKED_EXAMPLE_CLAUSE, "ts"));
    JavaTestableGraph graph = tester.tester(op);
    HarnessControl control = Harness.control(graph);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    PaneLogOperator operator = graph.getOperatorInstance(op);

    assertTrue(operator.window instanceof TimeIntervalStreamWindow<?>);
    TimeIntervalStreamWindow<Tuple> window = (TimeIntervalStreamWindow<Tuple>) operator.window;
    assertEquals(10.0, window.getIntervalDuration());
    assertEquals(5.0, window.getCreationPeriod());
    assertEquals(15.0, window.getDiscardAge());
    assertEquals("ts", window.getEventTimeAttribute());

    input.submitAsTuple("a", new Timestamp(7, 0)); // T(7): panes [0, 10) and [5, 15)
    input.submitAsTuple("b", new Timestamp(10, 0)); // T(10): [5, 15) and [10, 20), not [0, 10)
    assertEquals(
        List.of(
            "INSERTION [a] [0, 10)",
            "INSERTION [a] [5, 15)",
            "process a",
            "INSERTION [b] [5, 15)",
            "INSERTION [b] [10, 20)",
            "process b"),
        operator.log);
    operator.log.clear();

    control.advanceWatermark(seconds(9));
    assertEquals(List.of(), operator.log, "nothing ends before 10");
    control.advanceWatermark(seconds(10));
    assertEquals(
        List.of("INITIAL_FULL [a] [0, 10)", "TRIGGER [a] [0, 10) #0 PANE_ON_COMPLETE"),
        operator.log);
    operator.log.clear();

    control.advanceWatermark(seconds(5)); // backwards: nothing
    // One watermark received walks the panes in start order: [0, 10) closes at 25 before
    // [5, 15), ending at 15, completes.
    control.advanceWatermark(seconds(25));
    assertEquals(
        List.of(
            "EVICTION [a] [0, 10)",
            "INITIAL_FULL [a, b] [5, 15)",
            "TRIGGER [a, b] [5, 15) #0 PANE_ON_COMPLETE",
            "INITIAL_FULL [b] [10, 20)",
            "TRIGGER [b] [10, 20) #0 PANE_ON_COMPLETE"),
        operator.log);
    graph.shutdown().get();
  }

  @Test
  void partitionedMayFollowButPoliciesAreRefused() {
    OperatorInvocation<PaneLogOperator> op = tester.singleOp(PaneLogOperator.class);
    InputPortDeclaration in = op.addInput(SCHEMA);
    Harness.timeInterval(in, "timeInterval, intervalDuration(10.0)", "ts");
    in.partitioned();
    IllegalStateException policy =
        assertThrows(IllegalStateException.class, () -> in.evictCount(3));
    assertTrue(policy.getMessage().contains("timeInterval"), policy.getMessage());
    assertThrows(IllegalStateException.class, () -> in.triggerTime(1.0));
    assertThrows(IllegalStateException.class, () -> in.partitionEvictionCount(2));
    in.sliding().evictCount(3).triggerCount(1); // starts over, as in IBM's harness
  }

  @Test
  void badClausesAndAttributesAreRefusedAtTheCall() {
    OperatorInvocation<PaneLogOperator> op = tester.singleOp(PaneLogOperator.class);
    InputPortDeclaration in = op.addInput("tuple<rstring id, timestamp ts, int32 n, float64 secs>");
    IllegalArgumentException zero =
        assertThrows(
            IllegalArgumentException.class,
            () -> Harness.timeInterval(in, "timeInterval, intervalDuration(0)", "ts"));
    assertTrue(zero.getMessage().contains("'0' at position 31"), zero.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> Harness.timeInterval(in, "sliding, count(3)", "ts"));
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> Harness.timeInterval(in, "timeInterval, intervalDuration(10)", "nope"));
    assertTrue(missing.getMessage().contains("nope"), missing.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> Harness.timeInterval(in, "timeInterval, intervalDuration(10)", "n"));
    assertThrows(
        IllegalArgumentException.class,
        () -> Harness.timeInterval(in, "timeInterval, intervalDuration(10)", null));
    Harness.timeInterval(
        in, "partitioned, timeInterval, intervalDuration(10)", "secs"); // float64 seconds
  }
}
