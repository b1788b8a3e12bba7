package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checks of {@link WindowedOperators} that need no Spark session (the rest: tests/python). */
class WindowedOperatorsTest {

  @Test
  void theKnownOptionsAndTheKeysThatStateSplTypesAreTaken() {
    assertDoesNotThrow(
        () ->
            WindowedOperators.requireKnownOptions(
                Map.of(
                    "marker_column",
                    "m",
                    "batch_marker",
                    "true",
                    "punctuation_column",
                    "p",
                    "event_time",
                    "ts",
                    "late_output",
                    "false",
                    "spl_type.amount",
                    "decimal64",
                    "output_spl_type.total",
                    "decimal64")));
  }

  @Test
  void aMisspeltOptionIsRefusedRatherThanIgnored() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> WindowedOperators.requireKnownOptions(Map.of("spl_types.amount", "decimal64")));
    assertEquals(
        "Unknown option 'spl_types.amount'; the options are [marker_column, batch_marker, punctuation_column,"
            + " event_time, late_output], and spl_type.<column> or output_spl_type.<column> for the SPL type of a"
            + " column",
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> WindowedOperators.requireKnownOptions(Map.of("marker_colum", "m")));
  }
}
