package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.aggregate.StandardDeviation.Kind;

/**
 * SampleStdDev and PopulationStdDev of an integer attribute over a sliding window's group: the
 * exact moments Σx and Σx² ({@link IntegerMoments}), from which the recomputing fold computes the
 * same deviation ({@link StandardDeviation#ofIntegerMoments}).
 */
final class IntegerDeviationAccumulator extends InvertibleAccumulator {
  private final int index;
  private final MetaType type;
  private final Kind kind;
  private final ExactSum sum = ExactSum.ofIntegers();
  private final ExactSum squares = ExactSum.ofIntegers();

  IntegerDeviationAccumulator(int index, MetaType type, Kind kind) {
    this.index = index;
    this.type = type;
    this.kind = kind;
  }

  @Override
  public void push(Tuple tuple) {
    IntegerMoments.add(tuple.getObject(index), type, sum, squares);
  }

  @Override
  public void pop(Tuple tuple) {
    IntegerMoments.subtract(tuple.getObject(index), type, sum, squares);
  }

  @Override
  public Object result(int frontSlot, Group group) {
    return StandardDeviation.ofIntegerMoments(
        group.size(), sum.toBigInteger(), squares.toBigInteger(), kind, type);
  }
}
