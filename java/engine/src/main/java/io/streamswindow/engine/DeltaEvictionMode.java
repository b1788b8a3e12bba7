package io.streamswindow.engine;

/**
 * How a sliding window's {@code delta} eviction chooses the tuples it evicts.
 *
 * <p>The two differ only when the attribute's values arrive out of order.
 */
public enum DeltaEvictionMode {
  /**
   * Every tuple {@code w} out of range of the arriving {@code t} is evicted, wherever it sits in
   * the window (SPL's documented rule, whose out-of-order example evicts from the middle). The
   * default. Out of range is IBM's test failing: not {@code w.a >= t.a - d}, so a NaN on either
   * side is out of range (docs/decisions.md, "NaN and infinities in a float delta attribute").
   */
  ANY_OUT_OF_RANGE,
  /**
   * Tuples are evicted from the front only, while the oldest is out of range: the behaviour of
   * IBM's Java runtime, offered for compatibility.
   */
  OLDEST_FIRST
}
