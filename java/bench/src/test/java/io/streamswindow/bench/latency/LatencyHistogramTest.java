package io.streamswindow.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The probe's percentiles are nearest-rank percentiles of whole milliseconds. */
class LatencyHistogramTest {

  @Test
  void givesNearestRankPercentilesAndTheExactMaximum() {
    LatencyHistogram h = new LatencyHistogram();
    for (int ms = 1; ms <= 100; ms++) {
      h.add(ms);
    }
    h.add(900_000); // past the last bucket
    assertEquals(101, h.count());
    assertEquals(51, h.percentile(0.50));
    assertEquals(100, h.percentile(0.99));
    assertEquals(900_000, h.percentile(1.0));
    assertEquals(900_000, h.max());
  }

  @Test
  void countsANegativeLatencyAsZeroAndAnEmptyOneAsZero() {
    LatencyHistogram h = new LatencyHistogram();
    assertEquals(0, h.percentile(0.5));
    h.add(-3);
    assertEquals(0, h.max());
    assertEquals(1, h.count());
  }
}
