package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.List;

/**
 * The SampleStdDev and PopulationStdDev output functions: the standard deviation of a numeric
 * attribute over a group, as a value of the attribute's own type.
 *
 * <p>The population deviation divides the sum of squared differences from the mean by {@code n},
 * the sample deviation by {@code n - 1} (and is 0 for a single tuple, as in SPL). How each type is
 * computed:
 *
 * <ul>
 *   <li>Integers: exactly, from the exact moments (n·Σx² − (Σx)²) / (n·divisor), the square root
 *       truncated toward zero ({@link #ofIntegerMoments}).
 *   <li>Decimals: the same exact moments, divided in the type's precision plus two digits, the
 *       square root rounded to the type's context ({@link #ofDecimalMoments}).
 *   <li>Floats: here, over a window's tuples, in double precision with two passes (mean first),
 *       then converted to the attribute's type. A sliding window's incremental path uses exact
 *       moments instead ({@link #ofDoubleMoments}); docs/decisions.md states how far the two may
 *       differ.
 * </ul>
 *
 * <p>The exact forms give the same result however the moments were summed, so the incremental path
 * and this fold agree exactly for integers and decimals.
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

  /** SampleStdDev(x) or PopulationStdDev(x), computed over the group's tuples. */
  static GroupAggregator of(Attribute attribute, Kind kind) {
    int index = attribute.getIndex();
    MetaType type = attribute.getType().getMetaType();
    if (ValueTypes.isDecimal(type)) {
      return group -> decimal(group.tuples(), index, kind, type.getMathContext());
    } else if (ValueTypes.isInteger(type)) {
      return group -> integer(group.tuples(), index, type, kind);
    }
    return group -> Numbers.fromDouble(binary(group.tuples(), index, type, kind), type);
  }

  /**
   * The deviation of integers from their exact moments, truncated toward zero, as an object of the
   * integer type.
   *
   * @param n the number of values
   * @param sum Σx
   * @param squares Σx²
   */
  static Object ofIntegerMoments(
      long n, BigInteger sum, BigInteger squares, Kind kind, MetaType type) {
    long divisor = kind.divisor(n);
    if (divisor <= 0) {
      return Numbers.fromLong(0, type);
    }
    BigInteger spread = squares.multiply(BigInteger.valueOf(n)).subtract(sum.multiply(sum));
    // floor(sqrt(a / b)) == floor(sqrt(floor(a / b))) for a >= 0, b > 0.
    BigInteger variance =
        spread.divide(BigInteger.valueOf(n).multiply(BigInteger.valueOf(divisor)));
    return Numbers.fromLong(variance.sqrt().longValue(), type);
  }

  /**
   * The deviation of decimals from their exact moments: (n·Σx² − (Σx)²) / (n·divisor) in the type's
   * precision plus two digits, then the square root rounded to the type's context.
   */
  static BigDecimal ofDecimalMoments(
      long n, BigDecimal sum, BigDecimal squares, Kind kind, MathContext context) {
    long divisor = kind.divisor(n);
    if (divisor <= 0) {
      return BigDecimal.ZERO;
    }
    MathContext work = new MathContext(context.getPrecision() + 2, context.getRoundingMode());
    BigDecimal spread = squares.multiply(BigDecimal.valueOf(n)).subtract(sum.multiply(sum));
    BigDecimal variance =
        spread.divide(BigDecimal.valueOf(n).multiply(BigDecimal.valueOf(divisor)), work);
    return variance.sqrt(context);
  }

  /**
   * The deviation of doubles from their exact moments: the variance (n·Σx² − (Σx)²) / (n·divisor)
   * rounded once to a double, then its square root. The result is within a relative 2<sup>-52</sup>
   * of the exact deviation of the values, for every finite input.
   *
   * @param sum Σx, an {@link ExactSum#ofDoubles()}
   * @param squares Σx², an {@link ExactSum#ofDoubleSquares()}
   */
  static double ofDoubleMoments(long n, ExactSum sum, ExactSum squares, Kind kind) {
    long divisor = kind.divisor(n);
    if (divisor <= 0) {
      return 0.0;
    }
    // Σx = s·2^es and Σx² = q·2^eq; both terms of the spread scaled to 2^e0, e0 = min(eq, 2·es).
    BigInteger s = sum.unscaled();
    BigInteger q = squares.unscaled();
    int es2 = 2 * sum.exponent();
    int eq = squares.exponent();
    int e0 = Math.min(eq, es2);
    BigInteger spread =
        q.multiply(BigInteger.valueOf(n))
            .shiftLeft(eq - e0)
            .subtract(s.multiply(s).shiftLeft(es2 - e0));
    if (spread.signum() <= 0) {
      return 0.0;
    }
    BigInteger denominator = BigInteger.valueOf(n).multiply(BigInteger.valueOf(divisor));
    // A quotient of at least 63 bits, its last bit set when the division is inexact, rounds to
    // the double nearest the exact quotient.
    int shift = Math.max(0, 64 + denominator.bitLength() - spread.bitLength());
    BigInteger[] qr = spread.shiftLeft(shift).divideAndRemainder(denominator);
    BigInteger quotient = qr[1].signum() == 0 ? qr[0] : qr[0].setBit(0);
    int exponent = e0 - shift; // variance = quotient·2^exponent
    int excess = Math.max(0, quotient.bitLength() - 64);
    if (((exponent + excess) & 1) != 0) {
      excess++; // an even power of two halves exactly under the square root
    }
    double mantissa = ExactSum.shiftRightSticky(quotient, excess).doubleValue();
    return Math.scalb(Math.sqrt(mantissa), (exponent + excess) / 2);
  }

  private static Object integer(List<Tuple> tuples, int index, MetaType type, Kind kind) {
    ExactSum sum = ExactSum.ofIntegers();
    ExactSum squares = ExactSum.ofIntegers();
    for (Tuple tuple : tuples) {
      IntegerMoments.add(tuple.getObject(index), type, sum, squares);
    }
    return ofIntegerMoments(tuples.size(), sum.toBigInteger(), squares.toBigInteger(), kind, type);
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
    BigDecimal sum = BigDecimal.ZERO;
    BigDecimal squares = BigDecimal.ZERO;
    for (Tuple tuple : tuples) {
      BigDecimal value = tuple.getBigDecimal(index);
      sum = sum.add(value);
      squares = squares.add(value.multiply(value));
    }
    return ofDecimalMoments(tuples.size(), sum, squares, kind, context);
  }
}
