package io.streamswindow.aggregate;

import java.math.BigInteger;

/**
 * An exact sum of numbers of the form ±m·2<sup>e</sup> (integers, every finite float64 and float32,
 * and their squares), from which a number added before can be taken away again exactly.
 *
 * <p>The sum is a fixed-point number whose least bit weighs 2<sup>unit</sup>, held as signed 32-bit
 * digits in {@code long}s over the range of digits the numbers touched. Adding a number adds its
 * bits to at most three digits, without carrying; carries are resolved only when the value is read.
 * Subtracting the same number subtracts the same bits from the same digits, so what was added and
 * then taken away leaves no trace: the sum of a sliding window's values is exact whatever the order
 * of arrivals and departures, and it does not depend on the history of the window (two windows
 * holding the same values hold equal sums). Reading it as a double or float rounds once, to nearest
 * even.
 *
 * <p>A digit accumulates at most 2<sup>32</sup> per number held, so the sum stays exact while it
 * holds fewer than 2<sup>30</sup> numbers (a sliding window's group, at most). Not thread-safe.
 *
 * <pre>{@code
 * ExactSum sum = ExactSum.ofDoubles();
 * sum.add(1e20); sum.add(1.0); sum.add(-1e20);
 * sum.toDouble();   // 1.0 (a left-to-right double sum gives 0.0)
 * }</pre>
 */
final class ExactSum {
  /** The weight of the least bit of a sum of doubles: the smallest subnormal, 2^-1074. */
  static final int DOUBLE_UNIT = -1074;

  private static final long DIGIT_MASK = 0xFFFF_FFFFL;
  private static final long[] NO_DIGITS = new long[0];

  private final int unit;

  /** digits[i] weighs 2^(unit + 32 * (first + i)); each may be any long, carries unresolved. */
  private long[] digits = NO_DIGITS;

  private int first;

  /** Scratch for reading: the digits with carries resolved, as a magnitude. */
  private long[] magnitude = NO_DIGITS;

  private int magnitudeLength;
  private boolean negative;

  private ExactSum(int unit) {
    this.unit = unit;
  }

  /** A sum of integers (numbers of the form ±m·2^e with e ≥ 0). */
  static ExactSum ofIntegers() {
    return new ExactSum(0);
  }

  /** A sum of finite doubles and floats. */
  static ExactSum ofDoubles() {
    return new ExactSum(DOUBLE_UNIT);
  }

  /** A sum of the squares of finite doubles and floats (their least bit weighs 2^-2148). */
  static ExactSum ofDoubleSquares() {
    return new ExactSum(2 * DOUBLE_UNIT);
  }

  /** Adds a finite double (or a float, widened exactly). */
  void add(double value) {
    addDouble(value, false);
  }

  /** Takes a finite double added before away again. */
  void subtract(double value) {
    addDouble(value, true);
  }

  /** Adds the exact square of a finite double; a sum made with {@link #ofDoubleSquares}. */
  void addSquare(double value) {
    addSquareOfDouble(value, false);
  }

  /** Takes the square of a finite double added before away again. */
  void subtractSquare(double value) {
    addSquareOfDouble(value, true);
  }

  /**
   * Adds another sum of the same kind (both of doubles, or both of integers...), exactly: the
   * partial sums of a sliced window's slices combine into a pane's (docs/architecture.md, "Stream
   * slicing"). {@code other} is unchanged.
   */
  void add(ExactSum other) {
    if (other.unit != unit) {
      throw new IllegalArgumentException(
          "sums of different units: 2^" + other.unit + ", 2^" + unit);
    }
    for (int i = 0; i < other.digits.length; i++) {
      long d = other.digits[i];
      if (d != 0) {
        int at = reserve(other.first + i); // may replace the array: reserve first
        digits[at] += d;
      }
    }
  }

  /** A copy of this sum, which changes apart from it. */
  ExactSum copy() {
    ExactSum copy = new ExactSum(unit);
    copy.add(this);
    return copy;
  }

  /** Adds a signed 64-bit integer. */
  void add(long value) {
    addBits(value < 0 ? -value : value, 0, value < 0); // -MIN_VALUE is 2^63 read unsigned
  }

  /** Takes a signed 64-bit integer added before away again. */
  void subtract(long value) {
    addBits(value < 0 ? -value : value, 0, value >= 0);
  }

  /** Adds an unsigned 64-bit integer given by its bits. */
  void addUnsigned(long bits) {
    addBits(bits, 0, false);
  }

  /** Takes an unsigned 64-bit integer added before away again. */
  void subtractUnsigned(long bits) {
    addBits(bits, 0, true);
  }

  /** Adds the square of an integer given by its magnitude, read unsigned. */
  void addSquare(long magnitude) {
    addSquareOfMagnitude(magnitude, false);
  }

  /** Takes the square of an integer's magnitude added before away again. */
  void subtractSquare(long magnitude) {
    addSquareOfMagnitude(magnitude, true);
  }

