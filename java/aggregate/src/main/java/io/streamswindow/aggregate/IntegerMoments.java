package io.streamswindow.aggregate;

import com.ibm.streams.operator.Type.MetaType;

/**
 * Adds an integer attribute's value, and its square, to exact sums (Σx and Σx²), reading the value
 * by its SPL type: unsigned types as unsigned. The standard deviations of integers are computed
 * from these moments, by the recomputing fold and the sliding window's incremental path alike.
 */
final class IntegerMoments {
  private IntegerMoments() {}

  /** Adds {@code value}, an object of integer type {@code type}, to Σx and Σx². */
  static void add(Object value, MetaType type, ExactSum sum, ExactSum squares) {
    long v = Numbers.toLong(value, type);
    if (type == MetaType.UINT64) {
      sum.addUnsigned(v);
      squares.addSquare(v);
    } else {
      sum.add(v);
      squares.addSquare(Math.abs(v)); // |Long.MIN_VALUE| reads as 2^63 unsigned
    }
  }

  /** Takes {@code value}, added before, away from Σx and Σx² again. */
  static void subtract(Object value, MetaType type, ExactSum sum, ExactSum squares) {
    long v = Numbers.toLong(value, type);
    if (type == MetaType.UINT64) {
      sum.subtractUnsigned(v);
      squares.subtractSquare(v);
    } else {
      sum.subtract(v);
      squares.subtractSquare(Math.abs(v));
    }
  }
}
