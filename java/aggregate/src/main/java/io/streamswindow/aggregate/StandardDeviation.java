package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * The SampleStdDev and PopulationStdDev output functions: the standard deviation of a numeric
 * attribute over a group, as a value of the attribute's own type.
 *
 * <p>The population deviation divides the sum of squared differences from the mean by {@code n},
 * the sample deviation by {@code n - 1} (and is 0 for a single tuple, as in SPL). Integers and
 * floats are computed in double precision with two passes (mean first), then converted to the
 * attribute's type, integers truncated toward zero; decimals are computed in decimal arithmetic of
 * the type's precision.
 */
final class StandardDeviation {
  private StandardDeviation() {}

  /** Which deviation is computed. */
  enum Kind {
    /** Divides by n - 1. */
    SAMPLE,
    /** Divides by n. */
    POPULATION;

    long divisor(long count) {
      return this == SAMPLE ? count - 1 : count;
    }
  }

  /** SampleStdDev(x) or PopulationStdDev(x). */
  static GroupAggregator of(Attribute attribute, Kind kind) {
    int index = attribute.getIndex();
    MetaType type = attribute.getType().getMetaType();
    if (ValueTypes.isDecimal(type)) {
      return group -> decimal(group.tuples(), index, kind, type.getMathContext());
    }
    return group -> Numbers.fromDouble(binary(group.tuples(), index, type, kind), type);
  }

  private static double binary(List<Tuple> tuples, int index, MetaType type, Kind kind) {
    long n = tuples.size();
    long divisor = kind.divisor(n);
    if (divisor <= 0) {
      return 0.0;
    }
    double[] values = new double[tuples.size()];
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      values[i] = Numbers.toDouble(tuples.get(i).getObject(index), type);
      sum += values[i];
    }
    double mean = sum / n;
    double squares = 0;
    for (double value : values) {
      squares += (value - mean) * (value - mean);
    }
    return Math.sqrt(squares / divisor);
  }

  private static BigDecimal decimal(List<Tuple> tuples, int index, Kind kind, MathContext context) {
    long n = tuples.size();
    long divisor = kind.divisor(n);
    if (divisor <= 0) {
      return BigDecimal.ZERO;
    }
    // Two more digits while summing, so that rounding does not reach the result's last digit.
    MathContext work = new MathContext(context.getPrecision() + 2, context.getRoundingMode());
    BigDecimal sum = BigDecimal.ZERO;
    for (Tuple tuple : tuples) {
      sum = sum.add(tuple.getBigDecimal(index), work);
    }
    BigDecimal mean = sum.divide(BigDecimal.valueOf(n), work);
    BigDecimal squares = BigDecimal.ZERO;
    for (Tuple tuple : tuples) {
      BigDecimal difference = tuple.getBigDecimal(index).subtract(mean, work);
      squares = squares.add(difference.multiply(difference, work), work);
    }
    return squares.divide(BigDecimal.valueOf(divisor), work).sqrt(context);
  }
}
