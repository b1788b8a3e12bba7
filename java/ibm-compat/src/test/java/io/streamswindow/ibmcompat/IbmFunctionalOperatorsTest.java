package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics.InputPortMetric;
import com.ibm.streams.operator.metrics.OperatorMetrics.OutputPortMetric;
import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.function.Predicate;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionFilter;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionTransform;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import io.streamswindow.harness.Harness;
import io.streamswindow.runtime.HostDirectories;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarOutputStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IBM's compiled functional operators (com.ibm.streamsx.topology.jar of the streamsx 2.1.0 wheel,
 * fetched by java/ibm-topology), unchanged, through IBM's harness API: the operators IBM's Java
 * Application API generates for {@code filter}, {@code transform} and windowed {@code aggregate},
 * with their {@code functionalLogic} parameter serialized as IBM's application API does (IBM's
 * {@code ObjectUtils}). docs/porting.md, "IBM's functional operators".
 */
class IbmFunctionalOperatorsTest {
  /** IBM's schema for a stream of Java strings (its ObjectSchemas.STRING_SCHEMA). */
  private static final String STRINGS = "tuple<rstring string>";

  @TempDir Path applicationDirectory;

  private static String logic(java.io.Serializable function) {
    return ObjectUtils.serializeLogic(function);
  }

  private static List<String> strings(StreamCollector<LinkedList<Tuple>, Tuple> collector) {
    return collector.getTuples().stream().map(t -> t.getString(0)).collect(Collectors.toList());
  }

  @Test
  void filterKeepsWhatItsPredicateAccepts() throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<FunctionFilter> op = tester.singleOp(FunctionFilter.class);
    Predicate<String> startsWithA = s -> s.startsWith("a");
    op.setStringParameter("functionalLogic", logic(startsWithA));
    InputPortDeclaration in = op.addInput(STRINGS);
    OutputPortDeclaration out = op.addOutput(STRINGS);
    JavaTestableGraph graph = tester.tester(op);
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    graph.initialize().get().allPortsReady().get();

    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    for (String s : List.of("apple", "banana", "avocado", "cherry")) {
      input.submitAsTuple(s);
    }
    input.punctuate(Punctuation.FINAL_MARKER);
    graph.completion().get(10, TimeUnit.SECONDS);

