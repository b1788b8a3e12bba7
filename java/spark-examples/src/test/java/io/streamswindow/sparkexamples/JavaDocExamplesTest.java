package io.streamswindow.sparkexamples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The examples of docs/java.md are the sources the tests run: each section's code block must equal
 * its file, so that the page cannot drift from the code {@link JavaExampleTest}, {@link
 * ScalaExampleTest} and test_real_time.py run (as ReadmeExampleTest does for README.md's harness
 * example).
 */
class JavaDocExamplesTest {
  private static final Path PAGE = Path.of("../../docs/java.md");

  @Test
  void theJavaExampleOnThePageIsJavaExampleJava() throws Exception {
    assertEquals(
        Files.readString(Path.of("src/main/java/io/streamswindow/sparkexamples/JavaExample.java")),
        blockAfter("## The Java example", "java"));
  }

  @Test
  void theScalaExampleOnThePageIsScalaExampleScala() throws Exception {
    assertEquals(
        Files.readString(
            Path.of("src/main/scala/io/streamswindow/sparkexamples/ScalaExample.scala")),
        blockAfter("## The Scala example", "scala"));
  }

  @Test
  void theRealTimeExampleOnThePageIsRealTimeExampleJava() throws Exception {
    assertEquals(
        Files.readString(
            Path.of("src/main/java/io/streamswindow/sparkexamples/RealTimeExample.java")),
        blockAfter("## Real-time mode", "java"));
  }

  /** The first ```language block after {@code heading}, with its last newline. */
  private static String blockAfter(String heading, String language) throws Exception {
    String page = Files.readString(PAGE);
    int at = page.indexOf("\n" + heading + "\n");
    assertTrue(at >= 0, "docs/java.md has no heading " + heading);
    Matcher block = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(page);
    assertTrue(block.find(at), "docs/java.md has no ```" + language + " block after " + heading);
    return block.group(1);
  }
}
