package io.streamswindow.api.window;

import com.ibm.streams.operator.types.Timestamp;

/**
 * The event-time interval of one pane of a timeInterval window: {@code [start, end)}, closed at the
 * left and open at the right. An immutable value; times are nanoseconds since the Unix epoch, also
 * readable as IBM {@link Timestamp}s or as seconds.
 */
public final class WindowPane {
  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final long startNanos;
  private final long endNanos;

  /**
   * Creates the pane {@code [startNanos, endNanos)}.
   *
   * @param startNanos the first instant in the pane, in nanoseconds since the epoch
   * @param endNanos the first instant after the pane, in nanoseconds since the epoch
   * @throws IllegalArgumentException when the pane would be empty
   */
  public WindowPane(long startNanos, long endNanos) {
    if (endNanos <= startNanos) {
      throw new IllegalArgumentException(
          "A pane ends after it starts: [" + startNanos + ", " + endNanos + ")");
    }
    this.startNanos = startNanos;
    this.endNanos = endNanos;
  }

  /** The pane's start (included), in nanoseconds since the epoch. */
  public long getStartNanos() {
    return startNanos;
  }

  /** The pane's end (excluded), in nanoseconds since the epoch. */
  public long getEndNanos() {
    return endNanos;
  }

  /** The pane's start (included) as a timestamp. */
  public Timestamp getStart() {
    return timestamp(startNanos);
  }

  /** The pane's end (excluded) as a timestamp. */
  public Timestamp getEnd() {
    return timestamp(endNanos);
  }

  /** The pane's start (included) in seconds since the epoch. */
  public double getStartSeconds() {
    return startNanos / 1e9;
  }

  /** The pane's end (excluded) in seconds since the epoch. */
  public double getEndSeconds() {
    return endNanos / 1e9;
  }

  /**
   * Tells whether an event time falls into this pane.
   *
   * @param nanos an event time in nanoseconds since the epoch
   * @return true when {@code start <= nanos < end}
   */
  public boolean contains(long nanos) {
    return startNanos <= nanos && nanos < endNanos;
  }

  private static Timestamp timestamp(long nanos) {
    return new Timestamp(
        Math.floorDiv(nanos, NANOS_PER_SECOND), (int) Math.floorMod(nanos, NANOS_PER_SECOND));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WindowPane p && p.startNanos == startNanos && p.endNanos == endNanos;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(startNanos) * 31 + Long.hashCode(endNanos);
  }

  /** The interval in seconds, e.g. {@code [5.0, 15.0)}. */
  @Override
  public String toString() {
    return "[" + getStartSeconds() + ", " + getEndSeconds() + ")";
  }
}
