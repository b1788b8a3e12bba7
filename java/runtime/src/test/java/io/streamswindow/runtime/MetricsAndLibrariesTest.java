package io.streamswindow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics;
import com.ibm.streams.operator.metrics.OperatorMetrics.InputPortMetric;
import com.ibm.streams.operator.metrics.OperatorMetrics.OutputPortMetric;
import com.ibm.streams.operator.metrics.PEMetrics;
import com.ibm.streams.operator.model.CustomMetric;
import java.io.OutputStream;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarOutputStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Metrics the host counts and injects, and the libraries and directories of an operator. */
class MetricsAndLibrariesTest {
  private static final StreamSchema SCHEMA = Type.Factory.getStreamSchema("tuple<rstring s>");

  /** Forwards tuples; counts them in a custom metric injected by its annotated setter. */
  public static class Counting extends AbstractOperator {
    private Metric seen;
    private Metric renamed;

    @CustomMetric(kind = Metric.Kind.COUNTER, description = "tuples seen")
    public void setnSeen(Metric metric) {
      this.seen = metric;
    }

    @CustomMetric(name = "other", kind = Metric.Kind.GAUGE)
    public void setRenamed(Metric metric) {
      this.renamed = metric;
    }

    @Override
    public void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      assertNotNull(seen, "injected before initialize");
    }

