package io.streamswindow.engine;

/**
 * How a sliding window's {@code delta} eviction chooses the tuples it evicts.
 *
 * <p>The two differ only when the attribute's values arrive out of order.
 */
public enum DeltaEvictionMode {
  /**
   * Every tuple {@code w} with {@code t.a - w.a > d} is evicted, wherever it sits in the window
   * (SPL's documented rule, whose out-of-order example evicts from the middle). The default.
   */
  ANY_OUT_OF_RANGE,
  /**
   * Tuples are evicted from the front only, while the oldest is out of range: the behaviour of
   * IBM's Java runtime, offered for compatibility.
   */
  OLDEST_FIRST
}