  private void addDouble(double value, boolean subtract) {
    long bits = Double.doubleToRawLongBits(value);
    int biased = (int) (bits >>> 52) & 0x7FF;
    long mantissa = bits & 0xF_FFFF_FFFF_FFFFL;
    if (biased == 0x7FF) {
      throw new IllegalArgumentException("not a finite number: " + value);
    }
    if (biased != 0) {
      mantissa |= 1L << 52;
    } else {
      biased = 1; // subnormal: no implicit bit, same exponent as the smallest normal
    }
    addBits(mantissa, biased - 1075, (bits < 0) != subtract);
  }

  private void addSquareOfDouble(double value, boolean subtract) {
    long bits = Double.doubleToRawLongBits(value);
    int biased = (int) (bits >>> 52) & 0x7FF;
    long mantissa = bits & 0xF_FFFF_FFFF_FFFFL;
    if (biased == 0x7FF) {
      throw new IllegalArgumentException("not a finite number: " + value);
    }
    if (biased != 0) {
      mantissa |= 1L << 52;
    } else {
      biased = 1;
    }
    int exponent = 2 * (biased - 1075);
    // m < 2^53, so m^2 < 2^106: a low and a high 64-bit part.
    addBits(mantissa * mantissa, exponent, subtract);
    addBits(Math.multiplyHigh(mantissa, mantissa), exponent + 64, subtract);
  }

  private void addSquareOfMagnitude(long magnitude, boolean subtract) {
    // The unsigned 128-bit product: multiplyHigh is signed, corrected for a set top bit.
    long high = Math.multiplyHigh(magnitude, magnitude) + ((magnitude >> 63) & magnitude) * 2;
    addBits(magnitude * magnitude, 0, subtract);
    addBits(high, 64, subtract);
  }

  /** Adds (or subtracts) m·2^exponent, m read as an unsigned 64-bit integer. */
  private void addBits(long m, int exponent, boolean subtract) {
    if (m == 0) {
      return;
    }
    int position = exponent - unit;
    if (position < 0) {
      throw new IllegalArgumentException("2^" + exponent + " is below this sum's unit 2^" + unit);
    }
    int index = position >>> 5;
    int shift = position & 31;
    long shifted = m << shift;
    long d0 = shifted & DIGIT_MASK;
    long d1 = shifted >>> 32;
    long d2 = shift == 0 ? 0 : m >>> (64 - shift);
    int i = reserve(index);
    if (subtract) {
      digits[i] -= d0;
      digits[i + 1] -= d1;
      digits[i + 2] -= d2;
    } else {
      digits[i] += d0;
      digits[i + 1] += d1;
      digits[i + 2] += d2;
    }
  }

  /** Makes digits index .. index + 2 exist; returns the array position of digit {@code index}. */
  private int reserve(int index) {
    if (digits.length == 0) {
      digits = new long[8];
      first = index;
    } else if (index < first || index + 2 >= first + digits.length) {
      int low = Math.min(first, index);
      int high = Math.max(first + digits.length, index + 3);
      int length = Math.max(high - low, 2 * digits.length);
      // Grow toward the side that was exceeded, keeping room on it.
      int newFirst = index < first ? high - length : low;
      long[] grown = new long[length];
      System.arraycopy(digits, 0, grown, first - newFirst, digits.length);
      digits = grown;
      first = newFirst;
    }
    return index - first;
  }

  /** True when the sum is zero. */
  boolean isZero() {
    resolve();
    return magnitudeLength == 0;
  }

  /** The sum rounded to the nearest double, ties to even; ±infinity beyond the double range. */
  double toDouble() {
    return round(53);
  }

  /** The sum rounded to the nearest float, ties to even; ±infinity beyond the float range. */
  float toFloat() {
    // Rounded once to 24 bits; the cast is exact, or gives the infinity the rounding reached.
    return (float) round(24);
  }

  /**
   * The sum divided by a positive count, rounded once to the nearest double (for a mean whose sum
   * alone leaves the double range).
   */
  double dividedBy(long count) {
    BigInteger s = unscaled();
    if (s.signum() == 0) {
      return 0.0;
    }
    BigInteger magnitude = s.abs();
    BigInteger divisor = BigInteger.valueOf(count);
    int shift = Math.max(0, 64 + divisor.bitLength() - magnitude.bitLength());
    BigInteger[] qr = magnitude.shiftLeft(shift).divideAndRemainder(divisor);
    BigInteger quotient = qr[1].signum() == 0 ? qr[0] : qr[0].setBit(0);
    int excess = Math.max(0, quotient.bitLength() - 64);
    double result =
        Math.scalb(shiftRightSticky(quotient, excess).doubleValue(), exponent() - shift + excess);
    return s.signum() < 0 ? -result : result;
  }

  /**
   * {@code value >> bits} with its last bit set when a bit shifted out was set: a number of at
   * least 55 bits so shortened still rounds to the double nearest the whole.
   */
  static BigInteger shiftRightSticky(BigInteger value, int bits) {
    if (bits == 0) {
      return value;
    }
    BigInteger shifted = value.shiftRight(bits);
    return value.getLowestSetBit() < bits ? shifted.setBit(0) : shifted;
  }

