package io.streamswindow.spark.line;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Spark lines the Spark 4 build of the jar runs on, and its refusal of the others. */
class SupportedSparkTest {

  @ParameterizedTest
  @ValueSource(strings = {"4.0.0", "4.0.5", "4.1.4", "4.2.0", "4.3.0", "4.3.1-SNAPSHOT"})
  void everyVersionOfTheSupportedLinesIsAccepted(String version) {
    assertEquals("", SupportedSpark.refusalFor(version, "2.13.16"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"3.4.4", "3.9.0", "4.4.0", "5.0.0", "4", "", "four.one"})
  void anyOtherVersionIsRefusedInOneLineNamingTheRange(String version) {
    assertEquals(
        "streams-window supports Spark 3.5 (Scala 2.12 or 2.13) and 4.0 to 4.3 (Scala 2.13);"
            + " this JVM runs Spark "
            + version
            + " on Scala 2.13.16 (README, \"Supported Spark lines\")",
        SupportedSpark.refusalFor(version, "2.13.16"));
  }

  @Test
  void aSupportedLineOfAnotherBuildIsToldToUseItsJar() {
    assertEquals(
        "This streams-window jar is built for Spark 4.0 to 4.3 (Scala 2.13), and this JVM runs"
            + " Spark 3.5.9 on Scala 2.12.18: put the jar built for that line on the session"
            + " (python -m streams_window classpath --spark names it) (README, \"Supported Spark"
            + " lines\")",
        SupportedSpark.refusalFor("3.5.9", "2.12.18"));
    assertEquals(
        "streams-window supports Spark 3.5 (Scala 2.12 or 2.13) and 4.0 to 4.3 (Scala 2.13);"
            + " this JVM runs Spark 4.2.0 on Scala 2.12.18 (README, \"Supported Spark lines\")",
        SupportedSpark.refusalFor("4.2.0", "2.12.18"),
        "Spark 4 has no Scala 2.12 build");
  }

  @Test
  void theSparkOfTheBuildIsSupported() {
    assertDoesNotThrow(SupportedSpark::require);
  }
}
