package io.streamswindow.bench.latency;

/**
 * Counts of events in each second of a run, by the second they happened in (second 0 starts when
 * the probe starts writing). Written by one thread; read by another only after joining it.
 */
final class PerSecondCounts {
  private final long[] counts;

  PerSecondCounts(int seconds) {
    counts = new long[seconds];
  }

  /** Counts {@code n} events at {@code elapsedMillis} after the start; later ones are dropped. */
  void add(long elapsedMillis, long n) {
    int second = (int) Math.max(0, elapsedMillis / 1000);
    if (second < counts.length) {
      counts[second] += n;
    }
  }

  /** The events of second {@code s}. */
  long at(int s) {
    return counts[s];
  }

  /** The events of seconds {@code from} (included) to {@code to} (excluded). */
  long between(int from, int to) {
    long sum = 0;
    for (int s = from; s < to; s++) {
      sum += counts[s];
    }
    return sum;
  }

  int seconds() {
    return counts.length;
  }
}
