package io.streamswindow.expression;

import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.schema.SplPrimitiveType;
import io.streamswindow.schema.SplType;

/**
 * SPL's type families and its explicit casts, as SPL's compiler checks them (docs/semantics.md,
 * "SPL expressions"): arithmetic and comparison need one type on both sides, with no implicit
 * widening; each operator asks its operands' type to be of a family.
 */
final class SplTypeRules {
  private SplTypeRules() {}

  static boolean isIntegral(SplType type) {
    switch (type.getMetaType()) {
      case INT8:
      case INT16:
      case INT32:
      case INT64:
      case UINT8:
      case UINT16:
      case UINT32:
      case UINT64:
        return true;
      default:
        return false;
    }
  }

  static boolean isUnsigned(SplType type) {
    switch (type.getMetaType()) {
      case UINT8:
      case UINT16:
      case UINT32:
      case UINT64:
        return true;
      default:
        return false;
    }
  }

  /** {@code float32}, {@code float64}. */
  static boolean isFloat(SplType type) {
    return type.getMetaType() == MetaType.FLOAT32 || type.getMetaType() == MetaType.FLOAT64;
  }

  static boolean isDecimal(SplType type) {
    switch (type.getMetaType()) {
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return true;
      default:
        return false;
    }
  }

  /** SPL's {@code floatingpoint}: the floats and the decimals. */
  static boolean isFloatingPoint(SplType type) {
    return isFloat(type) || isDecimal(type);
  }

  /** SPL's {@code numeric} without the complex types, which this layer does not run. */
  static boolean isNumeric(SplType type) {
    return isIntegral(type) || isFloatingPoint(type);
  }

  static boolean isString(SplType type) {
    MetaType meta = type.getMetaType();
    return meta == MetaType.RSTRING || meta == MetaType.BSTRING || meta == MetaType.USTRING;
  }

  static boolean isBoolean(SplType type) {
    return type.getMetaType() == MetaType.BOOLEAN;
  }

  /** What {@code <}, {@code <=}, {@code >}, {@code >=}, {@code min} and {@code max} take. */
  static boolean isOrdered(SplType type) {
    return isNumeric(type)
        || isString(type)
        || type.getMetaType() == MetaType.TIMESTAMP
        || type.getMetaType() == MetaType.BLOB;
  }

  static boolean isList(SplType type) {
    return type.getMetaType() == MetaType.LIST || type.getMetaType() == MetaType.BLIST;
  }

  static boolean isMap(SplType type) {
    return type.getMetaType() == MetaType.MAP || type.getMetaType() == MetaType.BMAP;
  }

  static boolean isSet(SplType type) {
    return type.getMetaType() == MetaType.SET || type.getMetaType() == MetaType.BSET;
  }

  /**
   * Whether SPL allows {@code (to) value} for a value of type {@code from}: the same type; a string
   * to anything and anything to a string; between the non-complex numeric types; {@code float64} to
   * and from {@code timestamp}.
   */
  static boolean castAllowed(SplType from, SplType to) {
    if (from.equals(to) || isString(from) || isString(to)) {
      return true;
    }
    if (isNumeric(from) && isNumeric(to)) {
      return true;
    }
    return (from.getMetaType() == MetaType.FLOAT64 && to.getMetaType() == MetaType.TIMESTAMP)
        || (from.getMetaType() == MetaType.TIMESTAMP && to.getMetaType() == MetaType.FLOAT64);
  }

  /** A bounded {@code rstring[n]} counts as {@code rstring} in expressions. */
  static SplType unbounded(SplType type) {
    return type.getMetaType() == MetaType.BSTRING ? SplPrimitiveType.RSTRING : type;
  }
}
