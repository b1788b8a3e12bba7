package io.streamswindow.aggregate;

/**
 * The NaNs and infinities among a sliding window's float values, counted apart from the finite
 * values' {@link ExactSum}, which cannot hold them.
 */
final class NonFiniteValues {
  private int nans;
  private int positive;
  private int negative;

  /** Counts {@code value} when it is not finite; returns whether it was not. */
  boolean add(double value) {
    return count(value, 1);
  }

  /** Takes {@code value}, counted before, away again; returns whether it was not finite. */
  boolean subtract(double value) {
    return count(value, -1);
  }

  private boolean count(double value, int change) {
    if (Double.isFinite(value)) {
      return false;
    }
    if (Double.isNaN(value)) {
      nans += change;
    } else if (value > 0) {
      positive += change;
    } else {
      negative += change;
    }
    return true;
  }

  /** True when any value held is NaN or infinite. */
  boolean any() {
    return nans + positive + negative > 0;
  }

  /**
   * What any sum of the values held gives, as a left-to-right sum does: NaN with a NaN or with
   * infinities of both signs, otherwise the infinity held. Only meaningful when {@link #any()}.
   */
  double sum() {
    if (nans > 0 || (positive > 0 && negative > 0)) {
      return Double.NaN;
    }
    return positive > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
  }

  /** Counts the values {@code other} counted too. */
  void add(NonFiniteValues other) {
    nans += other.nans;
    positive += other.positive;
    negative += other.negative;
  }
}
