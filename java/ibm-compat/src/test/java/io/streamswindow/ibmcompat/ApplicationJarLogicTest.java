package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.Tuple;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionFilter;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import io.streamswindow.harness.Harness;
import io.streamswindow.ibmcompat.appjar.KeepsLongWords;
import io.streamswindow.runtime.HostDirectories;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IBM's compiled {@code FunctionFilter} whose logic class exists only in the jar its {@code jar}
 * parameter names, as in a real application: IBM's operator adds that jar with {@code
 * addClassLibraries}, then deserializes its logic through its own jar's class loader. The operator
 * is loaded here as Spark loads the jars of {@code spark.jars}, by a loader that takes URLs once
 * made, and the logic class is hidden from the test's class path. docs/porting.md, "Class libraries
 * and directories".
 */
class ApplicationJarLogicTest {
  private static final String STRINGS = "tuple<rstring string>";
  private static final String APP_PACKAGE = KeepsLongWords.class.getPackageName() + ".";

  @TempDir Path applicationDirectory;

  /** A loader that takes URLs once made, as Spark's loader of {@code spark.jars} does. */
  public static final class GrowingLoader extends URLClassLoader {
    GrowingLoader(URL[] urls, ClassLoader parent) {
      super(urls, parent);
    }

    @Override
    public void addURL(URL url) {
      super.addURL(url);
    }
  }

  /** The test's class path without IBM's topology jar and without the application's classes. */
  private static final class Hiding extends ClassLoader {
    Hiding(ClassLoader parent) {
      super(parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("com.ibm.streamsx.") || name.startsWith(APP_PACKAGE)) {
        throw new ClassNotFoundException(name);
      }
      return super.loadClass(name, resolve);
    }
  }

  @Test
  void logicFoundOnlyInTheJarParameterRunsWhenTheOperatorsLoaderTakesTheJar() throws Exception {
    ClassLoader loader = new GrowingLoader(new URL[] {topologyJar()}, hiding());
    assertEquals(List.of("apple", "banana"), filter(loader, List.of("apple", "fig", "banana")));
  }

  @Test
  void aLoaderThatTakesNoUrlsLeavesTheLogicClassUnfound() throws Exception {
    // The control: the same operator from a loader that cannot grow sees the jar only through
    // the context class loader, which IBM's deserialization does not ask.
    ClassLoader loader = new URLClassLoader(new URL[] {topologyJar()}, hiding());
    ExecutionException failure =
        assertThrows(ExecutionException.class, () -> filter(loader, List.of("apple")));
    String chain = chain(failure);
    assertTrue(chain.contains("ClassNotFoundException"), chain);
    assertTrue(chain.contains(KeepsLongWords.class.getName()), chain);
  }

  private List<String> filter(ClassLoader loader, List<String> words) throws Exception {
    writeApplicationJar(applicationDirectory.resolve("lib/app.jar"));
    Class<? extends Operator> type =
        Class.forName(FunctionFilter.class.getName(), true, loader).asSubclass(Operator.class);
    assertEquals(loader, type.getClassLoader());
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<? extends Operator> op = tester.singleOp(type);
    // Serialized on the test's class path; read back where only the jar holds the class.
    op.setStringParameter("functionalLogic", ObjectUtils.serializeLogic(new KeepsLongWords()));
    op.setStringParameter("jar", "lib/app.jar");
    InputPortDeclaration in = op.addInput(STRINGS);
    OutputPortDeclaration out = op.addOutput(STRINGS);
    JavaTestableGraph graph =
        Harness.directories(
            tester.tester(op), HostDirectories.DEFAULT.withApplication(applicationDirectory));
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    try {
      graph.initialize().get().allPortsReady().get();
      for (String word : words) {
        graph.getInputTester(in).submitAsTuple(word);
      }
      return results.getTuples().stream().map(t -> t.getString(0)).collect(Collectors.toList());
    } finally {
      graph.shutdown().get();
    }
  }

  private static ClassLoader hiding() {
    return new Hiding(ApplicationJarLogicTest.class.getClassLoader());
  }

  private static URL topologyJar() {
    return FunctionFilter.class.getProtectionDomain().getCodeSource().getLocation();
  }

  private static void writeApplicationJar(Path jar) throws Exception {
    Files.createDirectories(jar.getParent());
    String entry = KeepsLongWords.class.getName().replace('.', '/') + ".class";
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file);
        InputStream bytes = KeepsLongWords.class.getClassLoader().getResourceAsStream(entry)) {
      out.putNextEntry(new ZipEntry(entry));
      bytes.transferTo(out);
      out.closeEntry();
    }
  }

  private static String chain(Throwable failure) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      text.append(t).append('\n');
    }
    return text.toString();
  }
}
