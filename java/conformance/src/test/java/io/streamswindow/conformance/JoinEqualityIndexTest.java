package io.streamswindow.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import io.streamswindow.join.Join;
import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SPL's {@link Join} looks up an arrival's equality key in the other port's window when that window
 * is not partitioned (an index kept by the window's events), where a {@code match} condition goes
 * over the whole window: the two must deliver the same tuples in the same order, marks and
 * unmatched tuples included. Random streams on both ports, over count, time and delta windows,
 * inner and outer joins; midway each run takes a checkpoint and is reset to it, which puts the
 * windows back without events, so the index is built again from them.
 */
class JoinEqualityIndexTest {
  private static final String SCHEMA = "tuple<rstring id, rstring k, int32 seq>";

  static Stream<Arguments> joins() {
    List<Arguments> joins = new ArrayList<>();
    for (String window :
        List.of(
            "sliding, count(7), count(1)",
            "sliding, time(3.0), count(1)",
            "sliding, delta(seq, 9), count(1)")) {
      for (String algorithm : List.of("inner", "leftOuter", "outer")) {
        joins.add(Arguments.of(window, algorithm));
      }
    }
    return joins.stream();
  }

  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("joins")
  void anEqualityKeyLookedUpGivesWhatTheMatchConditionGives(String window, String algorithm)
      throws Exception {
    long seed = window.hashCode() * 31L + algorithm.hashCode();
    List<String> indexed = run(window, algorithm, true, seed);
    List<String> scanned = run(window, algorithm, false, seed);
    assertTrue(indexed.size() > 100, "the streams join: " + indexed.size());
    assertEquals(scanned, indexed);
  }

  private static List<String> run(String window, String algorithm, boolean equality, long seed)
      throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<Join> op = tester.singleOp(Join.class);
    List<InputPortDeclaration> inputs = new ArrayList<>();
    for (String name : List.of("L", "R")) {
      InputPortDeclaration in = op.addInput(name, SCHEMA);
      for (DeclarationCall call : ClauseDeclaration.calls(window, SplSchema.parse(SCHEMA))) {
        call.applyTo(in);
      }
      inputs.add(in);
    }
    OutputPortDeclaration out = op.addOutput("tuple<rstring id>");
    op.setStringParameter("algorithm", algorithm);
    op.setStringParameter("output", "id = L.id + \"+\" + R.id");
    if (equality) {
      op.setStringParameter("equalityLHS", "L.k");
      op.setStringParameter("equalityRHS", "R.k");
    } else {
      op.setStringParameter("match", "L.k == R.k");
    }
    ManualClock clock = ManualClock.startingAt(1_000.0);
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), clock);
    DeliveredIds delivered = new DeliveredIds();
    graph.registerStreamHandler(out, delivered);
    List<StreamingOutput<OutputTuple>> ports = new ArrayList<>();
    for (InputPortDeclaration in : inputs) {
      ports.add(graph.getInputTester(in));
    }
    graph.initialize().get().allPortsReady().get();
    HarnessControl control = Harness.control(graph);
    Random random = new Random(seed);
    for (int step = 0; step < 400; step++) {
      if (step == 200) {
        control.reset(control.checkpoint()); // in both runs, so that only the index differs
      }
      if (random.nextInt(8) == 0) {
        clock.advance(random.nextInt(3) * 0.5);
      }
      StreamingOutput<OutputTuple> port = ports.get(random.nextInt(2));
      OutputTuple tuple = port.newTuple();
      tuple.setString("id", (port == ports.get(0) ? "l" : "r") + step);
      tuple.setString("k", String.valueOf((char) ('a' + random.nextInt(5))));
      tuple.setInt("seq", step);
      port.submit(tuple);
    }
    graph.shutdown().get();
    return delivered.items();
  }
}
