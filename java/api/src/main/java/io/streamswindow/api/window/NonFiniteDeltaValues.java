package io.streamswindow.api.window;

/**
 * How many NaN or infinite values a window's {@code delta(a, d)} policies have read. Such values
 * are taken and compared as IBM's runtime compares them, not refused, and some of them stop a
 * window: a tumbling window whose oldest value is +infinity never tumbles on finite values, a delta
 * trigger whose boundary became NaN or +infinity never triggers again (docs/decisions.md, "NaN and
 * infinities in a float delta attribute"). A count above zero says that this may be happening.
 *
 * <p>The window of a port declared with a count, time, delta or punctuation clause (not {@code
 * timeInterval}) implements it, and gives 0 when neither policy is a delta policy:
 *
 * <pre>{@code
 * if (getInput(0).getStreamWindow() instanceof NonFiniteDeltaValues w
 *     && w.getNonFiniteDeltaValueCount() > 0) {
 *   ...
 * }
 * }</pre>
 */
public interface NonFiniteDeltaValues {
  /**
   * How many NaN or infinite values the delta policies read since the window was created: each
   * delta policy counts the tuples it reads, so a tuple counts twice when both the eviction and the
   * trigger policy are delta policies. Not checkpointed: a reset does not change it.
   */
  long getNonFiniteDeltaValueCount();
}
