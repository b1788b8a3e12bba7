package io.streamswindow.engine;

/**
 * The two kinds of time a window can be driven by. Both are nanoseconds since the epoch, and each
 * only moves forward.
 *
 * <ul>
 *   <li>{@link #PROCESSING_TIME}: the {@link Clock} a window is handed, read when a tuple arrives;
 *       {@code time()} eviction and trigger policies and {@code partitionAge} run on it.
 *   <li>{@link #EVENT_TIME}: the watermark, the point up to which the input's own timestamps are
 *       taken to be complete. Nothing reads it from a clock: the host is told when it advances (by
 *       the harness, or on Spark by the micro-batch's watermark), so it is deterministic wherever
 *       it comes from. Event-time windows fire on it.
 * </ul>
 *
 * <pre>{@code
 * window.advanceTo(TimeDomain.PROCESSING_TIME, clock.nanos());
 * window.advanceTo(TimeDomain.EVENT_TIME, watermarkNanos);
 * }</pre>
 */
public enum TimeDomain {
  PROCESSING_TIME,
  EVENT_TIME
}
