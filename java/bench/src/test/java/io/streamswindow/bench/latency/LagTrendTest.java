package io.streamswindow.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A level lag is sustained, a growing one is not, and neither is a rate the probe missed. */
class LagTrendTest {

  private static PerSecondCounts counts(long... perSecond) {
    PerSecondCounts counts = new PerSecondCounts(perSecond.length);
    for (int s = 0; s < perSecond.length; s++) {
      counts.add(s * 1000L, perSecond[s]);
    }
    return counts;
  }

  @Test
  void aQueryThatKeepsUpInMicroBatchesIsSustained() {
    // One output burst every other second: the lag rises and falls but stays level.
    PerSecondCounts produced = counts(100, 100, 100, 100, 100, 100);
    PerSecondCounts received = counts(0, 200, 0, 200, 0, 200);
    LagTrend trend = new LagTrend(produced, received, 2, 4, 100);
    assertTrue(trend.sustained(), "slope " + trend.slope());
    assertEquals(100.0, trend.producedRate());
  }

  @Test
  void aGrowingLagIsNotSustained() {
    PerSecondCounts produced = counts(100, 100, 100, 100, 100, 100);
    PerSecondCounts received = counts(50, 80, 80, 80, 80, 80);
    LagTrend trend = new LagTrend(produced, received, 2, 4, 100);
    assertEquals(20.0, trend.slope(), 1e-9);
    assertFalse(trend.sustained());
  }

  @Test
  void aSawToothCutShortByTheWindowIsNotGrowth() {
    // Micro-batches every third second; the window ends before the last one's output.
    PerSecondCounts produced = counts(100, 100, 100, 100, 100, 100, 100, 100);
    PerSecondCounts received = counts(0, 0, 300, 0, 0, 300, 0, 0);
    LagTrend trend = new LagTrend(produced, received, 2, 6, 100);
    assertTrue(trend.slope() > LagTrend.TOLERANCE * 100, "slope " + trend.slope());
    assertFalse(trend.growing());
    assertTrue(trend.sustained());
  }

  @Test
  void aRateTheProbeMissedIsNotSustained() {
    PerSecondCounts produced = counts(90, 90, 90, 90);
    LagTrend trend = new LagTrend(produced, produced, 1, 3, 100);
    assertFalse(trend.keptUp());
    assertFalse(trend.sustained());
  }
}
