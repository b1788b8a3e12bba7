package io.streamswindow.spark.line;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.streamswindow.spark.state.StateLayout;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Spark line a Spark 3.5 build of the jar runs on, its refusal of the others, and the state
 * layout it gives streams (docs/decisions.md, "Spark 3.5").
 */
class SupportedSparkTest {

  @ParameterizedTest
  @ValueSource(strings = {"3.5.0", "3.5.9"})
  void theVersionsOfSpark35OnTheBuildsScalaAreAccepted(String version) {
    assertEquals("", SupportedSpark.refusalFor(version, ScalaBuild.BINARY + ".18"));
  }

  @Test
  void spark4IsToldToUseItsOwnJar() {
    assertEquals(
        "This streams-window jar is built for Spark 3.5 (Scala "
            + ScalaBuild.BINARY
            + "), and this JVM runs Spark 4.2.0 on Scala 2.13.16: put the jar built for that line"
            + " on the session (python -m streams_window classpath --spark names it) (README,"
            + " \"Supported Spark lines\")",
        SupportedSpark.refusalFor("4.2.0", "2.13.16"));
  }

  @Test
  void spark35OnTheOtherScalaIsToldToUseItsOwnJar() {
    String other = ScalaBuild.BINARY.equals("2.12") ? "2.13" : "2.12";
    assertEquals(
        "This streams-window jar is built for Spark 3.5 (Scala "
            + ScalaBuild.BINARY
            + "), and this JVM runs Spark 3.5.9 on Scala "
            + other
            + ".1: put the jar built for that line on the session (python -m streams_window"
            + " classpath --spark names it) (README, \"Supported Spark lines\")",
        SupportedSpark.refusalFor("3.5.9", other + ".1"));
  }

  @Test
  void theSparkOfTheBuildIsSupported() {
    assertDoesNotThrow(SupportedSpark::require);
  }

  @Test
  void streamsTakeTheSingleValueLayoutAndTheChunkedOneIsRefusedNamingWhy() {
    SparkSession session =
        SparkSession.builder()
            .master("local[1]")
            .config("spark.ui.enabled", "false")
            .config(
                StateLayout.PROVIDER,
                "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
            .getOrCreate();
    try {
      assertEquals(StateLayout.SINGLE_VALUE, StateLayout.of(session), "even on RocksDB");
      session.conf().set(StateLayout.SETTING, "chunked");
      IllegalArgumentException refused =
          org.junit.jupiter.api.Assertions.assertThrows(
              IllegalArgumentException.class, () -> StateLayout.of(session));
      assertEquals(
          "spark.streamswindow.stateLayout is chunked: the chunked state layout needs Spark 4"
              + " (transformWithState), and this is the build of streams-window for Spark 3.5,"
              + " where streams keep the single-value layout: unset"
              + " spark.streamswindow.stateLayout or set it to single-value",
          refused.getMessage());
    } finally {
      session.stop();
    }
  }
}
