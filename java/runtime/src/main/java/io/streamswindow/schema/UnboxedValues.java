package io.streamswindow.schema;

import com.ibm.streams.operator.Type.MetaType;

/**
 * How a tuple keeps a primitive attribute's value without a boxed object: as the bits of one {@code
 * long} (docs/decisions.md, "The per-tuple path").
 *
 * <p>The attributes kept this way are those of SPL types {@code boolean}, {@code int8..int64},
 * {@code uint8..uint64}, {@code float32} and {@code float64} that are not optional (an optional one
 * may be absent, which a {@code long} cannot say). The bits are the stored form's value: {@code 1}
 * or {@code 0} for a boolean, the Java value sign-extended for the integers (unsigned types hold
 * their Java signed value, as their stored form does), {@code Float.floatToRawIntBits} and {@code
 * Double.doubleToRawLongBits} for the floats. So a widening getter reads the bits as the narrower
 * Java type and widens, and a NaN keeps its payload, as a boxed value did.
 *
 * <p>Example: {@code UnboxedValues.bits(MetaType.INT8, (byte) -1) == -1L}, and {@code
 * UnboxedValues.box(MetaType.INT8, -1L)} is {@code Byte.valueOf((byte) -1)}.
 */
final class UnboxedValues {
  private UnboxedValues() {}

  /** True when attributes of this SPL type are kept as bits. */
  static boolean keepsUnboxed(SplType type) {
    switch (type.getMetaType()) {
      case BOOLEAN:
      case INT8:
      case INT16:
      case INT32:
      case INT64:
      case UINT8:
      case UINT16:
      case UINT32:
      case UINT64:
      case FLOAT32:
      case FLOAT64:
        return true;
      default:
        return false;
    }
  }

  /** The bits of a stored value (a {@code Boolean}, {@code Byte}... {@code Double}). */
  static long bits(MetaType metaType, Object stored) {
    switch (metaType) {
      case BOOLEAN:
        return ((Boolean) stored) ? 1L : 0L;
      case FLOAT32:
        return Float.floatToRawIntBits((Float) stored);
      case FLOAT64:
        return Double.doubleToRawLongBits((Double) stored);
      default:
        return ((Number) stored).longValue();
    }
  }

  /** The stored value (boxed) of bits. */
  static Object box(MetaType metaType, long bits) {
    switch (metaType) {
      case BOOLEAN:
        return bits != 0;
      case INT8:
      case UINT8:
        return (byte) bits;
      case INT16:
      case UINT16:
        return (short) bits;
      case INT32:
      case UINT32:
        return (int) bits;
      case FLOAT32:
        return Float.intBitsToFloat((int) bits);
      case FLOAT64:
        return Double.longBitsToDouble(bits);
      default:
        return bits;
    }
  }

  /**
   * The {@code hashCode()} of the boxed value, without boxing it: a tuple's hash stays what it was
   * when its values were boxed.
   */
  static int hash(MetaType metaType, long bits) {
    switch (metaType) {
      case BOOLEAN:
        return Boolean.hashCode(bits != 0);
      case INT8:
      case UINT8:
        return Byte.hashCode((byte) bits);
      case INT16:
      case UINT16:
        return Short.hashCode((short) bits);
      case INT32:
      case UINT32:
        return Integer.hashCode((int) bits);
      case FLOAT32:
        return Float.hashCode(Float.intBitsToFloat((int) bits));
      case FLOAT64:
        return Double.hashCode(Double.longBitsToDouble(bits));
      default:
        return Long.hashCode(bits);
    }
  }

  /**
   * Whether two values' bits are equal as their boxed values' {@code equals} says: floats compare
   * their canonical bits (every NaN equal to every NaN, {@code -0.0} not equal to {@code 0.0}).
   */
  static boolean same(MetaType metaType, long a, long b) {
    switch (metaType) {
      case FLOAT32:
        return Float.floatToIntBits(Float.intBitsToFloat((int) a))
            == Float.floatToIntBits(Float.intBitsToFloat((int) b));
      case FLOAT64:
        return Double.doubleToLongBits(Double.longBitsToDouble(a))
            == Double.doubleToLongBits(Double.longBitsToDouble(b));
      default:
        return a == b;
    }
  }
}
