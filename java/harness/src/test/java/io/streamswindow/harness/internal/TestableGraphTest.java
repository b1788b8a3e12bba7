package io.streamswindow.harness.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorGraph;
import com.ibm.streams.flow.declare.OperatorGraphFactory;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.handlers.StreamCounter;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OperatorContext.ContextCheck;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.compile.OperatorContextChecker;
import com.ibm.streams.operator.model.Parameter;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.EventLogOperator;
import io.streamswindow.harness.Harness;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TestableGraphTest {
  private static final String SCHEMA = "tuple<rstring id, int32 n>";

  private final JavaOperatorTester tester = new JavaOperatorTester();

  private static List<String> ids(StreamCollector<LinkedList<Tuple>, Tuple> collector) {
    return collector.getTuples().stream().map(t -> t.getString("id")).toList();
  }

  @Test
  void aSingleOperatorRunsSynchronouslyThroughItsTesters() throws Exception {
    OperatorInvocation<EventLogOperator> op = tester.singleOp("log", EventLogOperator.class);
    InputPortDeclaration in = op.addInput("in", SCHEMA);
    in.tumbling().evictCount(2);
    OutputPortDeclaration out = op.addOutput("out", SCHEMA);
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), ManualClock.create());
    StreamCollector<LinkedList<Tuple>, Tuple> collected = StreamCollector.newLinkedListCollector();
    StreamCounter<Tuple> counter = new StreamCounter<>();
    graph.registerStreamHandler(out, collected);
    graph.registerStreamHandler(out, counter);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    assertSame(input, graph.getInputTester(in));

    assertSame(graph, graph.initialize().get());
    assertSame(graph, graph.allPortsReady().get());
    EventLogOperator instance = graph.getOperatorInstance(op);
    input.submitAsTuple("a", 1);
    OutputTuple b = input.newTuple();
    b.setString("id", "b");
    input.submit(b);
    assertEquals(
        List.of("INSERTION[a]", "process(a)", "INSERTION[b]", "EVICTION[a, b]", "process(b)"),
        instance.log);
    assertEquals(List.of("a", "b"), ids(collected));

    input.punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(
        1, counter.getMarkCount(Punctuation.WINDOW_MARKER), "AbstractOperator forwards it");
    assertFalse(graph.completion().isDone());
    input.punctuate(Punctuation.FINAL_MARKER);
    assertTrue(graph.completion().isDone());
    assertSame(graph, graph.waitForCompletion());
    assertEquals(1, counter.getMarkCount(Punctuation.FINAL_MARKER));
    assertFalse(input.submitAsTuple("late", 3), "nothing after the final mark");
    assertEquals(2, counter.getTupleCount());
    graph.shutdown().get();
  }

  @Test
  void submittingBeforeTheGraphRunsSaysWhatToDo() throws Exception {
    OperatorInvocation<EventLogOperator> op = tester.singleOp(EventLogOperator.class);
    InputPortDeclaration in = op.addInput(SCHEMA);
    JavaTestableGraph graph = tester.tester(op);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    IllegalStateException early =
        assertThrows(IllegalStateException.class, () -> input.submitAsTuple("a", 1));
    assertTrue(early.getMessage().contains("initialize()"), early.getMessage());
  }

  @Test
  void operatorsConnectedPortToPortDeliverSynchronously() throws Exception {
    OperatorGraph declared = OperatorGraphFactory.newGraph();
    OperatorInvocation<EventLogOperator> first =
        declared.addOperator("first", EventLogOperator.class);
    OperatorInvocation<EventLogOperator> second =
        declared.addOperator("second", EventLogOperator.class);
    InputPortDeclaration in = first.addInput("in", SCHEMA);
    OutputPortDeclaration middle = first.addOutput("middle", SCHEMA);
    InputPortDeclaration secondIn = second.addInput(middle);
    secondIn.tumbling().evictCount(2);
    OutputPortDeclaration out = second.addOutput("out", SCHEMA);
    assertEquals("middle", secondIn.getName());
    assertTrue(middle.isConnected() && secondIn.isConnected());
    assertEquals(1, middle.getConnections().size());

    JavaTestableGraph graph = Harness.withClock(tester.executable(declared), ManualClock.create());
    StreamCollector<LinkedList<Tuple>, Tuple> collected = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, collected);
    assertThrows(IllegalStateException.class, () -> graph.registerStreamHandler(middle, collected));
    assertThrows(IllegalStateException.class, () -> graph.getInputTester(secondIn));
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();

    input.submitAsTuple("a", 1);
    input.submitAsTuple("b", 2);
    assertEquals(
        List.of("INSERTION[a]", "process(a)", "INSERTION[b]", "EVICTION[a, b]", "process(b)"),
        graph.getOperatorInstance(second).log);
    assertEquals(List.of("a", "b"), ids(collected));
    input.punctuate(Punctuation.FINAL_MARKER);
    assertEquals("punct(FINAL_MARKER)", last(graph.getOperatorInstance(second).log));
    assertTrue(graph.completion().isDone());
    graph.shutdown().get();
  }

  private static String last(List<String> log) {
    return log.get(log.size() - 1);
  }

  /** Submits three tuples when its ports are ready, then has nothing more to do. */
  public static class Source extends AbstractOperator {
    @Override
    public void allPortsReady() throws Exception {
      for (int i = 0; i < 3; i++) {
        getOutput(0).submitAsTuple("s" + i, i);
      }
    }
  }

  @Test
  void aSourceCompletesAndEndsItsStreamsSoTheGraphCompletes() throws Exception {
    OperatorGraph declared = OperatorGraphFactory.newGraph();
    OperatorInvocation<Source> source = declared.addOperator(Source.class);
    OperatorInvocation<EventLogOperator> sink = declared.addOperator(EventLogOperator.class);
    sink.addInput(source.addOutput(SCHEMA)).tumbling().evictCount(10);
    JavaTestableGraph graph = Harness.withClock(tester.executable(declared), ManualClock.create());
    Future<JavaTestableGraph> done = graph.execute();
    assertSame(graph, done.get(10, TimeUnit.SECONDS));
    assertEquals(
        List.of(
            "INSERTION[s0]",
            "process(s0)",
            "INSERTION[s1]",
            "process(s1)",
            "INSERTION[s2]",
            "process(s2)",
            "FINAL[s0, s1, s2]",
            "punct(FINAL_MARKER)"),
        graph.getOperatorInstance(sink).log);
  }

  @Test
  void executeToCompletionWaitsForTheSource() throws Exception {
    OperatorInvocation<Source> source = tester.singleOp(Source.class);
    OutputPortDeclaration out = source.addOutput(SCHEMA);
    JavaTestableGraph graph = tester.tester(source);
    StreamCounter<Tuple> counter = new StreamCounter<>();
    graph.registerStreamHandler(out, counter);
    assertSame(graph, graph.executeToCompletion());
    assertEquals(3, counter.getTupleCount());
    assertEquals(1, counter.getMarkCount(Punctuation.FINAL_MARKER));
  }

  /** Refuses to start without a tumbling window; takes an int parameter. */
  public static class Checked extends EventLogOperator {
    int size;

    @ContextCheck
    public static void needTumbling(OperatorContextChecker checker) {
      checker.checkTumblingWindow(checker.getOperatorContext().getStreamingInputs().get(0));
    }

    @Parameter
    public void setSize(int size) {
      this.size = size;
    }

    @Override
    public synchronized void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      log.add("size=" + size + " " + context.getParameterValues("size"));
    }
  }

  @Test
  void aFailedContextCheckFailsTheInitializeFuture() throws Exception {
    OperatorInvocation<Checked> op = tester.singleOp(Checked.class);
    op.addInput(SCHEMA).sliding().evictCount(2).triggerCount(1);
    assertFalse(op.compileChecks());
    JavaTestableGraph graph = tester.tester(op);
    ExecutionException failed =
        assertThrows(ExecutionException.class, () -> graph.initialize().get());
    assertInstanceOf(IllegalStateException.class, failed.getCause());
    assertTrue(failed.getCause().getMessage().contains("tumbling"), failed.getCause().getMessage());
    assertThrows(CancellationException.class, graph::waitForCompletion);
  }

  @Test
  void parametersReachSettersAndTheContext() throws Exception {
    OperatorInvocation<Checked> op = tester.singleOp(Checked.class).setIntParameter("size", 4);
    op.addInput(SCHEMA).tumbling().evictCount(2);
    assertTrue(op.compileChecks());
    JavaTestableGraph graph = tester.tester(op);
    graph.initialize().get();
    assertEquals(List.of("size=4 [4]"), graph.getOperatorInstance(op).log);
    graph.shutdown().get();
  }

  @Test
  void attributeParametersNeedAnExistingAttribute() {
    OperatorInvocation<EventLogOperator> op = tester.singleOp(EventLogOperator.class);
    op.addInput("in", SCHEMA);
    op.setAttributeParameter("key", "in.id");
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> op.setAttributeParameter("key", "nope"));
    assertTrue(unknown.getMessage().contains("'nope'"), unknown.getMessage());
  }

  @Test
  void namesAreUniqueInAGraph() {
    OperatorGraph declared = OperatorGraphFactory.newGraph();
    assertEquals("EventLogOperator", declared.addOperator(EventLogOperator.class).getName());
    assertEquals("EventLogOperator_1", declared.addOperator(EventLogOperator.class).getName());
    assertThrows(
        IllegalArgumentException.class,
        () -> declared.addOperator("EventLogOperator", EventLogOperator.class));
  }

  @Test
  void theLifecycleIsEnforced() throws Exception {
    OperatorInvocation<EventLogOperator> op = tester.singleOp(EventLogOperator.class);
    JavaTestableGraph graph = tester.tester(op);
    assertThrows(ExecutionException.class, () -> graph.allPortsReady().get());
    graph.initialize().get();
    assertThrows(ExecutionException.class, () -> graph.initialize().get());
    assertThrows(IllegalStateException.class, () -> Harness.withClock(graph, ManualClock.create()));
    graph.shutdown().get();
  }
}
