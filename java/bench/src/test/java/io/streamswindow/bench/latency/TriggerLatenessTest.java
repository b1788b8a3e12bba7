package io.streamswindow.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.Harness;
import java.util.LinkedList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link TriggerLateness} in IBM's harness on a manual clock, which the operator reads instead of
 * the wall clock: a trigger that fires at its deadline is 0 ms late, one that fires when the clock
 * passes several deadlines in one step is as late as the step's end is after each deadline.
 */
class TriggerLatenessTest {
  /** The clock of the test running now (JUnit makes one instance per test). */
  private static volatile ManualClock clock;

  /** The operator reading the test's manual clock where it would read the wall clock. */
  public static class OnTheManualClock extends TriggerLateness {
    @Override
    protected long now() {
      return clock.nanos() / 1_000_000;
    }
  }

  private final ManualClock testClock = ManualClock.create();

  {
    clock = testClock;
  }

  private final JavaOperatorTester tester = new JavaOperatorTester();
  private final OperatorInvocation<OnTheManualClock> op =
      tester
          .singleOp(OnTheManualClock.class)
          .setDoubleParameter("period", 1.0)
          .setStringParameter("partitionBy", "key");
  private final InputPortDeclaration inPort = op.addInput("tuple<rstring key, float64 cost>");
  private final OutputPortDeclaration outPort =
      op.addOutput(
          "tuple<rstring key, int64 trigger, int64 due_ms, int64 fired_ms, int64 lateness_ms>");
  private final StreamCollector<LinkedList<Tuple>, Tuple> results =
      StreamCollector.newLinkedListCollector();
  private JavaTestableGraph graph;
  private StreamingOutput<OutputTuple> input;
  private long start;

  private void start() throws Exception {
    inPort.sliding().evictTime(30).triggerTime(1).partitioned();
    graph = Harness.withClock(tester.tester(op), testClock);
    graph.registerStreamHandler(outPort, results);
    input = graph.getInputTester(inPort);
    graph.initialize().get().allPortsReady().get();
    start = testClock.nanos() / 1_000_000;
  }

  @AfterEach
  void shutdown() throws Exception {
    graph.shutdown().get();
  }

  /** "key#k due +ms fired +ms late ms", times from the test's start. */
  private List<String> take() {
    List<String> out =
        results.getTuples().stream()
            .map(
                t ->
                    t.getString("key")
                        + "#"
                        + t.getLong("trigger")
                        + " due +"
                        + (t.getLong("due_ms") - start)
                        + " fired +"
                        + (t.getLong("fired_ms") - start)
                        + " late "
                        + t.getLong("lateness_ms"))
            .toList();
    results.getTuples().clear();
    return out;
  }

  @Test
  void triggersFiredAtTheirDeadlinesAreNeverLate() throws Exception {
    start();
    input.submitAsTuple("a", 1.0); // a's grid: +1000, +2000, ...
    testClock.advance(0.4);
    input.submitAsTuple("b", 2.0); // b's grid: +1400, +2400, ...
    input.submitAsTuple("a", 3.0); // not a new partition: a's grid stays
    for (int step = 0; step < 26; step++) {
      testClock.advance(0.1); // to +3000
    }
    assertEquals(
        List.of(
            "a#1 due +1000 fired +1000 late 0",
            "b#1 due +1400 fired +1400 late 0",
            "a#2 due +2000 fired +2000 late 0",
            "b#2 due +2400 fired +2400 late 0",
            "a#3 due +3000 fired +3000 late 0"),
        take());
  }

  @Test
  void triggersPassedInOneStepAreAsLateAsTheStepEndsAfterEachDeadline() throws Exception {
    start();
    input.submitAsTuple("a", 1.0);
    testClock.advance(3.5); // as a key Spark calls only at a batch's end
    assertEquals(
        List.of(
            "a#1 due +1000 fired +3500 late 2500",
            "a#2 due +2000 fired +3500 late 1500",
            "a#3 due +3000 fired +3500 late 500"),
        take());
    testClock.advance(0.5); // back on time: the grid did not move
    assertEquals(List.of("a#4 due +4000 fired +4000 late 0"), take());
  }
}
