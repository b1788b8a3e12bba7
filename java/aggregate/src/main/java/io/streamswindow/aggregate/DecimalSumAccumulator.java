package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Sum and Average of a decimal attribute over a sliding window's group: Two-Stacks over exact
 * (unrounded) sums of the values and of their magnitudes.
 *
 * <p>The recomputing fold rounds to the type's context after every addition. When the sum of the
 * magnitudes, at the largest scale of the values, fits the context's precision, no partial sum of
 * the fold needs rounding, in any order, so the fold's sum is the exact sum, its scale included
 * ({@code 0 + v1 + v2...}: the largest of 0 and the values' scales); this accumulator then gives it
 * in O(1). Otherwise the fold's roundings decide the result, and the accumulator calls the fold
 * over the group's tuples (O(n), only for such windows). Exact sums are associative, so the
 * Two-Stacks grouping changes nothing.
 */
final class DecimalSumAccumulator extends TwoStacksAccumulator<DecimalSumAccumulator.Sums> {
  private final int index;
  private final MathContext context;
  private final boolean average;
  private final GroupAggregator fold;

  /** The exact sum of a stretch's values and of their magnitudes. */
  record Sums(BigDecimal sum, BigDecimal magnitude) {}

  /**
   * Creates the accumulator.
   *
   * @param index the attribute's index
   * @param context the decimal type's context
   * @param average true for Average, false for Sum
   * @param fold the recomputing Sum or Average, for windows whose sums round
   */
  DecimalSumAccumulator(int index, MathContext context, boolean average, GroupAggregator fold) {
    this.index = index;
    this.context = context;
    this.average = average;
    this.fold = fold;
  }

  @Override
  Sums lift(Tuple tuple) {
    BigDecimal value = tuple.getBigDecimal(index);
    return new Sums(value, value.abs());
  }

  @Override
  Sums combine(Sums older, Sums newer) {
    return new Sums(older.sum().add(newer.sum()), older.magnitude().add(newer.magnitude()));
  }

  @Override
  Object lower(Sums all, Group group) {
    // Adding to zero gives the fold's scale: the largest of 0 and the values' scales.
    if (BigDecimal.ZERO.add(all.magnitude()).precision() > context.getPrecision()) {
      return fold.aggregate(group);
    }
    BigDecimal sum = BigDecimal.ZERO.add(all.sum());
    return average ? sum.divide(BigDecimal.valueOf(group.size()), context) : sum;
  }
}
