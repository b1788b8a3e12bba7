package io.streamswindow.bench.latency;

/**
 * Whether a query kept up with the rate it was given, from the lag (records written less output
 * records received, at the end of each second) over the measurement window. A query that keeps up
 * holds its lag level, rising and falling with its batches; one that falls behind adds to it every
 * second. The lag is growing when a least-squares line through it rises by more than {@value
 * #TOLERANCE} of the rate per second and its last value is above its highest in the window's first
 * half (so that a micro-batch's saw-tooth cut short by the window does not count as growth).
 * Sustained: the probe wrote within {@value #TOLERANCE} of the rate ({@link #keptUp}) and the lag
 * is not growing.
 *
 * <pre>{@code
 * LagTrend t = new LagTrend(produced, received, warmupSeconds, seconds, rate);
 * t.sustained();
 * }</pre>
 */
final class LagTrend {
  /** The share of the rate that the lag may grow by per second, and the writer may fall short. */
  static final double TOLERANCE = 0.05;

  private final long[] lag;
  private final int from;
  private final int to;
  private final long producedInWindow;
  private final long receivedInWindow;
  private final int rate;

  LagTrend(PerSecondCounts produced, PerSecondCounts received, int warmup, int seconds, int rate) {
    this.from = warmup;
    this.to = warmup + seconds;
    this.rate = rate;
    this.lag = new long[to];
    long written = 0;
    long read = 0;
    for (int s = 0; s < to; s++) {
      written += produced.at(s);
      read += received.at(s);
      lag[s] = written - read;
    }
    this.producedInWindow = produced.between(from, to);
    this.receivedInWindow = received.between(from, to);
  }

  /** The lag at the end of each second of the run, warm-up included. */
  long[] lag() {
    return lag.clone();
  }

  /** Records per second the probe wrote in the window. */
  double producedRate() {
    return (double) producedInWindow / (to - from);
  }

  /** Output records per second received in the window. */
  double receivedRate() {
    return (double) receivedInWindow / (to - from);
  }

  /** Records per second the lag grew by over the window (least squares; negative: it shrank). */
  double slope() {
    int n = to - from;
    if (n < 2) {
      return lag[to - 1] - (from > 0 ? lag[from - 1] : 0);
    }
    double meanX = (from + to - 1) / 2.0;
    double meanY = 0;
    for (int s = from; s < to; s++) {
      meanY += lag[s];
    }
    meanY /= n;
    double covariance = 0;
    double variance = 0;
    for (int s = from; s < to; s++) {
      covariance += (s - meanX) * (lag[s] - meanY);
      variance += (s - meanX) * (s - meanX);
    }
    return covariance / variance;
  }

  /** Whether the probe wrote at the rate asked, within the tolerance. */
  boolean keptUp() {
    return producedRate() >= (1 - TOLERANCE) * rate;
  }

  /** Whether the lag grew over the window (the class comment says how that is told). */
  boolean growing() {
    long firstHalfHighest = Long.MIN_VALUE;
    for (int s = from; s < from + Math.max(1, (to - from) / 2); s++) {
      firstHalfHighest = Math.max(firstHalfHighest, lag[s]);
    }
    return slope() > TOLERANCE * rate && lag[to - 1] > firstHalfHighest;
  }

  /** Whether the query kept up with the rate: the probe wrote at it, and the lag did not grow. */
  boolean sustained() {
    return keptUp() && !growing();
  }
}
