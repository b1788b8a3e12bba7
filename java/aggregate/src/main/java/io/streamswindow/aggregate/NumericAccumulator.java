package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * Folds the numbers of one SPL numeric type into a sum or an average, in that type's own
 * arithmetic: integers wrap around at their size, float32 adds in single precision, decimals round
 * to their IEEE context. State is kept in primitives, so adding a value allocates nothing (except
 * for decimals and an integer average whose sum leaves the {@code long} range).
 *
 * <pre>{@code
 * NumericAccumulator sum = NumericAccumulator.sum(MetaType.INT32);
 * sum.add(2);
 * sum.add(3);
 * sum.result();   // Integer 5
 * }</pre>
 */
interface NumericAccumulator {

  /** Adds one value, an object of the accumulator's type. */
  void add(Object value);

  /**
   * Adds the value of attribute {@code index} of {@code tuple}, of the accumulator's type. The
   * accumulators of numbers read it through the tuple's primitive getter: a pane or a window is
   * folded again at each trigger, and boxing every value each time was a good part of that.
   */
  default void addFrom(Tuple tuple, int index) {
    add(tuple.getObject(index));
  }

  /** Returns the sum or average of the values added, an object of the accumulator's type. */
  Object result();

  /** A new accumulator of the sum of values of {@code type}. */
  static NumericAccumulator sum(MetaType type) {
    if (ValueTypes.isInteger(type)) {
      return new IntegerSum(type);
    } else if (type == MetaType.FLOAT32) {
      return new Float32Sum();
    } else if (type == MetaType.FLOAT64) {
      return new Float64Sum();
    } else if (ValueTypes.isDecimal(type)) {
      return new DecimalSum(type.getMathContext());
    }
    throw new IllegalArgumentException(type + " is not numeric");
  }

  /**
   * A new accumulator of the average of values of {@code type}. Integer averages are truncated
   * toward zero, as SPL's integer division is; floats use SPL's running mean ({@code mean += (v -
   * mean) / n}), so results match Streams to the last bit.
   */
  static NumericAccumulator average(MetaType type) {
    if (ValueTypes.isInteger(type)) {
      return new IntegerAverage(type);
    } else if (type == MetaType.FLOAT32) {
      return new Float32Average();
    } else if (type == MetaType.FLOAT64) {
      return new Float64Average();
    } else if (ValueTypes.isDecimal(type)) {
      return new DecimalAverage(type.getMathContext());
    }
    throw new IllegalArgumentException(type + " is not numeric");
  }

  /** Sum of integers: a long that wraps, narrowed to the type's size at the end. */
  final class IntegerSum implements NumericAccumulator {
    private final MetaType type;
    private long sum;

    IntegerSum(MetaType type) {
      this.type = type;
    }

    @Override
    public void add(Object value) {
      sum += Numbers.toLong(value, type);
    }

    /** {@link Tuple#getLong} widens unsigned types as {@link Numbers#toLong} does. */
    @Override
    public void addFrom(Tuple tuple, int index) {
      sum += tuple.getLong(index);
    }

    @Override
    public Object result() {
      return Numbers.fromLong(sum, type);
    }
  }

  /** Sum of float32 values in single precision, as SPL adds them. */
  final class Float32Sum implements NumericAccumulator {
    private float sum;

    @Override
    public void add(Object value) {
      sum += (Float) value;
    }

    @Override
    public void addFrom(Tuple tuple, int index) {
      sum += tuple.getFloat(index);
    }

    @Override
    public Object result() {
      return sum;
    }
  }

  /** Sum of float64 values. */
  final class Float64Sum implements NumericAccumulator {
    private double sum;

    @Override
    public void add(Object value) {
      sum += (Double) value;
    }

    @Override
    public void addFrom(Tuple tuple, int index) {
      sum += tuple.getDouble(index);
    }

    @Override
    public Object result() {
      return sum;
    }
  }

  /** Sum of decimals, rounded to the type's context after every addition. */
  final class DecimalSum implements NumericAccumulator {
    private final MathContext context;
    private BigDecimal sum = BigDecimal.ZERO;

    DecimalSum(MathContext context) {
      this.context = context;
    }

    @Override
    public void add(Object value) {
      sum = sum.add((BigDecimal) value, context);
    }

    @Override
    public Object result() {
      return sum;
    }
  }

  /**
   * Average of integers: the exact sum (a long, or a BigInteger once it would overflow) divided by
   * the count, truncated toward zero.
   */
  final class IntegerAverage implements NumericAccumulator {
    private final MetaType type;
    private long sum;
    private BigInteger bigSum; // non-null once the sum left the long range
    private long count;

    IntegerAverage(MetaType type) {
      this.type = type;
    }

    @Override
    public void add(Object value) {
      count++;
      if (bigSum == null && type != MetaType.UINT64) {
        long v = Numbers.toLong(value, type);
        long next = sum + v;
        // Overflow only when both operands have the sign the result lacks.
        if (((sum ^ next) & (v ^ next)) >= 0) {
          sum = next;
          return;
        }
        bigSum = BigInteger.valueOf(sum);
      } else if (bigSum == null) {
        bigSum = BigInteger.valueOf(sum);
      }
      bigSum = bigSum.add(Numbers.toBigInteger(value, type));
    }

    @Override
    public Object result() {
      if (bigSum == null) {
        return Numbers.fromLong(sum / count, type);
      }
      return Numbers.fromLong(bigSum.divide(BigInteger.valueOf(count)).longValue(), type);
    }
  }

  /** SPL's running mean in single precision. */
  final class Float32Average implements NumericAccumulator {
    private float mean;
    private long count;

    @Override
    public void add(Object value) {
      add((float) (Float) value);
    }

    @Override
    public void addFrom(Tuple tuple, int index) {
      add(tuple.getFloat(index));
    }

    private void add(float value) {
      count++;
      mean += (value - mean) / count;
    }

    @Override
    public Object result() {
      return mean;
    }
  }

  /** SPL's running mean in double precision. */
  final class Float64Average implements NumericAccumulator {
    private double mean;
    private long count;

    @Override
    public void add(Object value) {
      add((double) (Double) value);
    }

    @Override
    public void addFrom(Tuple tuple, int index) {
      add(tuple.getDouble(index));
    }

    private void add(double value) {
      count++;
      mean += (value - mean) / count;
    }

    @Override
    public Object result() {
      return mean;
    }
  }

  /** Average of decimals: the sum divided by the count in the type's context. */
  final class DecimalAverage implements NumericAccumulator {
    private final MathContext context;
    private BigDecimal sum = BigDecimal.ZERO;
    private long count;

    DecimalAverage(MathContext context) {
      this.context = context;
    }

    @Override
    public void add(Object value) {
      count++;
      sum = sum.add((BigDecimal) value, context);
    }

    @Override
    public Object result() {
      return sum.divide(BigDecimal.valueOf(count), context);
    }
  }
}
