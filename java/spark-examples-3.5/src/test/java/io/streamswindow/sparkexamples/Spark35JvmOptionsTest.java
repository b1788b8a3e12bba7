package io.streamswindow.sparkexamples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.launcher.JavaModuleOptions;
import org.junit.jupiter.api.Test;

/**
 * The JVM options docs/java.md gives a Spark 3.5 job on Java 17 are those Spark 3.5's own launcher
 * gives a driver, and {@link JavaExampleTest} runs in a JVM started with them (the pom's argLine).
 */
class Spark35JvmOptionsTest {
  private static final Path PAGE = Path.of("../../docs/java.md");

  @Test
  void thePagesOptionsAreSparksLaunchersOptions() throws Exception {
    assertEquals(List.of(JavaModuleOptions.defaultModuleOptions().split(" ")), pageOptions());
  }

  @Test
  void theExampleRunsWithThePagesOptions() throws Exception {
    List<String> jvm = ManagementFactory.getRuntimeMXBean().getInputArguments();
    assertTrue(jvm.containsAll(pageOptions()), jvm.toString());
  }

  /** The lines of the first ```text block after the heading "## Spark 3.5". */
  private static List<String> pageOptions() throws Exception {
    String page = Files.readString(PAGE);
    int at = page.indexOf("\n## Spark 3.5\n");
    assertTrue(at >= 0, "docs/java.md has no heading ## Spark 3.5");
    Matcher block = Pattern.compile("```text\\n(.*?)```", Pattern.DOTALL).matcher(page);
    assertTrue(block.find(at), "docs/java.md has no ```text block after ## Spark 3.5");
    return List.of(block.group(1).strip().split("\n"));
  }
}
