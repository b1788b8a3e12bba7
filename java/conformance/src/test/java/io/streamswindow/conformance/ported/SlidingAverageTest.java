package io.streamswindow.conformance.ported;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import io.streamswindow.harness.Harness;
import io.streamswindow.harness.HarnessControl;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * {@link SlidingAverage}: a {@code StatefulWindowListener} on {@code partitioned, sliding,
 * count(3), count(1)}, partitioned by {@code symbol}.
 */
class SlidingAverageTest {
  private static final String IN_SCHEMA = "tuple<rstring symbol, float64 value>";
  private static final String OUT_SCHEMA = "tuple<rstring key, float64 average, int32 size>";

  private final JavaOperatorTester tester = new JavaOperatorTester();
  private final OperatorInvocation<SlidingAverage> op = tester.singleOp(SlidingAverage.class);
  private final InputPortDeclaration inPort = op.addInput(IN_SCHEMA);
  private final OutputPortDeclaration outPort = op.addOutput(OUT_SCHEMA);
  private final OrderedOutput results = new OrderedOutput();
  private JavaTestableGraph graph;
  private StreamingOutput<OutputTuple> input;

  private void start() throws Exception {
    graph = tester.tester(op);
    graph.registerStreamHandler(outPort, results);
    input = graph.getInputTester(inPort);
    graph.initialize().get().allPortsReady().get();
  }

  @Test
  void eachPartitionAveragesItsLastThreeValuesOnceItHasBeenFull() throws Exception {
    op.setStringParameter("partitionBy", "symbol");
    inPort.sliding().evictCount(3).triggerCount(1).partitioned();
    start();

    input.submitAsTuple("A", 1.0);
    input.submitAsTuple("B", 10.0);
    input.submitAsTuple("A", 2.0);
    assertEquals(List.of(), results.take(), "no partition has been full yet");
    input.submitAsTuple("A", 3.0);
    assertEquals(List.of("(A, 2.0, 3)"), results.take()); // (1 + 2 + 3) / 3
    input.submitAsTuple("B", 20.0);
    input.submitAsTuple("A", 4.0);
    assertEquals(List.of("(A, 3.0, 3)"), results.take()); // 1 evicted: (2 + 3 + 4) / 3
    input.submitAsTuple("B", 30.0);
    input.submitAsTuple("A", 5.0);
    input.submitAsTuple("B", 40.0);
    // B: (10 + 20 + 30) / 3, A: (3 + 4 + 5) / 3, B: (20 + 30 + 40) / 3
    assertEquals(List.of("(B, 20.0, 3)", "(A, 4.0, 3)", "(B, 30.0, 3)"), results.take());
    graph.shutdown().get();
  }

  @Test
  void stateAndWindowsResumeTogetherAfterAResetAndStartAfreshAfterAnInitialReset()
      throws Exception {
    op.setStringParameter("partitionBy", "symbol");
    inPort.sliding().evictCount(3).triggerCount(1).partitioned();
    start();
    HarnessControl control = Harness.control(graph);

    input.submitAsTuple("A", 1.0);
    input.submitAsTuple("B", 10.0);
    input.submitAsTuple("A", 2.0);
    input.submitAsTuple("A", 3.0);
    input.submitAsTuple("B", 20.0);
    input.submitAsTuple("A", 4.0);
    assertEquals(List.of("(A, 2.0, 3)", "(A, 3.0, 3)"), results.take());
    control.drain();
    byte[] saved = control.checkpoint(); // A holds 2, 3, 4 (full); B holds 10, 20

    input.submitAsTuple("A", 11.0);
    input.submitAsTuple("B", 30.0);
    assertEquals(List.of("(A, 6.0, 3)", "(B, 20.0, 3)"), results.take()); // (3 + 4 + 11) / 3

    control.reset(saved);
    assertEquals(List.of(), results.take(), "a reset delivers no events");
    input.submitAsTuple("A", 5.0);
    input.submitAsTuple("B", 60.0);
    // A resumes from 2, 3, 4 with its running sum; B from 10, 20 and fills now.
    assertEquals(List.of("(A, 4.0, 3)", "(B, 30.0, 3)"), results.take());

    control.resetToInitialState();
    input.submitAsTuple("A", 7.0);
    input.submitAsTuple("A", 8.0);
    assertEquals(List.of(), results.take(), "after an initial reset A must fill again");
    input.submitAsTuple("A", 9.0);
    assertEquals(List.of("(A, 8.0, 3)"), results.take());
    graph.shutdown().get();
  }

  @Test
  void aTumblingWindowIsRefusedBySupportsWindow() throws Exception {
    op.setStringParameter("partitionBy", "symbol");
    inPort.tumbling().evictCount(3).partitioned();
    graph = tester.tester(op);
    ExecutionException failure =
        assertThrows(ExecutionException.class, () -> graph.initialize().get());
    assertInstanceOf(IllegalStateException.class, rootCause(failure));
  }

  @Test
  void anUnknownPartitionAttributeIsRefusedAtInitialize() throws Exception {
    op.setStringParameter("partitionBy", "ticker");
    inPort.sliding().evictCount(3).triggerCount(1).partitioned();
    graph = tester.tester(op);
    ExecutionException failure =
        assertThrows(ExecutionException.class, () -> graph.initialize().get());
    assertInstanceOf(IllegalArgumentException.class, rootCause(failure));
  }

  private static Throwable rootCause(Throwable t) {
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }
}
