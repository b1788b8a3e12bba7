package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;

/**
 * Sum and Average of a float64 or float32 attribute over a sliding window's group: the exact sum of
 * the finite values ({@link ExactSum}), NaNs and infinities counted apart.
 *
 * <p>Sum is the exact sum rounded once to the attribute's type; Average is that sum, rounded to a
 * double, divided by the count (within a relative 2<sup>-52</sup> of the exact mean; computed from
 * the exact sum when the sum alone leaves the double range). Both depend only on the values held,
 * not on the order they came and went in. The recomputing fold adds left to right (Sum) and keeps
 * SPL's running mean (Average), so the two paths may differ in the last bits; docs/decisions.md
 * states the bound.
 */
final class FloatSumAccumulator extends InvertibleAccumulator {
  /** What the accumulator gives. */
  enum Result {
    /** Sum(x). */
    SUM,
    /** Average(x). */
    AVERAGE
  }

  private final int index;
  private final boolean float32;
  private final Result result;
  private final ExactSum sum = ExactSum.ofDoubles();
  private final NonFiniteValues special = new NonFiniteValues();

  /**
   * Creates the accumulator.
   *
   * @param index the attribute's index
   * @param float32 true for a float32 attribute, false for float64
   * @param result Sum or Average
   */
  FloatSumAccumulator(int index, boolean float32, Result result) {
    this.index = index;
    this.float32 = float32;
    this.result = result;
  }

  @Override
  public void push(Tuple tuple) {
    double value = tuple.getDouble(index);
    if (!special.add(value)) {
      sum.add(value);
    }
  }

  @Override
  public void pop(Tuple tuple) {
    double value = tuple.getDouble(index);
    if (!special.subtract(value)) {
      sum.subtract(value);
    }
  }

  @Override
  public Object result(int frontSlot, Group group) {
    if (result == Result.SUM) {
      if (special.any()) {
        return float32 ? (Object) (float) special.sum() : (Object) special.sum();
      }
      return float32 ? (Object) sum.toFloat() : (Object) sum.toDouble();
    }
    int count = group.size();
    double mean;
    if (special.any()) {
      mean = special.sum();
    } else {
      mean = sum.toDouble() / count;
      if (Double.isInfinite(mean)) {
        mean = sum.dividedBy(count);
      }
    }
    return float32 ? (Object) (float) mean : (Object) mean;
  }
}