    assertEquals(List.of("apple", "avocado"), strings(results));
    OperatorContext context = Harness.host(graph, op).context();
    assertEquals(4, InputPortMetric.nTuplesProcessed.getMetric(context, 0).getValue());
    assertEquals(1, InputPortMetric.nFinalPunctsProcessed.getMetric(context, 0).getValue());
    assertEquals(2, OutputPortMetric.nTuplesSubmitted.getMetric(context, 0).getValue());
    assertEquals(
        "nTuplesSubmitted0",
        context.getMetrics().getOutputPortMetric(0, OutputPortMetric.nTuplesSubmitted).getName());
    graph.shutdown().get();
  }

  @Test
  void transformMapsEveryTupleThroughItsFunction() throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<FunctionTransform> op = tester.singleOp(FunctionTransform.class);
    Function<String, String> upper = s -> s.isEmpty() ? null : s.toUpperCase();
    op.setStringParameter("functionalLogic", logic(upper));
    InputPortDeclaration in = op.addInput(STRINGS);
    OutputPortDeclaration out = op.addOutput(STRINGS);
    JavaTestableGraph graph = tester.tester(op);
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    graph.initialize().get().allPortsReady().get();

    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    for (String s : List.of("a", "", "b")) {
      input.submitAsTuple(s);
    }
    input.punctuate(Punctuation.FINAL_MARKER);
    graph.completion().get(10, TimeUnit.SECONDS);

    // A null result submits nothing, as IBM's transform documents.
    assertEquals(List.of("A", "B"), strings(results));
    graph.shutdown().get();
  }

  @Test
  void aggregateOverASlidingCountWindowCountsItsPartitions() throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<FunctionAggregate> op = tester.singleOp(FunctionAggregate.class);
    Function<List<String>, String> join = tuples -> String.join("+", tuples);
    op.setStringParameter("functionalLogic", logic(join));
    InputPortDeclaration in = op.addInput(STRINGS);
    in.sliding().evictCount(3).triggerCount(1);
    OutputPortDeclaration out = op.addOutput(STRINGS);
    JavaTestableGraph graph = tester.tester(op);
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    graph.initialize().get().allPortsReady().get();

    FunctionAggregate<?, ?> aggregate = graph.getOperatorInstance(op);
    Metric partitions = aggregate.getnPartitions();
    assertNotNull(partitions, "the @CustomMetric setter was called before initialize");
    assertEquals(Metric.Kind.GAUGE, partitions.getKind());
    assertSame(
        partitions, Harness.host(graph, op).context().getMetrics().getCustomMetric("nPartitions"));

    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    for (String s : List.of("a", "b", "c", "d")) {
      input.submitAsTuple(s);
    }
    input.punctuate(Punctuation.FINAL_MARKER);
    graph.completion().get(10, TimeUnit.SECONDS);

    assertEquals(List.of("a", "a+b", "a+b+c", "b+c+d"), strings(results));
    assertEquals(1, partitions.getValue(), "one (unpartitioned) window state");
    graph.shutdown().get();
  }

  @Test
  void jarParameterLoadsLibrariesFromTheApplicationDirectory() throws Exception {
    Path lib = Files.createDirectories(applicationDirectory.resolve("lib"));
    try (OutputStream file = Files.newOutputStream(lib.resolve("extra.jar"));
        JarOutputStream jar = new JarOutputStream(file)) {
      jar.putNextEntry(new java.util.zip.ZipEntry("marker.txt"));
      jar.write("from the jar parameter".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      jar.closeEntry();
    }
    Predicate<String> readsMarker =
        s -> {
          ClassLoader loader = Thread.currentThread().getContextClassLoader();
          return loader.getResource("marker.txt") != null;
        };
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<FunctionFilter> op = tester.singleOp(FunctionFilter.class);
    op.setStringParameter("functionalLogic", logic(readsMarker));
    op.setStringParameter("jar", "lib/extra.jar");
    InputPortDeclaration in = op.addInput(STRINGS);
    OutputPortDeclaration out = op.addOutput(STRINGS);
    JavaTestableGraph graph =
        Harness.directories(
            tester.tester(op), HostDirectories.DEFAULT.withApplication(applicationDirectory));
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    graph.initialize().get().allPortsReady().get();
    graph.getInputTester(in).submitAsTuple("x");

    // The predicate sees the jar's resource through the context class loader of the call.
    assertEquals(List.of("x"), strings(results));
    assertEquals(
        applicationDirectory.toFile(),
        Harness.host(graph, op).context().getPE().getApplicationDirectory());
    graph.shutdown().get();
  }

  @Test
  void aggregateWithAJarThatWasNotShippedWarnsAndRuns() throws Exception {
    // IBM's application API names its dependency jars under opt/streamsx.topology.depends; an
    // application whose logic is on the class path runs without them, with a warning.
    String notShipped = "opt/streamsx.topology.depends/classes0_classes.jar";
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<FunctionAggregate> op = tester.singleOp(FunctionAggregate.class);
    Function<List<String>, String> join = tuples -> String.join("+", tuples);
    op.setStringParameter("functionalLogic", logic(join));
    op.setStringParameter("jar", notShipped);
    InputPortDeclaration in = op.addInput(STRINGS);
    in.sliding().evictCount(2).triggerCount(1);
    OutputPortDeclaration out = op.addOutput(STRINGS);
    JavaTestableGraph graph =
        Harness.directories(
            tester.tester(op), HostDirectories.DEFAULT.withApplication(applicationDirectory));
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    List<String> warnings = new ArrayList<>();
    Handler recorder =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (record.getLevel() == Level.WARNING) {
              warnings.add(record.getMessage());
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    Logger log = Logger.getLogger("com.ibm.streams.operator");
    log.addHandler(recorder);
    try {
      graph.initialize().get().allPortsReady().get();
    } finally {
      log.removeHandler(recorder);
    }
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(
        warnings.get(0).contains(applicationDirectory.resolve(notShipped).toString()),
        warnings.get(0));

    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    for (String s : List.of("a", "b", "c")) {
      input.submitAsTuple(s);
    }
    input.punctuate(Punctuation.FINAL_MARKER);
    graph.completion().get(10, TimeUnit.SECONDS);
    assertEquals(List.of("a", "a+b", "b+c"), strings(results));
    graph.shutdown().get();
  }
}
