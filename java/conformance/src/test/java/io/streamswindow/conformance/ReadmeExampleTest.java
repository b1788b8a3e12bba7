package io.streamswindow.conformance;

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
import io.streamswindow.examples.WindowSum;
import io.streamswindow.harness.Harness;
import java.util.LinkedList;
import org.junit.jupiter.api.Test;

/** The Java example of README.md, kept compiling and true. */
class ReadmeExampleTest {

  @Test
  void readmeHarnessExample() throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<WindowSum> op =
        tester.singleOp(WindowSum.class).setStringParameter("attr", "cost");
    InputPortDeclaration in = op.addInput("tuple<rstring id, float64 cost>");
    in.tumbling().evictCount(4);
    OutputPortDeclaration out = op.addOutput("tuple<float64 total>");

    ManualClock clock = ManualClock.create();
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), clock);
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    for (double cost : new double[] {1, 2, 3, 4}) {
      input.submitAsTuple("t", cost);
    }
    assertEquals(1, results.getTuples().size());
    assertEquals(10.0, results.getTuples().getFirst().getDouble("total"));
    byte[] saved = Harness.control(graph).checkpoint();
    clock.advance(45);
    assertEquals(1, results.getTuples().size());
    Harness.control(graph).reset(saved);
    graph.shutdown().get();
  }
}
