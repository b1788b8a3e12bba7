package io.streamswindow.engine;

import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Resolves the attributes a window declaration names against the port's schema: for a {@code
 * delta(attribute, delta)} policy, how to read the attribute of a tuple as a number and the delta
 * as a number in the same unit; for a timeInterval window, how to read a tuple's event time.
 *
 * <p>The engine knows nothing of schemas; the runtime implements this for {@code Tuple}. For a
 * timestamp attribute both the value and the delta are in seconds.
 *
 * @param <T> the tuple type
 */
@FunctionalInterface
public interface DeltaResolver<T> {
  /**
   * Resolves one delta policy.
   *
   * @throws IllegalArgumentException when the attribute does not exist, is not numeric or
   *     timestamp, or the delta object does not suit its type; the message names the attribute
   */
  Delta<T> resolve(String attribute, Object delta);

  /**
   * Resolves the event-time attribute of a timeInterval window.
   *
   * @return reads a tuple's event time in nanoseconds since the epoch
   * @throws IllegalArgumentException when the attribute does not exist or is neither a {@code
   *     timestamp} nor a {@code float64} (seconds); the message names the attribute and its type
   */
  default ToLongFunction<T> eventTime(String attribute) {
    throw new IllegalArgumentException(
        "event time " + attribute + ": no attributes are known for this window");
  }

  /**
   * A resolved delta policy.
   *
   * @param <T> the tuple type
   * @param value reads the attribute of a tuple as a double; NaN and infinities are passed on as
   *     they are (the policies compare them as IBM's runtime does: docs/decisions.md, "NaN and
   *     infinities in a float delta attribute")
   * @param threshold the delta, in the attribute's unit
   * @param float32 the attribute is a {@code float32}: {@code t.a - d} and {@code t.a + d} are
   *     rounded to a float, as IBM's runtime computes them in the attribute's own type
   */
  record Delta<T>(ToDoubleFunction<T> value, double threshold, boolean float32) {
    /** A delta whose sums and differences are doubles (every attribute type but float32). */
    public Delta(ToDoubleFunction<T> value, double threshold) {
      this(value, threshold, false);
    }
  }

  /** A resolver for windows without delta policies: every delta is refused. */
  static <T> DeltaResolver<T> none() {
    return (attribute, delta) -> {
      throw new IllegalArgumentException(
          "delta(" + attribute + ", " + delta + "): no attributes are known for this window");
    };
  }
}
