package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.aggregate.StandardDeviation.Kind;

/**
 * SampleStdDev and PopulationStdDev of a float64 or float32 attribute over a sliding window's
 * group: the exact moments Σx and Σx² ({@link ExactSum}), NaNs and infinities counted apart (any of
 * them gives NaN, as the two-pass fold does). The deviation is within a relative 2<sup>-52</sup> of
 * the exact one ({@link StandardDeviation#ofDoubleMoments}) and depends only on the values held.
 */
final class FloatDeviationAccumulator extends InvertibleAccumulator {
  private final int index;
  private final MetaType type;
  private final Kind kind;
  private final ExactSum sum = ExactSum.ofDoubles();
  private final ExactSum squares = ExactSum.ofDoubleSquares();
  private final NonFiniteValues special = new NonFiniteValues();

  FloatDeviationAccumulator(int index, MetaType type, Kind kind) {
    this.index = index;
    this.type = type;
    this.kind = kind;
  }

  @Override
  public void push(Tuple tuple) {
    double value = tuple.getDouble(index);
    if (!special.add(value)) {
      sum.add(value);
      squares.addSquare(value);
    }
  }

  @Override
  public void pop(Tuple tuple) {
    double value = tuple.getDouble(index);
    if (!special.subtract(value)) {
      sum.subtract(value);
      squares.subtractSquare(value);
    }
  }

  @Override
  public Object result(int frontSlot, Group group) {
    long count = group.size();
    double deviation;
    if (kind.divisor(count) <= 0) {
      deviation = 0.0;
    } else if (special.any()) {
      deviation = Double.NaN;
    } else {
      deviation = StandardDeviation.ofDoubleMoments(count, sum, squares, kind);
    }
    return Numbers.fromDouble(deviation, type);
  }
}
