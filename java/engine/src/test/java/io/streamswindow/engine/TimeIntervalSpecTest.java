package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class TimeIntervalSpecTest {

  @Test
  void defaultsArePeriodEqualToDurationNoDiscardAgeNoOffset() {
    TimeIntervalSpec spec = TimeIntervalSpec.of(10);
    assertEquals(10.0, spec.creationPeriod());
    assertEquals(0.0, spec.discardAge());
    assertEquals(0.0, spec.intervalOffset());
    assertEquals("intervalDuration(10.0)", spec.toString());
    assertEquals(spec, TimeIntervalSpec.of(10, 10, 0, 0));
    assertEquals(spec.hashCode(), TimeIntervalSpec.of(10, 10, 0, 0).hashCode());
    assertNotEquals(spec, TimeIntervalSpec.of(10, 5, 0, 0));
  }

  @Test
  void theNormalFormLeavesOutDefaultsAndKeepsTheOrder() {
    assertEquals(
        "intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0), intervalOffset(2.5)",
        TimeIntervalSpec.of(10)
            .withIntervalOffset(2.5)
            .withDiscardAge(15)
            .withCreationPeriod(5)
            .toString());
    assertEquals(
        "partitioned, timeInterval, intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0)",
        WindowSpec.timeInterval(TimeIntervalSpec.of(10, 5, 15, 0))
            .partitioned()
            .withEventTime("ts")
            .toString());
  }

  @Test
  void everyBadOptionIsRefusedByName() {
    refused(() -> TimeIntervalSpec.of(0), "intervalDuration(0.0)");
    refused(() -> TimeIntervalSpec.of(-1), "intervalDuration(-1.0)");
    refused(() -> TimeIntervalSpec.of(Double.NaN), "intervalDuration(NaN)");
    refused(() -> TimeIntervalSpec.of(10).withCreationPeriod(0), "creationPeriod(0.0)");
    refused(() -> TimeIntervalSpec.of(10).withDiscardAge(-1), "discardAge(-1.0)");
    refused(() -> TimeIntervalSpec.of(10).withIntervalOffset(10), "intervalOffset(10.0)");
    refused(() -> TimeIntervalSpec.of(10).withIntervalOffset(-0.5), "intervalOffset(-0.5)");
  }

  @Test
  void theEventTimeIsPartOfTheDeclarationButNotOfTheClause() {
    WindowSpec spec = WindowSpec.timeInterval(TimeIntervalSpec.of(10));
    assertEquals("ts", spec.withEventTime("ts").eventTime());
    assertNotEquals(spec, spec.withEventTime("ts"));
    assertEquals(spec.toString(), spec.withEventTime("ts").toString());
    assertTrue(spec.usesEventTime());
    assertTrue(!spec.usesTime());
  }

  @Test
  void policiesThatDoNotBelongAreRefused() {
    WindowSpec spec = WindowSpec.timeInterval(TimeIntervalSpec.of(10)).partitioned();
    IllegalStateException age =
        assertThrows(
            IllegalStateException.class,
            () -> spec.withPartitionEviction(PartitionEvictionSpec.age(5)));
    assertTrue(age.getMessage().contains("no partition eviction"), age.getMessage());
    IllegalStateException eventTime =
        assertThrows(
            IllegalStateException.class,
            () -> WindowSpec.tumbling(PolicySpec.count(2)).withEventTime("ts"));
    assertTrue(eventTime.getMessage().contains("timeInterval"), eventTime.getMessage());
  }

  private static void refused(Executable declaration, String named) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, declaration);
    assertTrue(e.getMessage().startsWith(named), e.getMessage());
  }
}