    @Override
    public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
      seen.increment();
      getOutput(0).submit(tuple);
    }
  }

  private static OperatorHost host(Path toolkit) {
    return OperatorHost.builder(Counting.class)
        .input("in", SCHEMA, io.streamswindow.engine.WindowSpec.notWindowed())
        .output("out", SCHEMA, OutputSink.discard())
        .directories(HostDirectories.DEFAULT.withApplication(toolkit))
        .build();
  }

  @Test
  void hostCountsPortsAndInjectsCustomMetrics(@TempDir Path dir) throws Exception {
    OperatorHost host = host(dir);
    host.initialize();
    host.allPortsReady();
    for (String s : List.of("a", "b", "c")) {
      host.submit(0, SCHEMA.getTuple(new Object[] {s}));
    }
    host.punctuate(0, Punctuation.WINDOW_MARKER);
    host.punctuate(0, Punctuation.FINAL_MARKER);

    OperatorContext context = host.context();
    OperatorMetrics metrics = context.getMetrics();
    Counting operator = (Counting) host.operator();
    assertSame(operator.seen, metrics.getCustomMetric("nSeen"));
    assertEquals("tuples seen", operator.seen.getDescription());
    assertEquals(3, operator.seen.getValue());
    assertSame(operator.renamed, metrics.getCustomMetric("other"));
    assertEquals(Metric.Kind.GAUGE, operator.renamed.getKind());
    assertEquals(java.util.Set.of("nSeen", "other"), metrics.getCustomMetrics().keySet());

    assertEquals(3, InputPortMetric.nTuplesProcessed.getMetric(context, 0).getValue());
    assertEquals(1, InputPortMetric.nWindowPunctsProcessed.getMetric(context, 0).getValue());
    assertEquals(1, InputPortMetric.nFinalPunctsProcessed.getMetric(context, 0).getValue());
    assertEquals(0, InputPortMetric.nTuplesDropped.getMetric(context, 0).getValue());
    assertEquals(3, OutputPortMetric.nTuplesSubmitted.getMetric(context, 0).getValue());
    // The host sends the final mark on after the last input's.
    assertEquals(1, OutputPortMetric.nFinalPunctsSubmitted.getMetric(context, 0).getValue());
    Metric processed = metrics.getInputPortMetric(0, InputPortMetric.nTuplesProcessed);
    assertEquals("nTuplesProcessed0", processed.getName());
    assertEquals(Metric.Kind.COUNTER, processed.getKind());
    assertEquals(
        Metric.Kind.TIME,
        metrics.getInputPortMetric(0, InputPortMetric.recentMaxItemsQueuedInterval).getKind());
    assertThrows(UnsupportedOperationException.class, () -> processed.setValue(0));
    assertThrows(
        IndexOutOfBoundsException.class,
        () -> metrics.getInputPortMetric(1, InputPortMetric.nTuplesProcessed));
    assertNull(metrics.getOperatorMetric(OperatorMetrics.SystemMetric.relativeOperatorCost));

    assertEquals(3, PEMetrics.InputPortMetric.nTuplesProcessed.getMetric(context, 0).getValue());
    assertEquals(
        0, PEMetrics.InputPortMetric.nTupleBytesProcessed.getMetric(context, 0).getValue());
    assertEquals(3, PEMetrics.OutputPortMetric.nTuplesSubmitted.getMetric(context, 0).getValue());
  }

  /** Does nothing: a host of ten input ports. */
  public static class TenInputs extends AbstractOperator {}

  private static OperatorHost tenInputs() {
    OperatorHostBuilder builder = OperatorHost.builder(TenInputs.class);
    for (int port = 0; port < 10; port++) {
      builder.input("in" + port, SCHEMA, io.streamswindow.engine.WindowSpec.notWindowed());
    }
    return builder.output("out", SCHEMA, OutputSink.discard()).build();
  }

  @Test
  void portMetricsAreNamedPerPortOnEveryPortAndStayTheSameObjects() throws Exception {
    OperatorHost host = tenInputs();
    host.initialize();
    host.allPortsReady();
    host.submit(9, SCHEMA.getTuple(new Object[] {"a"}));
    OperatorContext context = host.context();
    OperatorMetrics metrics = context.getMetrics();
    // Port 9 is past the ports whose names are made in advance.
    for (int port : new int[] {0, 7, 8, 9}) {
      Metric queued = metrics.getInputPortMetric(port, InputPortMetric.nTuplesQueued);
      assertEquals("nTuplesQueued" + port, queued.getName());
      assertEquals("input port " + port + ": nTuplesQueued", queued.getDescription());
      assertEquals(Metric.Kind.GAUGE, queued.getKind());
      assertEquals(0, queued.getValue());
      assertSame(queued, metrics.getInputPortMetric(port, InputPortMetric.nTuplesQueued));
      Metric processed = metrics.getInputPortMetric(port, InputPortMetric.nTuplesProcessed);
      assertEquals("nTuplesProcessed" + port, processed.getName());
      assertEquals(port == 9 ? 1 : 0, processed.getValue());
      assertSame(processed, metrics.getInputPortMetric(port, InputPortMetric.nTuplesProcessed));

      Metric bytes = PEMetrics.InputPortMetric.nTupleBytesProcessed.getMetric(context, port);
      assertEquals("nTupleBytesProcessed" + port, bytes.getName());
      assertEquals("PE input port " + port + ": nTupleBytesProcessed", bytes.getDescription());
      assertSame(bytes, PEMetrics.InputPortMetric.nTupleBytesProcessed.getMetric(context, port));
      assertSame(processed, PEMetrics.InputPortMetric.nTuplesProcessed.getMetric(context, port));
    }
    assertSame(context.getPE().getMetrics(), context.getPE().getMetrics());
    Metric connections = PEMetrics.OutputPortMetric.nConnections.getMetric(context, 0);
    assertEquals("PE output port 0: nConnections", connections.getDescription());
    assertEquals(Metric.Kind.GAUGE, connections.getKind());
    assertEquals(
        "output port 0: nTuplesSubmitted",
        metrics.getOutputPortMetric(0, OutputPortMetric.nTuplesSubmitted).getDescription());
    host.shutdown();
  }

  @Test
  void hostsShareTheNamesOfTheirPortMetrics() throws Exception {
    OperatorHost one = tenInputs();
    OperatorHost two = tenInputs();
    // One string per name and port in the JVM, not one per host: a host is built per key and call
    // on Spark.
    assertSame(
        one.context()
            .getMetrics()
            .getInputPortMetric(3, InputPortMetric.nTuplesProcessed)
            .getName(),
        two.context()
            .getMetrics()
            .getInputPortMetric(3, InputPortMetric.nTuplesProcessed)
            .getName());
    assertSame(
        PEMetrics.OutputPortMetric.nConnections.getMetric(one.context(), 0).getDescription(),
        PEMetrics.OutputPortMetric.nConnections.getMetric(two.context(), 0).getDescription());
  }

  @Test
  void customMetricsFollowIbmsRules(@TempDir Path dir) throws Exception {
    OperatorHost host = host(dir);
    host.initialize();
    OperatorMetrics metrics = host.context().getMetrics();
    Metric created = metrics.createCustomMetric(" queue ", " items ", Metric.Kind.GAUGE);
    assertEquals("queue", created.getName());
    assertEquals("items", created.getDescription());
    // Creating a name again returns the metric there is.
    assertSame(created, metrics.createCustomMetric("queue", "other", Metric.Kind.COUNTER));
    created.setValue(5);
    created.incrementValue(-2);
    assertEquals(3, created.getValue());
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> metrics.getCustomMetric("nope"));
    assertTrue(unknown.getMessage().contains("nope"), unknown.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> metrics.createCustomMetric(" ", "d", Metric.Kind.COUNTER));
    assertThrows(
        UnsupportedOperationException.class, () -> metrics.getCustomMetrics().put("x", created));
    host.shutdown();
  }

  @Test
  void aToolkitOfTheApplicationIsFoundByNameAndAnotherIsNull(@TempDir Path dir) throws Exception {
    // IBM's PE answers the root of a toolkit the application bundles, and null for any other.
    Path inet = Files.createDirectories(dir.resolve("com.ibm.streamsx.inet"));
    OperatorHost host =
        OperatorHost.builder(Counting.class)
            .input("in", SCHEMA, io.streamswindow.engine.WindowSpec.notWindowed())
            .output("out", SCHEMA, OutputSink.discard())
            .directories(HostDirectories.DEFAULT.withNamedToolkit("com.ibm.streamsx.inet", inet))
            .build();
    host.initialize();
    assertEquals(
        inet.toFile(), host.context().getPE().getToolkitDirectory("com.ibm.streamsx.inet"));
    assertNull(host.context().getPE().getToolkitDirectory("com.ibm.streamsx.kafka"));
  }

  @Test
  void classLibrariesResolveAgainstTheToolkitDirectory(@TempDir Path dir) throws Exception {
    Path libs = Files.createDirectories(dir.resolve("lib"));
    for (String name : List.of("one.jar", "two.JAR")) {
      try (OutputStream file = Files.newOutputStream(libs.resolve(name));
          JarOutputStream jar = new JarOutputStream(file)) {
        jar.putNextEntry(new ZipEntry(name + ".txt"));
        jar.closeEntry();
      }
    }
    Files.writeString(libs.resolve("notes.txt"), "not a jar");
    OperatorHost host = host(dir);
    host.initialize();
    HostOperatorContext context = (HostOperatorContext) host.context();
    assertEquals(dir.toFile(), context.getToolkitDirectory());
    assertEquals(dir.toFile(), context.getPE().getApplicationDirectory());
    assertNull(context.librariesLoader());

    context.addClassLibraries(new String[] {" lib/* "});
    ClassLoader loader = context.librariesLoader();
    assertNotNull(loader.getResource("one.jar.txt"));
    assertNotNull(loader.getResource("two.JAR.txt"));
    assertSame(Counting.class.getClassLoader(), loader.getParent());

    host.shutdown();
  }

  @Test
  void aMissingLibraryIsAWarningAndTheOthersStillLoad(@TempDir Path dir) throws Exception {
    Path libs = Files.createDirectories(dir.resolve("lib"));
    try (OutputStream file = Files.newOutputStream(libs.resolve("present.jar"));
        JarOutputStream jar = new JarOutputStream(file)) {
      jar.putNextEntry(new ZipEntry("present.txt"));
      jar.closeEntry();
    }
    OperatorHost host = host(dir);
    host.initialize();
    HostOperatorContext context = (HostOperatorContext) host.context();
    List<LogRecord> records = new ArrayList<>();
    Handler recorder =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    Logger log = Logger.getLogger("com.ibm.streams.operator");
    log.addHandler(recorder);
    try {
      context.addClassLibraries(
          new String[] {"lib/absent.jar", "gone/*", "lib/present.jar", "lib/absent.jar"});
      // Another instance of the operator (Spark builds one per key) does not repeat the warning.
      context.addClassLibraries(new String[] {"lib/absent.jar"});
    } finally {
      log.removeHandler(recorder);
    }

    List<String> warnings =
        records.stream()
            .filter(record -> record.getLevel() == Level.WARNING)
            .map(LogRecord::getMessage)
            .toList();
    assertEquals(2, warnings.size(), warnings.toString());
    assertTrue(
        warnings.get(0).contains(dir.resolve("lib/absent.jar").toString())
            && warnings.get(0).contains(host.context().getName()),
        warnings.get(0));
    assertTrue(warnings.get(1).contains(dir.resolve("gone").toString()), warnings.get(1));
    URLClassLoader loader = (URLClassLoader) context.librariesLoader();
    assertNotNull(loader.getResource("present.txt"));
    // As on IBM's runtime the missing path is added all the same; a directory pattern adds none.
    assertEquals(
        List.of(
            dir.resolve("lib/absent.jar").toUri().toURL(),
            dir.resolve("lib/present.jar").toUri().toURL()),
        List.of(loader.getURLs()));
    host.shutdown();
  }
}
