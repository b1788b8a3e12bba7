package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * The error bounds docs/decisions.md states for float Sum, Average and standard deviations, checked
 * against exact arithmetic over the values of a window's group: the incremental path's (the exact
 * sum rounded once; means and deviations within a relative 2^-52, or one float ulp) and the
 * recomputing fold's (the classical bounds of a left-to-right sum, SPL's running mean and a
 * two-pass deviation).
 */
final class FloatBounds {
  private static final MathContext WIDE = new MathContext(60);

  private final List<? extends Number> values;
  private final boolean float32;
  private final int n;
  private final BigDecimal sum;
  private final BigDecimal magnitudes;
  private final BigDecimal largest;

  /**
   * The bounds for a group holding {@code values} (finite floats or doubles).
   *
   * @param float32 true when the attribute is float32: results round to float, the fold adds in
   *     single precision
   */
  FloatBounds(List<? extends Number> values, boolean float32) {
    this.values = values;
    this.float32 = float32;
    this.n = values.size();
    BigDecimal s = BigDecimal.ZERO;
    BigDecimal m = BigDecimal.ZERO;
    BigDecimal l = BigDecimal.ZERO;
    for (Number value : values) {
      BigDecimal exact = new BigDecimal(value.doubleValue());
      s = s.add(exact);
      m = m.add(exact.abs());
      l = l.max(exact.abs());
    }
    this.sum = s;
    this.magnitudes = m;
    this.largest = l;
  }

  /** The unit roundoff of the attribute's type. */
  private double u() {
    return float32 ? 0x1p-24 : 0x1p-53;
  }

  /** The incremental Sum is the exact sum rounded once to the type. */
  void incrementalSum(Number actual) {
    Number expected = float32 ? (Number) sum.floatValue() : (Number) sum.doubleValue();
    assertEquals(expected, actual, () -> "Sum of " + values);
  }

  /** A left-to-right sum is within (n - 1)·u·Σ|x| of the exact sum. */
  void foldSum(Number actual) {
    within(actual, sum, magnitudes.multiply(big((n - 1) * u() * 1.001)), "fold Sum");
  }

  /** The incremental Average is within a relative 2^-52 (float32: 2^-23) of the exact mean. */
  void incrementalAverage(Number actual) {
    BigDecimal mean = mean();
    within(actual, mean, mean.abs().multiply(big(float32 ? 0x1p-23 : 0x1p-52)), "Average");
  }

  /** SPL's running mean is within (n + 4·H(n) + 1)·u·max|x| of the exact mean. */
  void foldAverage(Number actual) {
    double harmonic = 0;
    for (int k = 1; k <= n; k++) {
      harmonic += 1.0 / k;
    }
    BigDecimal bound = largest.multiply(big((n + 4 * harmonic + 1) * u() * 1.001));
    within(actual, mean(), bound, "fold Average");
  }

  /** The incremental deviation is within a relative 2^-52 (float32: 2^-23) of the exact one. */
  void incrementalDeviation(Number actual, boolean sample) {
    BigDecimal deviation = deviation(sample);
    within(actual, deviation, deviation.multiply(big(float32 ? 0x1p-23 : 0x1p-52)), "deviation");
  }

  /**
   * The two-pass deviation in double precision: the computed mean is off by at most Δ = 2u·Σ|x|,
   * which adds n·Δ² to the squared deviations; the sum of squares adds (n + 4)u relatively, the
   * square root and the conversion to the type a rounding each.
   */
  void foldDeviation(Number actual, boolean sample) {
    long divisor = sample ? n - 1 : n;
    if (divisor <= 0) {
      assertEquals(0.0, actual.doubleValue());
      return;
    }
    double ud = 0x1p-53;
    BigDecimal squares = squares();
    BigDecimal delta = magnitudes.multiply(big(2 * ud));
    BigDecimal low =
        squares.multiply(big(1 - (n + 4) * ud)).divide(BigDecimal.valueOf(divisor), WIDE);
    BigDecimal high =
        squares
            .add(delta.multiply(delta).multiply(BigDecimal.valueOf(n)))
            .multiply(big(1 + (n + 4) * ud))
            .divide(BigDecimal.valueOf(divisor), WIDE);
    double rounding = 1 + 2 * ud + (float32 ? 0x1p-24 : 0);
    double lowest = Math.sqrt(Math.max(0, low.doubleValue())) / rounding / (1 + 2 * ud);
    double highest = Math.sqrt(high.doubleValue()) * rounding * (1 + 2 * ud);
    double value = actual.doubleValue();
    assertTrue(
        value >= lowest && value <= highest,
        () ->
            "fold deviation " + value + " outside [" + lowest + ", " + highest + "] of " + values);
  }

  private BigDecimal mean() {
    return sum.divide(BigDecimal.valueOf(n), WIDE);
  }

  /** Σ(x - mean)² = (n·Σx² - (Σx)²) / n: exactly zero when it is. */
  private BigDecimal squares() {
    BigDecimal sumOfSquares = BigDecimal.ZERO;
    for (Number value : values) {
      BigDecimal x = new BigDecimal(value.doubleValue());
      sumOfSquares = sumOfSquares.add(x.multiply(x));
    }
    return sumOfSquares
        .multiply(BigDecimal.valueOf(n))
        .subtract(sum.multiply(sum))
        .divide(BigDecimal.valueOf(n), WIDE);
  }

  private BigDecimal deviation(boolean sample) {
    long divisor = sample ? n - 1 : n;
    if (divisor <= 0) {
      return BigDecimal.ZERO;
    }
    return squares().divide(BigDecimal.valueOf(divisor), WIDE).sqrt(WIDE);
  }

  private static BigDecimal big(double value) {
    return new BigDecimal(value);
  }

  private void within(Number actual, BigDecimal expected, BigDecimal bound, String what) {
    BigDecimal error = new BigDecimal(actual.doubleValue()).subtract(expected).abs();
    assertTrue(
        error.compareTo(bound) <= 0,
        () ->
            what
                + " "
                + actual
                + " is "
                + error
                + " from "
                + expected
                + ", beyond "
                + bound
                + ", for "
                + values);
  }
}
