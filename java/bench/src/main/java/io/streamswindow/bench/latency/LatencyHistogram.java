package io.streamswindow.bench.latency;

/**
 * Latencies in whole milliseconds, counted per millisecond up to ten minutes (longer ones in the
 * last bucket; the maximum is kept exactly), so that percentiles are exact at that resolution
 * whatever the number of records.
 *
 * <pre>{@code
 * LatencyHistogram h = new LatencyHistogram();
 * h.add(12);
 * h.percentile(0.99); // 12
 * }</pre>
 */
final class LatencyHistogram {
  private static final int LIMIT_MS = 600_000;
  private final long[] counts = new long[LIMIT_MS + 1];
  private long count;
  private long max;
  private double sum;

  void add(long latencyMs) {
    long ms = Math.max(0, latencyMs);
    counts[(int) Math.min(ms, LIMIT_MS)]++;
    count++;
    sum += ms;
    max = Math.max(max, ms);
  }

  long count() {
    return count;
  }

  long max() {
    return max;
  }

  double mean() {
    return count == 0 ? 0 : sum / count;
  }

  /**
   * The smallest latency that at least {@code fraction} of the records had at most (the
   * nearest-rank percentile); 0 with no records.
   */
  long percentile(double fraction) {
    if (count == 0) {
      return 0;
    }
    long rank = Math.max(1, (long) Math.ceil(fraction * count));
    long seen = 0;
    for (int ms = 0; ms < counts.length; ms++) {
      seen += counts[ms];
      if (seen >= rank) {
        return ms == LIMIT_MS ? max : ms;
      }
    }
    return max;
  }
}
