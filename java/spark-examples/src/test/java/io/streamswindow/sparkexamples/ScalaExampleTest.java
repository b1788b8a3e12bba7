package io.streamswindow.sparkexamples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles the Scala example of docs/java.md ({@code src/main/scala}) with the Scala compiler of
 * Spark's own Scala version, against this module's class path, and runs it on local Spark. The
 * compiler runs in the test rather than in a Scala build plugin: one artifact from Maven Central,
 * and no incremental-compiler bridge to build on a fresh machine.
 */
class ScalaExampleTest {
  private static final Path SOURCE =
      Path.of("src/main/scala/io/streamswindow/sparkexamples/ScalaExample.scala");

  @TempDir static Path classes;
  private static URLClassLoader loader;
  private static Class<?> example;
  private static SparkSession spark;

  @BeforeAll
  static void compileTheExample() throws Exception {
    boolean compiled =
        scala.tools.nsc.Main.process(
            new String[] {
              "-classpath", testClassPath(), "-d", classes.toString(), SOURCE.toString()
            });
    assertTrue(compiled, "ScalaExample.scala does not compile (scalac's output above)");
    loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, ScalaExampleTest.class.getClassLoader());
    example = loader.loadClass("io.streamswindow.sparkexamples.ScalaExample");
    spark = JavaExample.session();
  }

  @AfterAll
  static void closeLoader() throws Exception {
    loader.close();
  }

  @Test
  void aggregateAveragesEachSymbolsSlidingWindowOfThree() throws Exception {
    Dataset<Row> averages = call("movingAverages", spark);
    assertEquals(List.of("symbol", "price", "seqs"), List.of(averages.columns()));
    assertEquals(
        List.of("[ACME,12.0,ArraySeq(2, 5, 6)]", "[IBM,102.0,ArraySeq(1, 3, 4)]"),
        JavaExampleTest.sorted(averages));
  }

  @Test
  void eventTimePanesCompleteWithTheWatermarkAndALateRowComesBack(@TempDir Path work)
      throws Exception {
    Dataset<Row> counts = call("eventTimeCounts", spark, work);
    assertEquals(List.of("key", "n", "late_tuple"), List.of(counts.columns()));
    // key, n, and the late row's secs (its timestamp would print in the JVM's time zone)
    List<String> rows =
        counts.collectAsList().stream()
            .map(
                row ->
                    row.getString(0)
                        + " "
                        + row.get(1)
                        + " "
                        + (row.isNullAt(2) ? "-" : row.getStruct(2).getDouble(1)))
            .sorted()
            .toList();
    assertEquals(List.of("a 2 -", "a null 3.0"), rows);
  }

  @SuppressWarnings("unchecked")
  private static Dataset<Row> call(String method, Object... arguments) throws Exception {
    for (Method m : example.getMethods()) {
      if (m.getName().equals(method)) {
        return (Dataset<Row>) m.invoke(null, arguments);
      }
    }
    throw new AssertionError("ScalaExample has no method " + method);
  }

  /** As ReadmeExampleTest: Surefire names the real class path in surefire.test.class.path. */
  private static String testClassPath() {
    String surefire = System.getProperty("surefire.test.class.path");
    return surefire != null && !surefire.isBlank()
        ? surefire
        : System.getProperty("java.class.path", "") + File.pathSeparator;
  }
}
