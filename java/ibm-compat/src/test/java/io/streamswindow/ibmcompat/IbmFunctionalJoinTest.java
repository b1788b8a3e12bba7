package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streamsx.topology.function.BiFunction;
import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionJoin;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * IBM's compiled {@code FunctionJoin} (streamsx 2.1.0) on its two ports through IBM's harness API:
 * port 0 feeds a sliding window, each tuple of port 1 (not windowed) is joined with the window
 * partition its {@code joinKeyGetter} names, or with the one window when port 0 is not partitioned
 * (IBM's join then looks up partition {@code Integer 0}, the partition docs/semantics.md gives a
 * window that is not partitioned). docs/porting.md, "IBM's functional operators". Expected results
 * are worked out in the test from the interleaved arrivals.
 */
class IbmFunctionalJoinTest {
  private static final String STRINGS = "tuple<rstring string>";

  private static final BiFunction<String, List<String>, String> JOIN =
      (event, window) -> event + ":" + String.join(",", window);

  /** A tuple on port 0 (the window) or port 1 (the lookups). */
  private record Arrival(int port, String value) {}

  private static final List<Arrival> ARRIVALS =
      List.of(
          new Arrival(1, "a?0"),
          new Arrival(0, "a1"),
          new Arrival(0, "b1"),
          new Arrival(1, "a?1"),
          new Arrival(0, "a2"),
          new Arrival(0, "a3"),
          new Arrival(1, "a?2"),
          new Arrival(1, "b?1"),
          new Arrival(1, "c?1"),
          new Arrival(0, "b2"),
          new Arrival(0, "b3"),
          new Arrival(0, "b4"),
          new Arrival(1, "b?2"),
          new Arrival(1, "a?3"));

  private static String firstLetter(String s) {
    return s.substring(0, 1);
  }

  @Test
  void joinLooksUpThePartitionItsJoinKeyGetterNames() throws Exception {
    Function<String, String> key = IbmFunctionalJoinTest::firstLetter;

    List<String> out =
        join(
            true,
            op ->
                op.setStringParameter("keyGetter", ObjectUtils.serializeLogic(key))
                    .setStringParameter("joinKeyGetter", ObjectUtils.serializeLogic(key)));

    List<String> expected = new ArrayList<>();
    Map<String, Deque<String>> windows = new HashMap<>();
    for (Arrival a : ARRIVALS) {
      Deque<String> window =
          windows.computeIfAbsent(firstLetter(a.value()), k -> new ArrayDeque<>());
      if (a.port() == 0) {
        slide(window, a.value());
      } else {
        expected.add(JOIN.apply(a.value(), List.copyOf(window)));
      }
    }
    assertEquals(expected, out);
  }

  @Test
  void joinWithAWindowThatIsNotPartitionedLooksUpTheWholeWindow() throws Exception {
    List<String> out = join(false, op -> {});

    List<String> expected = new ArrayList<>();
    Deque<String> window = new ArrayDeque<>();
    for (Arrival a : ARRIVALS) {
      if (a.port() == 0) {
        slide(window, a.value());
      } else {
        expected.add(JOIN.apply(a.value(), List.copyOf(window)));
      }
    }
    assertEquals(expected, out);
  }

  /** Port 0's window: sliding, count(2) eviction. */
  private static void slide(Deque<String> window, String value) {
    if (window.size() == 2) {
      window.removeFirst();
    }
    window.addLast(value);
  }

  @SuppressWarnings("rawtypes")
  private static List<String> join(
      boolean partitioned, java.util.function.Consumer<OperatorInvocation<FunctionJoin>> keys)
      throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<FunctionJoin> op = tester.singleOp(FunctionJoin.class);
    op.setStringParameter("functionalLogic", ObjectUtils.serializeLogic(JOIN));
    keys.accept(op);
    InputPortDeclaration windowed = op.addInput(STRINGS);
    windowed.sliding().evictCount(2).triggerCount(1);
    if (partitioned) {
      windowed.partitioned();
    }
    InputPortDeclaration lookups = op.addInput(STRINGS);
    OutputPortDeclaration out = op.addOutput(STRINGS);
    JavaTestableGraph graph = tester.tester(op);
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    graph.initialize().get().allPortsReady().get();

    List<StreamingOutput<OutputTuple>> ports =
        List.of(graph.getInputTester(windowed), graph.getInputTester(lookups));
    for (Arrival a : ARRIVALS) {
      ports.get(a.port()).submitAsTuple(a.value());
    }
    for (StreamingOutput<OutputTuple> port : ports) {
      port.punctuate(Punctuation.FINAL_MARKER);
    }
    graph.completion().get(10, TimeUnit.SECONDS);
    List<String> joined =
        results.getTuples().stream().map(t -> t.getString(0)).collect(Collectors.toList());
    graph.shutdown().get();
    return joined;
  }
}
