package io.streamswindow.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java example of README.md, read from README.md itself, compiled and run: a change to the
 * snippet that no longer compiles, or that stops giving the result its comment states, fails here.
 * A hand copy of the snippet would stay green while the README drifted.
 */
class ReadmeExampleTest {

  /** The imports the snippet leaves out, as README.md's prose names the packages. */
  private static final String IMPORTS =
      """
      import com.ibm.streams.flow.declare.*;
      import com.ibm.streams.flow.handlers.StreamCollector;
      import com.ibm.streams.flow.javaprimitives.*;
      import com.ibm.streams.operator.*;
      import io.streamswindow.engine.ManualClock;
      import io.streamswindow.examples.WindowSum;
      import io.streamswindow.harness.Harness;
      import java.util.LinkedList;
      """;

  @Test
  void theReadmeHarnessExampleCompilesAndGivesWhatItsCommentSays(@TempDir Path work)
      throws Exception {
    String readme =
        Files.readString(ScenarioLibrary.directory().getParent().getParent().resolve("README.md"));
    String snippet = javaBlockAfter(readme, "## A ported operator in IBM's harness");
    assertTrue(
        snippet.contains("// results.getTuples() now holds one tuple with total = 10.0"),
        "the snippet's comment states the result this test checks:\n" + snippet);

    Path source = work.resolve("ReadmeSnippet.java");
    Files.writeString(
        source,
        IMPORTS
            + "public class ReadmeSnippet {\n"
            + "  public static java.util.List<Tuple> run() throws Exception {\n"
            + snippet
            + "\n    graph.shutdown().get();\n"
            + "    return results.getTuples();\n"
            + "  }\n"
            + "}\n");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int status =
        javac.run(
            null,
            null,
            null,
            "-classpath",
            testClassPath(),
            "-d",
            work.toString(),
            source.toString());
    assertEquals(0, status, "README.md's Java example does not compile (javac's output above)");

    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {work.toUri().toURL()}, getClass().getClassLoader())) {
      @SuppressWarnings("unchecked")
      List<Tuple> results =
          (List<Tuple>) loader.loadClass("ReadmeSnippet").getMethod("run").invoke(null);
      assertEquals(1, results.size());
      assertEquals(10.0, results.get(0).getDouble("total"));
    }
  }

  /** The first ```java block after {@code heading}. */
  private static String javaBlockAfter(String markdown, String heading) {
    int at = markdown.indexOf(heading);
    assertTrue(at >= 0, "README.md has no heading " + heading);
    Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
    assertTrue(block.find(at), "README.md has no ```java block after " + heading);
    return block.group(1);
  }

  /**
   * The test's class path for javac: Surefire hands the forked JVM a manifest-only jar, whose
   * entries javac follows, and names the real entries in {@code surefire.test.class.path}.
   */
  private static String testClassPath() {
    String surefire = System.getProperty("surefire.test.class.path");
    return surefire != null && !surefire.isBlank()
        ? surefire
        : System.getProperty("java.class.path", "") + File.pathSeparator;
  }
}
