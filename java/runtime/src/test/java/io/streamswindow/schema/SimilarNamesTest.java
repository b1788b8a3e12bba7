package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class SimilarNamesTest {
  private static final List<String> ATTRIBUTES = List.of("sensor_id", "total", "attr");

  @Test
  void aNameThatDiffersOnlyInCaseIsNamedAsSuch() {
    assertEquals(
        " ('total' differs only in case; SPL names are case-sensitive)",
        SimilarNames.hint("Total", ATTRIBUTES));
    assertEquals("sensor_id", SimilarNames.sameButCase("Sensor_ID", ATTRIBUTES));
  }

  @Test
  void aValidNameHasNoSameButCaseMatch() {
    assertNull(SimilarNames.sameButCase("total", List.of("total", "Total")));
  }

  @Test
  void aSlipOfOneOrTwoLettersSuggestsTheNearestName() {
    assertEquals(" (did you mean 'attr'?)", SimilarNames.hint("atr", ATTRIBUTES));
    assertEquals(" (did you mean 'sensor_id'?)", SimilarNames.hint("sensorid", ATTRIBUTES));
  }

  @Test
  void aNameFarFromEveryValidOneGetsNoHint() {
    assertEquals("", SimilarNames.hint("temp", ATTRIBUTES));
    assertEquals("", SimilarNames.hint("x", List.of()));
  }

  @Test
  void theUnknownAttributeMessageCarriesTheHint() {
    SplSchema schema = SplSchema.parse("tuple<rstring sensor_id, float64 total>");
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> schema.requireIndex("Total"));
    assertEquals(
        "Attribute Total is not in the schema tuple<rstring sensor_id,float64 total>"
            + " (attributes: sensor_id, total) ('total' differs only in case; SPL names are"
            + " case-sensitive)",
        e.getMessage());
  }
}
