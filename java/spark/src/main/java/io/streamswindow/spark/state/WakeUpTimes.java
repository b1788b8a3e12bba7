package io.streamswindow.spark.state;

/**
 * When Spark must call a key again, in the units and with the comparison each state API uses: a
 * window's deadline is in nanoseconds, Spark's times in milliseconds. {@code
 * flatMapGroupsWithState} calls a group whose timeout is strictly before the batch time or
 * watermark; {@code transformWithState} fires a timer at or past it and never in the micro-batch
 * that set it. The rounding lives here once for both layouts (docs/architecture.md, "State
 * layout").
 *
 * <pre>{@code
 * state.setTimeoutDuration(WakeUpTimes.timeoutDuration(deadline, now));   // single-value layout
 * handle.registerTimer(WakeUpTimes.processingTimer(deadline, now));       // chunked layout
 * }</pre>
 */
public final class WakeUpTimes {
  private WakeUpTimes() {}

  /**
   * The processing-time timeout duration (ms) of {@code flatMapGroupsWithState}: the last
   * millisecond before the deadline (rounded up to a millisecond), so that a micro-batch at the
   * deadline itself fires it; at least 1 ms, the least Spark takes, so a deadline a millisecond
   * away waits for a later micro-batch.
   */
  public static long timeoutDuration(long deadlineNanos, long nowNanos) {
    long untilDeadline = (deadlineNanos - nowNanos + 999_999L) / 1_000_000L;
    return Math.max(1L, untilDeadline - 1);
  }

  /**
   * The event-time timeout timestamp (ms) of {@code flatMapGroupsWithState}: the last millisecond
   * before the deadline (rounded up to a millisecond), never before the current watermark, which
   * Spark refuses.
   */
  public static long timeoutTimestamp(long deadlineNanos, long watermarkMs) {
    return Math.max(ceilMillis(deadlineNanos) - 1, Math.max(0L, watermarkMs));
  }

  /**
   * The processing-time timer (ms) of {@code transformWithState}: it fires in the first micro-batch
   * whose time is at or past it, and never in the micro-batch that set it.
   */
  public static long processingTimer(long deadlineNanos, long nowNanos) {
    return Math.max(ceilMillis(deadlineNanos), Math.floorDiv(nowNanos, 1_000_000L) + 1);
  }

  /**
   * The event-time timer (ms) of {@code transformWithState}: it fires in the first micro-batch
   * whose watermark is at or past it; a deadline just after the current watermark (a late trigger
   * pending, due at the next watermark received) waits for the watermark's next move.
   */
  public static long eventTimer(long deadlineNanos, long watermarkMs) {
    return Math.max(ceilMillis(deadlineNanos), Math.max(0L, watermarkMs) + 1);
  }

  private static long ceilMillis(long nanos) {
    return Math.floorDiv(nanos, 1_000_000L) + (Math.floorMod(nanos, 1_000_000L) == 0 ? 0 : 1);
  }
}
