package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import java.math.BigInteger;

/**
 * Average of an integer attribute over a sliding window's group: the exact sum ({@link ExactSum};
 * unsigned types read as unsigned) divided by the count, truncated toward zero, as the recomputing
 * fold does.
 */
final class IntegerAverageAccumulator extends InvertibleAccumulator {
  private final int index;
  private final MetaType type;
  private final ExactSum sum = ExactSum.ofIntegers();

  IntegerAverageAccumulator(int index, MetaType type) {
    this.index = index;
    this.type = type;
  }

  @Override
  public void push(Tuple tuple) {
    long value = Numbers.toLong(tuple.getObject(index), type);
    if (type == MetaType.UINT64) {
      sum.addUnsigned(value);
    } else {
      sum.add(value);
    }
  }

  @Override
  public void pop(Tuple tuple) {
    long value = Numbers.toLong(tuple.getObject(index), type);
    if (type == MetaType.UINT64) {
      sum.subtractUnsigned(value);
    } else {
      sum.subtract(value);
    }
  }

  @Override
  public Object result(int frontSlot, Group group) {
    long count = group.size();
    if (sum.fitsLong()) {
      return Numbers.fromLong(sum.toLong() / count, type);
    }
    return Numbers.fromLong(sum.toBigInteger().divide(BigInteger.valueOf(count)).longValue(), type);
  }
}
