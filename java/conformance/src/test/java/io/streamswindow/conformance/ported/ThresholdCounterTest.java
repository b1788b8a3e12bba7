package io.streamswindow.conformance.ported;

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
import java.util.LinkedList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ThresholdCounter}: every kind of {@code @Parameter} setter, set through the invocation.
 */
class ThresholdCounterTest {
  private final JavaOperatorTester tester = new JavaOperatorTester();
  private final OperatorInvocation<ThresholdCounter> op = tester.singleOp(ThresholdCounter.class);
  private final InputPortDeclaration inPort = op.addInput("tuple<rstring id, float64 temperature>");
  private final OutputPortDeclaration outPort =
      op.addOutput("tuple<rstring label, int64 tumble, int32 count, rstring tags>");
  private final StreamCollector<LinkedList<Tuple>, Tuple> results =
      StreamCollector.newLinkedListCollector();
  private JavaTestableGraph graph;
  private StreamingOutput<OutputTuple> input;

  private void start() throws Exception {
    inPort.tumbling().evictCount(4);
    graph = tester.tester(op);
    graph.registerStreamHandler(outPort, results);
    input = graph.getInputTester(inPort);
    graph.initialize().get().allPortsReady().get();
  }

  private void submit(double... temperatures) throws Exception {
    for (double t : temperatures) {
      input.submitAsTuple("r" + t, t);
    }
  }

  @Test
  void everyParameterKindReachesItsSetter() throws Exception {
    op.setStringParameter("attribute", "temperature")
        .setDoubleParameter("threshold", 20.5)
        .setIntParameter("minimumCount", 2)
        .setBooleanParameter("inclusive", true)
        .setLongParameter("firstTumble", 100L)
        .setStringParameter("label", "hot")
        .setStringParameter("tags", "lab", "north");
    start();

    submit(19, 20.5, 21, 30); // tumble 100: 20.5 (inclusive), 21, 30 match
    submit(10, 25, 11, 12); // tumble 101: only 25 matches, fewer than minimumCount
    submit(20.5, 20.5, 0, 0); // tumble 102: two at the threshold match
    graph.shutdown().get();

    List<Tuple> out = results.getTuples();
    assertEquals(2, out.size());
    assertResult(out.get(0), "hot", 100L, 3, "lab|north");
    assertResult(out.get(1), "hot", 102L, 2, "lab|north");
    assertEquals(List.of("20.5"), graph.getOperatorInstance(op).getThresholdAsSeenByContext());
  }

  @Test
  void optionalParametersKeepTheirDefaults() throws Exception {
    op.setStringParameter("attribute", "temperature").setDoubleParameter("threshold", 20.5);
    start();

    submit(19, 20.5, 21, 30); // exclusive: 21 and 30; minimumCount 1
    submit(1, 2, 3, 4); // nothing matches
    submit(99, 0, 0, 0);
    graph.shutdown().get();

    List<Tuple> out = results.getTuples();
    assertEquals(2, out.size());
    assertResult(out.get(0), "above", 0L, 2, "");
    assertResult(out.get(1), "above", 2L, 1, "");
  }

  private static void assertResult(Tuple t, String label, long tumble, int count, String tags) {
    assertEquals(label, t.getString("label"));
    assertEquals(tumble, t.getLong("tumble"));
    assertEquals(count, t.getInt("count"));
    assertEquals(tags, t.getString("tags"));
  }
}
