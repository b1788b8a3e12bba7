package io.streamswindow.aggregate;

import com.ibm.streams.operator.Type.MetaType;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Conversions between the Java objects that hold SPL numbers and Java's primitive arithmetic.
 *
 * <p>Unsigned integers are held in the signed Java type of their size ({@code uint8} in a {@code
 * Byte}), so reading one as a number must undo the sign; writing one back keeps the low bits, which
 * is SPL's wrap-around arithmetic.
 */
final class Numbers {
  private Numbers() {}

  /** The integer value of an integer object; unsigned types read as unsigned (uint64: its bits). */
  static long toLong(Object value, MetaType type) {
    switch (type) {
      case UINT8:
        return Byte.toUnsignedLong((Byte) value);
      case UINT16:
        return Short.toUnsignedLong((Short) value);
      case UINT32:
        return Integer.toUnsignedLong((Integer) value);
      default:
        return ((Number) value).longValue();
    }
  }

  /**
   * The exact integer value of an integer object, also for a uint64 beyond {@code Long.MAX_VALUE}.
   */
  static BigInteger toBigInteger(Object value, MetaType type) {
    long bits = toLong(value, type);
    if (type == MetaType.UINT64 && bits < 0) {
      return BigInteger.valueOf(bits & Long.MAX_VALUE).setBit(63);
    }
    return BigInteger.valueOf(bits);
  }

  /** The object of integer type {@code type} holding the low bits of {@code value}. */
  static Object fromLong(long value, MetaType type) {
    switch (type) {
      case INT8:
      case UINT8:
        return (byte) value;
      case INT16:
      case UINT16:
        return (short) value;
      case INT32:
      case UINT32:
        return (int) value;
      case INT64:
      case UINT64:
        return value;
      default:
        throw new IllegalArgumentException(type + " is not an integer type");
    }
  }

  /** The value of a numeric object as a double. */
  static double toDouble(Object value, MetaType type) {
    if (type == MetaType.UINT64) {
      return toBigInteger(value, type).doubleValue();
    } else if (ValueTypes.isInteger(type)) {
      return toLong(value, type);
    }
    return ((Number) value).doubleValue();
  }

  /**
   * The object of numeric type {@code type} for a double: integers are truncated toward zero (then
   * wrapped to the type's size), decimals rounded by the runtime when set.
   */
  static Object fromDouble(double value, MetaType type) {
    switch (type) {
      case FLOAT32:
        return (float) value;
      case FLOAT64:
        return value;
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return BigDecimal.valueOf(value).round(type.getMathContext());
      case UINT64:
        return new BigDecimal(value).toBigInteger().longValue();
      default:
        return fromLong((long) value, type);
    }
  }
}
