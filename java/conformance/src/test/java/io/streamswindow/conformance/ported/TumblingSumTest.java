package io.streamswindow.conformance.ported;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.handlers.StreamCounter;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import java.util.LinkedList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TumblingSum} through IBM's harness, on a {@code count(4)} and a {@code punct()} window.
 */
class TumblingSumTest {
  private static final String IN_SCHEMA = "tuple<rstring id, float64 value>";
  private static final String OUT_SCHEMA = "tuple<float64 sum, int32 count>";

  @Test
  void countFourSubmitsOneSumPerTumbleThenAWindowMarker() throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<TumblingSum> op = tester.singleOp(TumblingSum.class);
    InputPortDeclaration inPort = op.addInput(IN_SCHEMA);
    inPort.tumbling().evictCount(4);
    OutputPortDeclaration outPort = op.addOutput(OUT_SCHEMA);

    JavaTestableGraph graph = tester.tester(op);
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    StreamCounter<Tuple> counter = new StreamCounter<>();
    OrderedOutput ordered = new OrderedOutput();
    graph.registerStreamHandler(outPort, results);
    graph.registerStreamHandler(outPort, counter);
    graph.registerStreamHandler(outPort, ordered);
    StreamingOutput<OutputTuple> input = graph.getInputTester(inPort);
    graph.initialize().get().allPortsReady().get();

    for (int i = 1; i <= 10; i++) {
      input.submitAsTuple("t" + i, (double) i);
    }
    // The marker from the input is not forwarded by AbstractWindowOperator, and a count window
    // does not tumble on it: nothing is added to the output.
    input.punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(
        List.of("(10.0, 4)", "WINDOW_MARKER", "(26.0, 4)", "WINDOW_MARKER"), ordered.take());
    // Final punctuation does not tumble: t9 and t10 are never summed.
    input.punctuate(Punctuation.FINAL_MARKER);
    graph.shutdown().get();

    assertEquals(2, results.getTupleCount());
    Tuple first = results.getTuples().get(0);
    assertEquals(1 + 2 + 3 + 4, first.getDouble("sum"));
    assertEquals(4, first.getInt("count"));
    Tuple second = results.getTuples().get(1);
    assertEquals(5 + 6 + 7 + 8, second.getDouble("sum"));
    assertEquals(4, second.getInt("count"));

    assertEquals(2, counter.getTupleCount());
    assertEquals(2, counter.getMarkCount(Punctuation.WINDOW_MARKER));
  }

  @Test
  void punctWindowTumblesOnEveryMarkerAndAnEmptyTumbleSubmitsOnlyTheMarker() throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<TumblingSum> op = tester.singleOp(TumblingSum.class);
    op.setStringParameter("attribute", "reading");
    InputPortDeclaration inPort = op.addInput("tuple<rstring id, float64 reading>");
    inPort.tumbling().evictPunctuation();
    OutputPortDeclaration outPort = op.addOutput(OUT_SCHEMA);

    JavaTestableGraph graph = tester.tester(op);
    OrderedOutput ordered = new OrderedOutput();
    graph.registerStreamHandler(outPort, ordered);
    StreamingOutput<OutputTuple> input = graph.getInputTester(inPort);
    graph.initialize().get().allPortsReady().get();

    input.submitAsTuple("a", 1.5);
    input.submitAsTuple("b", 2.5);
    input.submitAsTuple("c", 3.0);
    assertEquals(List.of(), ordered.take());
    input.punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(List.of("(7.0, 3)", "WINDOW_MARKER"), ordered.take());

    input.punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(List.of("WINDOW_MARKER"), ordered.take());

    input.submitAsTuple("d", -4.0);
    input.submitAsTuple("e", 10.25);
    input.punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(List.of("(6.25, 2)", "WINDOW_MARKER"), ordered.take());
    graph.shutdown().get();
  }
}
