package io.streamswindow.aggregate;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How {@link Aggregate} computes its output functions on a sliding window: the value of its {@code
 * slidingAggregation} parameter.
 */
public enum SlidingAggregation {
  /**
   * Keep every function's state as tuples arrive and leave, and read it at each trigger: amortised
   * O(1) per tuple on windows that are first in, first out (the default; docs/decisions.md).
   */
  INCREMENTAL,
  /**
   * Compute every function over the window's tuples at each trigger, O(n) per trigger: float sums
   * added left to right and means kept as a running mean, as SPL's runtime does, to the last bit.
   */
  RECOMPUTE;

  /** The parameter's spelling, e.g. {@code incremental}. */
  public String splName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The mode a parameter value names.
   *
   * @param value {@code incremental} or {@code recompute}
   * @throws IllegalArgumentException for anything else, listing the values
   */
  public static SlidingAggregation forSplName(String value) {
    for (SlidingAggregation mode : values()) {
      if (mode.splName().equals(value)) {
        return mode;
      }
    }
    throw new IllegalArgumentException(
        "slidingAggregation must be one of "
            + Arrays.stream(values())
                .map(SlidingAggregation::splName)
                .collect(Collectors.joining(", "))
            + ", not '"
            + value
            + "'");
  }
}