  /** The sum as an integer {@code m} with sum = m·2^{@link #exponent()}, exactly. */
  BigInteger unscaled() {
    resolve();
    if (magnitudeLength == 0) {
      return BigInteger.ZERO;
    }
    byte[] bytes = new byte[4 * magnitudeLength];
    for (int i = 0; i < magnitudeLength; i++) {
      long digit = magnitude[magnitudeLength - 1 - i];
      bytes[4 * i] = (byte) (digit >>> 24);
      bytes[4 * i + 1] = (byte) (digit >>> 16);
      bytes[4 * i + 2] = (byte) (digit >>> 8);
      bytes[4 * i + 3] = (byte) digit;
    }
    return new BigInteger(negative ? -1 : 1, bytes);
  }

  /** The power of two {@link #unscaled()} is scaled by. */
  int exponent() {
    return unit + 32 * first;
  }

  /**
   * The sum of integers as a BigInteger.
   *
   * @throws IllegalStateException for a sum whose unit is below 1
   */
  BigInteger toBigInteger() {
    if (unit < 0) {
      throw new IllegalStateException("not a sum of integers");
    }
    return unscaled().shiftLeft(exponent());
  }

  /** True when the sum of integers lies in the range of a long, so {@link #toLong()} is exact. */
  boolean fitsLong() {
    resolve();
    if (magnitudeLength == 0) {
      return true;
    }
    long highest = magnitude[magnitudeLength - 1];
    int bits = 32 * (magnitudeLength - 1) + 64 - Long.numberOfLeadingZeros(highest);
    int top = bits + exponent(); // bit length of the magnitude
    return unit >= 0 && (top < 64 || (negative && top == 64 && isPowerOfTwo()));
  }

  /** The sum of integers as a long; exact when {@link #fitsLong()}. */
  long toLong() {
    resolve();
    long value = 0;
    int shift = exponent();
    for (int i = 0; i < magnitudeLength; i++) {
      int at = shift + 32 * i;
      if (at < 64) {
        value |= magnitude[i] << at;
      }
    }
    return negative ? -value : value;
  }

  private boolean isPowerOfTwo() {
    for (int i = 0; i < magnitudeLength - 1; i++) {
      if (magnitude[i] != 0) {
        return false;
      }
    }
    return Long.bitCount(magnitude[magnitudeLength - 1]) == 1;
  }

  /**
   * Rounds the sum to {@code bits} significant bits, to nearest even, and returns it as a double. A
   * result below the double's normal range needs fewer than 53 bits and is exact.
   */
  private double round(int bits) {
    resolve();
    int t = magnitudeLength - 1;
    if (t < 0) {
      return 0.0;
    }
    long top = magnitude[t];
    int lz = Long.numberOfLeadingZeros(top) - 32; // leading zeros within the 32-bit digit
    // The 64 bits starting at the sum's highest set bit, and whether any bit below them is set.
    long window = top << (32 + lz);
    if (t >= 1) {
      window |= magnitude[t - 1] << lz;
    }
    boolean sticky = false;
    if (t >= 2) {
      long third = magnitude[t - 2];
      if (lz > 0) {
        window |= third >>> (32 - lz);
        sticky = (third & ((1L << (32 - lz)) - 1)) != 0;
      } else {
        sticky = third != 0;
      }
      for (int i = t - 3; i >= 0 && !sticky; i--) {
        sticky = magnitude[i] != 0;
      }
    }
    int highestBit = 32 * t + 31 - lz; // of the magnitude, in units of 2^exponent()
    long kept = window >>> (64 - bits);
    long rest = window << bits;
    boolean up = rest < 0 && (rest != Long.MIN_VALUE || sticky || (kept & 1) != 0);
    if (up) {
      kept++;
      if (kept == 1L << bits) {
        kept >>>= 1;
        highestBit++;
      }
    }
    double result = Math.scalb((double) kept, highestBit - (bits - 1) + exponent());
    return negative ? -result : result;
  }

  /** Resolves the carries of the digits into {@link #magnitude} and {@link #negative}. */
  private void resolve() {
    int length = digits.length;
    if (magnitude.length < length + 3) {
      magnitude = new long[length + 3];
    }
    long carry = 0;
    int n = 0;
    for (int i = 0; i < length; i++) {
      long v = digits[i] + carry;
      magnitude[n++] = v & DIGIT_MASK;
      carry = v >> 32;
    }
    while (carry != 0 && carry != -1) {
      magnitude[n++] = carry & DIGIT_MASK;
      carry >>= 32;
    }
    negative = carry == -1;
    if (negative) {
      // Two's complement with infinitely many leading ones: the magnitude is its negation.
      long borrow = 1;
      for (int i = 0; i < n; i++) {
        long v = (~magnitude[i] & DIGIT_MASK) + borrow;
        magnitude[i] = v & DIGIT_MASK;
        borrow = v >>> 32;
      }
      if (borrow != 0) {
        magnitude[n++] = borrow;
      }
    }
    while (n > 0 && magnitude[n - 1] == 0) {
      n--;
    }
    magnitudeLength = n;
  }

  @Override
  public String toString() {
    return "ExactSum[" + unscaled() + " * 2^" + exponent() + "]";
  }
}
