package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;

/**
 * Sum of an integer attribute over a sliding window's group: a long that wraps, as SPL's integer
 * arithmetic does. Wrapping addition has an exact inverse, so a departing value is subtracted and
 * the result is the recomputing fold's.
 */
final class IntegerSumAccumulator extends InvertibleAccumulator {
  private final int index;
  private final MetaType type;
  private long sum;

  IntegerSumAccumulator(int index, MetaType type) {
    this.index = index;
    this.type = type;
  }

  @Override
  public void push(Tuple tuple) {
    sum += Numbers.toLong(tuple.getObject(index), type);
  }

  @Override
  public void pop(Tuple tuple) {
    sum -= Numbers.toLong(tuple.getObject(index), type);
  }

  @Override
  public Object result(int frontSlot, Group group) {
    return Numbers.fromLong(sum, type);
  }
}
