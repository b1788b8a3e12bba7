package io.streamswindow.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorGraph;
import com.ibm.streams.flow.declare.OperatorGraphFactory;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import io.streamswindow.engine.ManualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

class HarnessTest {
  private static final String SCHEMA = "tuple<rstring id, int32 n>";

  /** Counts processed tuples and keeps the count through checkpoints. */
  public static class CountingOperator extends EventLogOperator implements StateHandler {
    int processed;

    @Override
    public void process(
        com.ibm.streams.operator.StreamingInput<com.ibm.streams.operator.Tuple> port,
        com.ibm.streams.operator.Tuple tuple)
        throws Exception {
      super.process(port, tuple);
      processed++;
    }

    @Override
    public void drain() {
      log.add("drain");
    }

    @Override
    public void checkpoint(Checkpoint checkpoint) throws Exception {
      log.add("checkpoint(" + checkpoint.getSequenceId() + ")");
      checkpoint.getOutputStream().writeInt(processed);
    }

    @Override
    public void reset(Checkpoint checkpoint) throws Exception {
      log.add("reset(" + checkpoint.getSequenceId() + ")");
      processed = checkpoint.getInputStream().readInt();
    }

    @Override
    public void resetToInitialState() {
      log.add("resetToInitialState");
      processed = 0;
    }

    @Override
    public void retireCheckpoint(long id) {}

    @Override
    public void close() {}
  }

  private final JavaOperatorTester tester = new JavaOperatorTester();

  @Test
  void aManualClockDrivesTimePolicies() throws Exception {
    OperatorInvocation<EventLogOperator> op = tester.singleOp(EventLogOperator.class);
    InputPortDeclaration in = op.addInput("in", SCHEMA);
    in.tumbling().evictTime(5);
    ManualClock clock = ManualClock.create();
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), clock);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    input.submitAsTuple("a", 1);
    clock.advance(4.9);
    assertEquals(List.of("INSERTION[a]", "process(a)"), graph.getOperatorInstance(op).log);
    clock.advance(0.1);
    assertEquals(
        List.of("INSERTION[a]", "process(a)", "EVICTION[a]"), graph.getOperatorInstance(op).log);
    assertSame(clock, Harness.host(graph, op).clock());
    graph.shutdown().get();
  }

  @Test
  void controlCheckpointsAndResetsWindowsAndHandlers() throws Exception {
    OperatorInvocation<CountingOperator> op = tester.singleOp("counter", CountingOperator.class);
    InputPortDeclaration in = op.addInput("in", SCHEMA);
    in.tumbling().evictCount(3);
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), ManualClock.create());
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    HarnessControl control = Harness.control(graph);
    assertThrows(IllegalStateException.class, control::checkpoint, "needs a running graph");
    graph.initialize().get().allPortsReady().get();
    CountingOperator operator = graph.getOperatorInstance(op);

    input.submitAsTuple("a", 1);
    input.submitAsTuple("b", 2);
    control.drain();
    byte[] saved = control.checkpoint();
    input.submitAsTuple("c", 3);
    assertEquals(3, operator.processed);
    operator.log.clear();

    control.reset(saved);
    assertEquals(List.of("reset(1)"), operator.log, "no window events on reset");
    assertEquals(2, operator.processed);
    input.submitAsTuple("d", 4);
    assertEquals(
        List.of("reset(1)", "INSERTION[d]", "EVICTION[a, b, d]", "process(d)"), operator.log);

    operator.log.clear();
    Harness.control(graph, op).resetToInitialState();
    assertEquals(List.of("resetToInitialState"), operator.log);
    assertEquals(0, operator.processed);
    graph.shutdown().get();
  }

  @Test
  void aGraphCheckpointCoversEveryOperatorByName() throws Exception {
    OperatorGraph declared = OperatorGraphFactory.newGraph();
    OperatorInvocation<CountingOperator> first =
        declared.addOperator("first", CountingOperator.class);
    OperatorInvocation<CountingOperator> second =
        declared.addOperator("second", CountingOperator.class);
    InputPortDeclaration in = first.addInput("in", SCHEMA);
    second.addInput(first.addOutput("mid", SCHEMA)).tumbling().evictCount(2);
    JavaTestableGraph graph = Harness.withClock(tester.executable(declared), ManualClock.create());
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    HarnessControl control = Harness.control(graph);

    input.submitAsTuple("a", 1);
    byte[] saved = control.checkpoint(7);
    input.submitAsTuple("b", 2);
    control.reset(saved);
    assertEquals(1, graph.getOperatorInstance(first).processed);
    assertEquals(1, graph.getOperatorInstance(second).processed);
    assertTrue(graph.getOperatorInstance(second).log.contains("reset(7)"));

    IllegalArgumentException foreign =
        assertThrows(
            IllegalArgumentException.class, () -> Harness.control(graph, first).reset(saved));
    assertTrue(foreign.getMessage().contains("second"), foreign.getMessage());
    graph.shutdown().get();
  }
}
