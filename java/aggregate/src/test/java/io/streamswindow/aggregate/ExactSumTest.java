package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ExactSum} against exact arithmetic ({@link BigDecimal}, {@link BigInteger}) on sliding
 * sequences of random numbers: every value read equals the exact sum of the numbers held, rounded
 * once.
 */
class ExactSumTest {

  /** Doubles of every kind: small integers, wide exponents, subnormals, cancelling pairs. */
  private static double randomDouble(Random random) {
    switch (random.nextInt(6)) {
      case 0:
        return random.nextInt(2001) - 1000;
      case 1:
        return (random.nextDouble() - 0.5) * Math.pow(2, random.nextInt(200) - 100);
      case 2:
        return Double.longBitsToDouble(random.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL)
            * (random.nextBoolean() ? 1 : -1);
      case 3:
        return Double.MIN_VALUE * (random.nextInt(1000) - 500);
      case 4:
        return random.nextBoolean() ? 1e300 : -1e300;
      default:
        return random.nextGaussian();
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void aSlidingSumOfDoublesIsTheExactSumRoundedOnce(long seed) {
    Random random = new Random(seed);
    ExactSum sum = ExactSum.ofDoubles();
    Deque<Double> window = new ArrayDeque<>();
    int size = 1 + random.nextInt(50);
    for (int step = 0; step < 3000; step++) {
      double x = randomDouble(random);
      sum.add(x);
      window.addLast(x);
      if (window.size() > size) {
        sum.subtract(window.removeFirst());
      }
      BigDecimal exact = BigDecimal.ZERO;
      for (double v : window) {
        exact = exact.add(new BigDecimal(v));
      }
      assertEquals(exact.doubleValue(), sum.toDouble(), () -> "window " + window);
      assertEquals(exact.compareTo(BigDecimal.ZERO) == 0, sum.isZero());
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {6, 7, 8})
  void aSlidingSumOfFloatsRoundsOnceToAFloat(long seed) {
    Random random = new Random(seed);
    ExactSum sum = ExactSum.ofDoubles();
    Deque<Float> window = new ArrayDeque<>();
    for (int step = 0; step < 3000; step++) {
      float x =
          random.nextBoolean()
              ? (float) (random.nextGaussian() * Math.pow(2, random.nextInt(60) - 30))
              : Float.intBitsToFloat(random.nextInt() & 0x7F7F_FFFF);
      sum.add(x);
      window.addLast(x);
      if (window.size() > 20) {
        sum.subtract(window.removeFirst());
      }
      BigDecimal exact = BigDecimal.ZERO;
      for (float v : window) {
        exact = exact.add(new BigDecimal(v));
      }
      assertEquals(exact.floatValue(), sum.toFloat(), () -> "window " + window);
    }
  }

  @Test
  void tiesRoundToEvenAndTheRangeEndsInInfinity() {
    ExactSum sum = ExactSum.ofDoubles();
    sum.add(1.0);
    sum.add(Math.ulp(1.0) / 2); // exactly halfway between 1 and the next double: to even, 1
    assertEquals(1.0, sum.toDouble());
    sum.add(Math.ulp(1.0)); // 1 + 1.5 ulp: halfway between 1 + ulp and 1 + 2 ulp: to even
    assertEquals(1.0 + 2 * Math.ulp(1.0), sum.toDouble());
    sum.add(Double.MIN_VALUE); // just above a tie: up
    assertEquals(1.0 + 2 * Math.ulp(1.0), sum.toDouble());

    ExactSum big = ExactSum.ofDoubles();
    big.add(Double.MAX_VALUE);
    big.add(Double.MAX_VALUE);
    assertEquals(Double.POSITIVE_INFINITY, big.toDouble());
    big.subtract(Double.MAX_VALUE); // the exact sum comes back into range
    assertEquals(Double.MAX_VALUE, big.toDouble());
    big.subtract(Double.MAX_VALUE);
    big.subtract(Double.MAX_VALUE);
    big.subtract(Double.MAX_VALUE);
    assertEquals(Double.NEGATIVE_INFINITY, big.toDouble());
  }

  @Test
  void whatWasTakenAwayLeavesNoTraceAndZeroIsPositive() {
    ExactSum sum = ExactSum.ofDoubles();
    sum.add(-0.0);
    assertEquals(0.0, sum.toDouble());
    assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(sum.toDouble()));
    sum.add(1e-300);
    sum.add(1e300);
    sum.subtract(1e-300);
    sum.subtract(1e300);
    assertTrue(sum.isZero());
    assertThrows(IllegalArgumentException.class, () -> sum.add(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> sum.add(Double.POSITIVE_INFINITY));
  }

  @Test
  void squaresOfDoublesAreExactOverTheWholeRange() {
    Random random = new Random(9);
    ExactSum squares = ExactSum.ofDoubleSquares();
    BigDecimal exact = BigDecimal.ZERO;
    for (int i = 0; i < 500; i++) {
      double x = randomDouble(random);
      squares.addSquare(x);
      exact = exact.add(new BigDecimal(x).pow(2));
      if (i % 3 == 0) {
        double y = randomDouble(random);
        squares.addSquare(y);
        squares.subtractSquare(y);
      }
    }
    assertEquals(0, exact.compareTo(scaled(squares)));
  }

  @Test
  void integersOfEverySizeSumExactlyIntoLongsAndBigIntegers() {
    Random random = new Random(10);
    ExactSum sum = ExactSum.ofIntegers();
    ExactSum unsigned = ExactSum.ofIntegers();
    ExactSum squares = ExactSum.ofIntegers();
    Deque<Long> window = new ArrayDeque<>();
    for (int step = 0; step < 2000; step++) {
      long x =
          switch (random.nextInt(4)) {
            case 0 -> Long.MIN_VALUE;
            case 1 -> Long.MAX_VALUE;
            case 2 -> random.nextInt(100) - 50;
            default -> random.nextLong();
          };
      sum.add(x);
      unsigned.addUnsigned(x);
      squares.addSquare(Math.abs(x)); // |MIN_VALUE| reads as 2^63 unsigned
      window.addLast(x);
      if (window.size() > 7) {
        long old = window.removeFirst();
        sum.subtract(old);
        unsigned.subtractUnsigned(old);
        squares.subtractSquare(Math.abs(old));
      }
      BigInteger exact = BigInteger.ZERO;
      BigInteger exactUnsigned = BigInteger.ZERO;
      BigInteger exactSquares = BigInteger.ZERO;
      for (long v : window) {
        exact = exact.add(BigInteger.valueOf(v));
        BigInteger u = new BigInteger(Long.toUnsignedString(v));
        exactUnsigned = exactUnsigned.add(u);
        exactSquares = exactSquares.add(BigInteger.valueOf(v).pow(2));
      }
      assertEquals(exact, sum.toBigInteger());
      assertEquals(exactUnsigned, unsigned.toBigInteger());
      assertEquals(exactSquares, squares.toBigInteger());
      boolean fits = exact.bitLength() < 64;
      assertEquals(fits, sum.fitsLong(), "sum " + exact);
      if (fits) {
        assertEquals(exact.longValueExact(), sum.toLong());
      }
    }
  }

  @Test
  void theSmallestLongFitsAndOneBelowDoesNot() {
    ExactSum sum = ExactSum.ofIntegers();
    sum.add(Long.MIN_VALUE);
    assertTrue(sum.fitsLong());
    assertEquals(Long.MIN_VALUE, sum.toLong());
    sum.add(-1L);
    assertFalse(sum.fitsLong());
    assertEquals(BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE), sum.toBigInteger());
  }

  private static BigDecimal scaled(ExactSum sum) {
    BigDecimal unscaled = new BigDecimal(sum.unscaled());
    int exponent = sum.exponent();
    BigDecimal power = new BigDecimal(BigInteger.TWO.pow(Math.abs(exponent)));
    return exponent >= 0 ? unscaled.multiply(power) : unscaled.divide(power);
  }
}
