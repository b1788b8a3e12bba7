package io.streamswindow.conformance.ported;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import io.streamswindow.examples.TumblingSort;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example {@link TumblingSort} (IBM's {@code TumblingWindowSort} behind an operator, as IBM's
 * sample {@code TumblingSort} has it) through IBM's harness, on the schema of a DataFrame with a
 * string column: with its default parameters it sorts by the comparable attributes and skips the
 * {@code rstring}; equal tuples come out where IBM's binary search puts them.
 */
class TumblingSortTest {
  private static final String SCHEMA = "tuple<int32 k, int64 seq, rstring id>";

  /** A started graph around one TumblingSort and what its output port delivered. */
  private record Run(
      StreamingOutput<OutputTuple> input, OrderedOutput output, JavaTestableGraph graph) {}

  private static Run start(String... sortAttributes) throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<TumblingSort> op = tester.singleOp(TumblingSort.class);
    if (sortAttributes.length > 0) {
      op.setStringParameter("sortAttributes", sortAttributes);
    }
    op.setBooleanParameter("flushOnFinal", true);
    InputPortDeclaration in = op.addInput(SCHEMA);
    in.tumbling().evictCount(4);
    OutputPortDeclaration out = op.addOutput(SCHEMA);
    JavaTestableGraph graph = tester.tester(op);
    OrderedOutput output = new OrderedOutput();
    graph.registerStreamHandler(out, output);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    return new Run(input, output, graph);
  }

  @Test
  void defaultParametersSortByTheComparableAttributesAndSkipTheString() throws Exception {
    Run run = start();
    run.input().submitAsTuple(2, 1L, "a");
    run.input().submitAsTuple(1, 2L, "b");
    run.input().submitAsTuple(2, 0L, "c");
    run.input().submitAsTuple(1, 3L, "d");
    assertEquals(
        List.of("(1, 2, b)", "(1, 3, d)", "(2, 0, c)", "(2, 1, a)", "WINDOW_MARKER"),
        run.output().take());
    run.input().submitAsTuple(0, 4L, "e");
    run.input().punctuate(Punctuation.FINAL_MARKER);
    // flushOnFinal: the rest of the window, sorted, before the final marker the runtime forwards.
    assertEquals(List.of("(0, 4, e)", "WINDOW_MARKER", "FINAL_MARKER"), run.output().take());
    run.graph().shutdown().get();
  }

  @Test
  void tiesComeOutWhereTheBinarySearchPutsThem() throws Exception {
    Run run = start("k");
    run.input().submitAsTuple(3, 1L, "t1");
    run.input().submitAsTuple(1, 2L, "t2");
    run.input().submitAsTuple(3, 3L, "t3");
    run.input().submitAsTuple(3, 4L, "t4");
    assertEquals(
        List.of("(1, 2, t2)", "(3, 4, t4)", "(3, 3, t3)", "(3, 1, t1)", "WINDOW_MARKER"),
        run.output().take());
    run.graph().shutdown().get();
  }
}
