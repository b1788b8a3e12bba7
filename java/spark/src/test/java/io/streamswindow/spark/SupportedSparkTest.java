package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SupportedSparkTest {

  @ParameterizedTest
  @ValueSource(strings = {"4.0.0", "4.0.5", "4.1.4", "4.2.0", "4.3.0", "4.3.1-SNAPSHOT"})
  void everyVersionOfTheSupportedLinesIsAccepted(String version) {
    assertEquals("", SupportedSpark.refusalFor(version));
  }

  @ParameterizedTest
  @ValueSource(strings = {"3.5.8", "3.9.0", "4.4.0", "5.0.0", "4", "", "four.one"})
  void anyOtherVersionIsRefusedInOneLineNamingTheRange(String version) {
    assertEquals(
        "streams-window supports Spark 4.0 to 4.3 (Scala 2.13); this JVM runs Spark "
            + version
            + " (README, \"Supported Spark lines\")",
        SupportedSpark.refusalFor(version));
  }

  @Test
  void theSparkOfTheBuildIsSupported() {
    assertDoesNotThrow(SupportedSpark::require);
  }
}
