package io.streamswindow.sparkexamples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.WindowedOperators;
import io.streamswindow.spark.errors.RefusedArgumentException;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A job whose operators are in {@code spark.jars} only, as a plain {@code java} main sets them
 * (docs/java.md, "A session"): the examples' jar is not on this test's class path (the pom's {@code
 * spark-jars} execution leaves it out and names it in the {@code examplesJar} property), so the
 * driver's checks find the operator class in spark.jars, and the executors in what Spark added. The
 * test JVM that has the jar on its class path (the default execution) skips it.
 */
@EnabledIfSystemProperty(named = "examplesJar", matches = ".+")
class SparkJarsOperatorTest {
  private static final String EXAMPLES_JAR = System.getProperty("examplesJar");
  private static SparkSession spark;

  @BeforeAll
  static void session() {
    spark =
        SparkSession.builder()
            .master("local[2]")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.jars", EXAMPLES_JAR)
            .getOrCreate();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  @Test
  void theExamplesJarIsNotOnTheClassPath() {
    assertThrows(
        ClassNotFoundException.class,
        () -> Class.forName("io.streamswindow.examples.WindowSum", false, loader()));
  }

  @Test
  void anOperatorInSparkJarsOnlyRuns() {
    assertEquals(
        List.of("[a,5,10.0,4]", "[b,7,26.0,4]"),
        JavaExampleTest.sorted(JavaExample.batchSums(spark)));
  }

  @Test
  void aClassInNoneOfThemNamesSparkJarsAsChecked() {
    RefusedArgumentException refused =
        assertThrows(
            RefusedArgumentException.class,
            () ->
                WindowedOperators.runOperator(
                    JavaExample.readings(spark),
                    OperatorRunRequest.builder("io.streamswindow.examples.NoSuchOperator")
                        .window("tumbling, count(4)")
                        .outputSchema("key string")
                        .build()));
    assertEquals(
        "Operator class io.streamswindow.examples.NoSuchOperator was not found on the session's"
            + " classpath (nor in spark.jars, \""
            + EXAMPLES_JAR
            + "\"): add the jar holding it when the session is built, from Python with"
            + " streams_window.configure(builder, extra_jars=[\"my-operators.jar\"]) (elsewhere"
            + " with spark.jars or spark-submit --jars)",
        refused.getMessage());
  }

  private static ClassLoader loader() {
    return Thread.currentThread().getContextClassLoader();
  }
}
