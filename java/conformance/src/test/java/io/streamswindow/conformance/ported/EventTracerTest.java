package io.streamswindow.conformance.ported;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.Harness;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link EventTracer}: the exact window events, and their order relative to {@code process} and
 * {@code processPunctuation}, for count, partitioned and time windows (time on a manual clock).
 */
class EventTracerTest {
  private static final String SCHEMA = "tuple<rstring id, rstring key>";

  private final JavaOperatorTester tester = new JavaOperatorTester();
  private final OperatorInvocation<EventTracer> op = tester.singleOp(EventTracer.class);
  private final InputPortDeclaration inPort = op.addInput(SCHEMA);
  private final ManualClock clock = ManualClock.create();
  private JavaTestableGraph graph;
  private StreamingOutput<OutputTuple> input;
  private EventTracer tracer;

  private void start() throws Exception {
    graph = Harness.withClock(tester.tester(op), clock);
    input = graph.getInputTester(inPort);
    graph.initialize().get().allPortsReady().get();
    tracer = graph.getOperatorInstance(op);
  }

  @Test
  void tumblingCountEventsComeBeforeProcessAndFinalComesBeforeProcessPunctuation()
      throws Exception {
    inPort.tumbling().evictCount(2);
    start();

    input.submitAsTuple("a", "k");
    input.submitAsTuple("b", "k");
    input.submitAsTuple("c", "k");
    assertEquals(
        List.of(
            "INSERTION 0 [a]",
            "process a",
            "INSERTION 0 [b]",
            "EVICTION 0 [a,b]",
            "process b",
            "INSERTION 0 [c]",
            "process c"),
        tracer.takeTrace());

    input.punctuate(Punctuation.WINDOW_MARKER); // no event: the window is not punct()
    assertEquals(List.of("punctuation WINDOW_MARKER"), tracer.takeTrace());

    input.punctuate(Punctuation.FINAL_MARKER); // FINAL shows what is left, nothing is evicted
    assertEquals(List.of("FINAL 0 [c]", "punctuation FINAL_MARKER"), tracer.takeTrace());
    graph.shutdown().get();
  }

  @Test
  void eachPartitionTumblesOnItsOwn() throws Exception {
    op.setStringParameter("partitionBy", "key");
    inPort.tumbling().evictCount(2).partitioned();
    start();

    input.submitAsTuple("a", "k1");
    input.submitAsTuple("b", "k2");
    input.submitAsTuple("c", "k1");
    input.submitAsTuple("d", "k2");
    input.submitAsTuple("e", "k2");
    assertEquals(
        List.of(
            "INSERTION k1 [a]",
            "process a",
            "INSERTION k2 [b]",
            "process b",
            "INSERTION k1 [c]",
            "EVICTION k1 [a,c]",
            "process c",
            "INSERTION k2 [d]",
            "EVICTION k2 [b,d]",
            "process d",
            "INSERTION k2 [e]",
            "process e"),
        tracer.takeTrace());

    input.punctuate(Punctuation.FINAL_MARKER);
    List<String> atFinal = tracer.takeTrace();
    assertEquals(3, atFinal.size(), atFinal.toString());
    // One FINAL per partition (the order of partitions is not specified), then the operator.
    assertEquals(Set.of("FINAL k1 []", "FINAL k2 [e]"), new HashSet<>(atFinal.subList(0, 2)));
    assertEquals("punctuation FINAL_MARKER", atFinal.get(2));
    graph.shutdown().get();
  }

  @Test
  void slidingTimeEvictionOnTheManualClock() throws Exception {
    inPort.sliding().evictTime(5).triggerCount(2);
    start();
    // A time-evicting window starts full.
    assertEquals(List.of("INITIAL_FULL 0 []"), tracer.takeTrace());

    input.submitAsTuple("a", "k"); // t = 0
    clock.advance(1);
    input.submitAsTuple("b", "k"); // t = 1: second insertion, count(2) triggers
    assertEquals(
        List.of("INSERTION 0 [a]", "process a", "INSERTION 0 [b]", "TRIGGER 0 [a,b]", "process b"),
        tracer.takeTrace());

    clock.advance(4); // t = 5: a has been in exactly 5 s, which is not more than 5
    assertEquals(List.of(), tracer.takeTrace());
    clock.advance(0.5); // t = 5.5
    assertEquals(List.of("EVICTION 0 [a]"), tracer.takeTrace());
    clock.advance(1); // t = 6.5
    assertEquals(List.of("EVICTION 0 [b]"), tracer.takeTrace());

    input.submitAsTuple("c", "k"); // first insertion since the trigger: no trigger
    input.punctuate(Punctuation.FINAL_MARKER);
    assertEquals(
        List.of("INSERTION 0 [c]", "process c", "FINAL 0 [c]", "punctuation FINAL_MARKER"),
        tracer.takeTrace());
    graph.shutdown().get();
  }

  @Test
  void tumblingTimeTumblesEveryPeriodAlsoWhenEmpty() throws Exception {
    inPort.tumbling().evictTime(3);
    start();

    clock.advance(1);
    input.submitAsTuple("a", "k"); // t = 1
    clock.advance(1.5);
    input.submitAsTuple("b", "k"); // t = 2.5
    assertEquals(
        List.of("INSERTION 0 [a]", "process a", "INSERTION 0 [b]", "process b"),
        tracer.takeTrace());
    clock.advance(0.5); // t = 3: the first tumble, one period after the ports became ready
    assertEquals(List.of("EVICTION 0 [a,b]"), tracer.takeTrace());
    clock.advance(3); // t = 6: nothing arrived, the window tumbles empty
    assertEquals(List.of("EVICTION 0 []"), tracer.takeTrace());
    clock.advance(5.9); // t = 11.9: one more tumble, at t = 9
    assertEquals(List.of("EVICTION 0 []"), tracer.takeTrace());
    graph.shutdown().get();
  }
}
