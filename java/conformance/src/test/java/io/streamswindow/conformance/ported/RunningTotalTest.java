package io.streamswindow.conformance.ported;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.Harness;
import io.streamswindow.harness.HarnessControl;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RunningTotal}: operator state kept by a {@code StateHandler} resumes together with the
 * window contents the runtime restores, through the harness's checkpoint and reset control.
 */
class RunningTotalTest {
  private final JavaOperatorTester tester = new JavaOperatorTester();
  private final OperatorInvocation<RunningTotal> op = tester.singleOp(RunningTotal.class);
  private final InputPortDeclaration inPort = op.addInput("tuple<rstring id, float64 value>");
  private final OutputPortDeclaration outPort =
      op.addOutput("tuple<float64 tumbleSum, float64 total>");
  private final OrderedOutput results = new OrderedOutput();
  private final ManualClock clock = ManualClock.create();
  private JavaTestableGraph graph;
  private StreamingOutput<OutputTuple> input;
  private HarnessControl control;

  private void start() throws Exception {
    graph = Harness.withClock(tester.tester(op), clock);
    graph.registerStreamHandler(outPort, results);
    input = graph.getInputTester(inPort);
    graph.initialize().get().allPortsReady().get();
    control = Harness.control(graph);
  }

  private void submit(double... values) throws Exception {
    for (double v : values) {
      input.submitAsTuple("v" + v, v);
    }
  }

  @Test
  void theTotalResumesFromTheCheckpointWithTheWindowItWasTakenWith() throws Exception {
    inPort.tumbling().evictCount(3);
    start();

    submit(1, 2, 3, 4, 5, 6);
    assertEquals(
        List.of("(6.0, 6.0)", "WINDOW_MARKER", "(15.0, 21.0)", "WINDOW_MARKER"), results.take());
    submit(7);
    control.drain();
    byte[] saved = control.checkpoint(); // total 21, window [7]

    submit(8, 9, 10);
    assertEquals(List.of("(24.0, 45.0)", "WINDOW_MARKER"), results.take()); // window now [10]

    control.reset(saved);
    RunningTotal operator = graph.getOperatorInstance(op);
    assertEquals(21.0, operator.getTotal());
    assertEquals(List.of(), results.take(), "a reset delivers no events");
    submit(8, 9); // 7 is back in the window, 10 is gone
    assertEquals(List.of("(24.0, 45.0)", "WINDOW_MARKER"), results.take());
    submit(10, 11, 12);
    assertEquals(List.of("(33.0, 78.0)", "WINDOW_MARKER"), results.take());

    control.resetToInitialState();
    submit(1, 2);
    assertEquals(List.of(), results.take(), "the window starts empty again");
    submit(3);
    assertEquals(List.of("(6.0, 6.0)", "WINDOW_MARKER"), results.take());
    assertEquals(1, operator.getCheckpointCount());
    assertEquals(2, operator.getResetCount());
    graph.shutdown().get();
  }

  @Test
  void aTumbleThatBecameOverdueWhileDownHappensAsSoonAsProcessingResumes() throws Exception {
    inPort.tumbling().evictTime(30);
    start(); // t = 0: the first tumble is due at t = 30

    clock.advance(5);
    submit(1);
    clock.advance(5);
    submit(2);
    control.drain();
    byte[] saved = control.checkpoint(); // t = 10: window [1, 2], total 0, tumble due at 30

    // What happens between the checkpoint and the failure is lost by the reset.
    submit(4);
    clock.advance(45); // t = 55
    assertEquals(List.of("(7.0, 7.0)", "WINDOW_MARKER"), results.take()); // the tumble at t = 30

    control.reset(saved); // the tumble due at t = 30 is overdue: it happens now, once
    assertEquals(List.of("(3.0, 3.0)", "WINDOW_MARKER"), results.take());
    clock.advance(1);
    assertEquals(List.of(), results.take());
    graph.shutdown().get();
  }
}
