package io.streamswindow.engine;

/**
 * The source of "now" for a window's time policies, in nanoseconds since the Unix epoch.
 *
 * <p>The engine never reads the system clock itself: it is handed a clock so that time policies are
 * deterministic under test ({@link ManualClock}) and follow Spark's batch time in the Spark
 * adapter. Time must never go backwards.
 */
@FunctionalInterface
public interface Clock {
  /** Returns the current time in nanoseconds since the Unix epoch. */
  long nanos();

  /** Converts seconds (as written in a window clause) to nanoseconds, rounding to the nearest. */
  static long secondsToNanos(double seconds) {
    return Math.round(seconds * 1_000_000_000d);
  }
}
