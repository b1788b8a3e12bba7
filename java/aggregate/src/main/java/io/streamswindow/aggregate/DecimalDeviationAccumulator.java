package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.aggregate.StandardDeviation.Kind;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * SampleStdDev and PopulationStdDev of a decimal attribute over a sliding window's group:
 * Two-Stacks over the exact moments Σx and Σx², from which the recomputing fold computes the same
 * deviation ({@link StandardDeviation#ofDecimalMoments}). Exact sums are associative, and adding
 * them to zero gives the fold's scales, so the result is the fold's, digit for digit.
 */
final class DecimalDeviationAccumulator
    extends TwoStacksAccumulator<DecimalDeviationAccumulator.Moments> {
  private final int index;
  private final Kind kind;
  private final MathContext context;

  /** The exact Σx and Σx² of a stretch. */
  record Moments(BigDecimal sum, BigDecimal squares) {}

  DecimalDeviationAccumulator(int index, Kind kind, MathContext context) {
    this.index = index;
    this.kind = kind;
    this.context = context;
  }

  @Override
  Moments lift(Tuple tuple) {
    BigDecimal value = tuple.getBigDecimal(index);
    return new Moments(value, value.multiply(value));
  }

  @Override
  Moments combine(Moments older, Moments newer) {
    return new Moments(older.sum().add(newer.sum()), older.squares().add(newer.squares()));
  }

  @Override
  Object lower(Moments all, Group group) {
    return StandardDeviation.ofDecimalMoments(
        group.size(),
        BigDecimal.ZERO.add(all.sum()),
        BigDecimal.ZERO.add(all.squares()),
        kind,
        context);
  }
}
