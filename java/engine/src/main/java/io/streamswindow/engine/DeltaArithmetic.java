package io.streamswindow.engine;

/**
 * The comparisons of a {@code delta(a, d)} policy, as IBM's Java runtime makes them
 * (docs/decisions.md, "NaN and infinities in a float delta attribute"): a windowed tuple {@code w}
 * is in the window of an arriving {@code t} when {@code w.a >= t.a - d}, and a trigger boundary is
 * {@code t.a + d}, each sum or difference rounded in the attribute's own type (a {@code float32}
 * attribute to a float). So NaN and infinities need no rule of their own: a NaN on either side of
 * {@code >=} puts {@code w} out of the window, and a NaN boundary is never exceeded.
 *
 * <p>Rounding to a float after a double subtraction of two floats gives the float subtraction's
 * result: a double holds more than twice a float's digits, so the second rounding cannot differ.
 */
final class DeltaArithmetic {
  private final double delta;
  private final boolean float32;
  private long nonFinite;

  DeltaArithmetic(DeltaResolver.Delta<?> resolved) {
    this.delta = resolved.threshold();
    this.float32 = resolved.float32();
  }

  /** The lowest value still in the window of a tuple whose value is {@code value}. */
  double lowestInWindow(double value) {
    return round(value - delta);
  }

  /**
   * True when a windowed value is in the window whose lowest value is {@code lowest}: false when
   * either is NaN.
   */
  static boolean inWindow(double windowed, double lowest) {
    return windowed >= lowest;
  }

  /** The trigger boundary a tuple whose value is {@code value} sets. */
  double boundary(double value) {
    return round(value + delta);
  }

  /** Counts {@code value} when it is NaN or infinite; returns it. */
  double seen(double value) {
    if (!Double.isFinite(value)) {
      nonFinite++;
    }
    return value;
  }

  /** How many NaN or infinite values {@link #seen} counted. */
  long nonFinite() {
    return nonFinite;
  }

  private double round(double value) {
    return float32 ? (float) value : value;
  }
}
