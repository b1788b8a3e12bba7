package io.streamswindow.aggregate;

import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.meta.CollectionType;

/**
 * The SPL type classes that decide which output functions take which attributes: numeric, ordered,
 * string, and lists of numbers (which Sum, Average, Min and Max treat element by element).
 */
final class ValueTypes {
  private ValueTypes() {}

  /** Signed and unsigned integers of every size. */
  static boolean isInteger(MetaType type) {
    return isSignedInteger(type) || isUnsigned(type);
  }

  static boolean isSignedInteger(MetaType type) {
    return type == MetaType.INT8
        || type == MetaType.INT16
        || type == MetaType.INT32
        || type == MetaType.INT64;
  }

  static boolean isUnsigned(MetaType type) {
    return type == MetaType.UINT8
        || type == MetaType.UINT16
        || type == MetaType.UINT32
        || type == MetaType.UINT64;
  }

  static boolean isFloat(MetaType type) {
    return type == MetaType.FLOAT32 || type == MetaType.FLOAT64;
  }

  static boolean isDecimal(MetaType type) {
    return type == MetaType.DECIMAL32 || type == MetaType.DECIMAL64 || type == MetaType.DECIMAL128;
  }

  /** Integers, floats and decimals; SPL's complex types are not supported by this runtime. */
  static boolean isNumeric(MetaType type) {
    return isInteger(type) || isFloat(type) || isDecimal(type);
  }

  /** {@code rstring}, bounded {@code rstring} and {@code ustring}. */
  static boolean isString(MetaType type) {
    return type == MetaType.RSTRING || type == MetaType.BSTRING || type == MetaType.USTRING;
  }

  /** The types whose values have an order: numbers, strings, timestamps and booleans. */
  static boolean isOrdered(MetaType type) {
    return io.streamswindow.schema.SplValueOrder.isOrdered(type);
  }

  /** A list (bounded or not) of a numeric type. */
  static boolean isNumericList(Type type) {
    return type.getMetaType().isList()
        && isNumeric(((CollectionType) type).getElementType().getMetaType());
  }

  /** The element type of a list type. */
  static Type elementType(Type listType) {
    return ((CollectionType) listType).getElementType();
  }
}
