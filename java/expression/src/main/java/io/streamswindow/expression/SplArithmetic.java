package io.streamswindow.expression;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.schema.SplType;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.Objects;

/**
 * SPL's operators on values of one type, in IBM's Java mapping: integers wrap around at their width
 * (an {@code int8} sum of 100 and 100 is -56; a {@code uint32} holds its bits in an {@code int},
 * divided and compared unsigned); {@code float32} arithmetic is single precision; the decimals
 * round to their IEEE 754 decimal width (7, 16, 34 digits, half even); {@code rstring} compares and
 * joins bytes (docs/semantics.md, "SPL expressions").
 */
final class SplArithmetic {
  private SplArithmetic() {}

  static MathContext context(SplType type) {
    switch (type.getMetaType()) {
      case DECIMAL32:
        return MathContext.DECIMAL32;
      case DECIMAL64:
        return MathContext.DECIMAL64;
      default:
        return MathContext.DECIMAL128;
    }
  }

  /** An integer's value as a {@code long}: unsigned types zero-extended. */
  static long longValue(SplType type, Object value) {
    long v = ((Number) value).longValue();
    switch (type.getMetaType()) {
      case UINT8:
        return v & 0xFFL;
      case UINT16:
        return v & 0xFFFFL;
      case UINT32:
        return v & 0xFFFFFFFFL;
      default:
        return v;
    }
  }

  static long signed(Object value) {
    return ((Number) value).longValue();
  }

  /** {@code value} cut to {@code type}'s width, in its Java object type. */
  static Object narrow(SplType type, long value) {
    switch (type.getMetaType()) {
      case INT8:
      case UINT8:
        return (byte) value;
      case INT16:
      case UINT16:
        return (short) value;
      case INT32:
      case UINT32:
        return (int) value;
      default:
        return value;
    }
  }

  static Object binary(String op, SplType type, Object left, Object right) {
    MetaType meta = type.getMetaType();
    if (SplTypeRules.isIntegral(type)) {
      return integral(op, type, left, right);
    }
    switch (meta) {
      case FLOAT32:
        {
          float a = (Float) left;
          float b = (Float) right;
          switch (op) {
            case "+":
              return a + b;
            case "-":
              return a - b;
            case "*":
              return a * b;
            case "/":
              return a / b;
            default:
              break;
          }
          break;
        }
      case FLOAT64:
        {
          double a = (Double) left;
          double b = (Double) right;
          switch (op) {
            case "+":
              return a + b;
            case "-":
              return a - b;
            case "*":
              return a * b;
            case "/":
              return a / b;
            default:
              break;
          }
          break;
        }
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        {
          BigDecimal a = (BigDecimal) left;
          BigDecimal b = (BigDecimal) right;
          MathContext mc = context(type);
          switch (op) {
            case "+":
              return a.add(b, mc);
            case "-":
              return a.subtract(b, mc);
            case "*":
              return a.multiply(b, mc);
            case "/":
              if (b.signum() == 0) {
                throw new SplEvaluationException("decimal division by zero");
              }
              return a.divide(b, mc);
            default:
              break;
          }
          break;
        }
      case RSTRING:
        if (op.equals("+")) {
          return SplFunctions.concat(((RString) left).getData(), ((RString) right).getData());
        }
        break;
      case USTRING:
        if (op.equals("+")) {
          return (String) left + right;
        }
        break;
      case BOOLEAN:
        switch (op) {
          case "&":
            return (Boolean) left & (Boolean) right;
          case "|":
            return (Boolean) left | (Boolean) right;
          default:
            break;
        }
        break;
      default:
        break;
    }
    throw new IllegalStateException(op + " on " + type.getLanguageType());
  }

  private static Object integral(String op, SplType type, Object left, Object right) {
    boolean unsigned = SplTypeRules.isUnsigned(type);
    boolean wide = type.getMetaType() == MetaType.INT64 || type.getMetaType() == MetaType.UINT64;
    long a = longValue(type, left);
    long b = longValue(type, right);
    switch (op) {
      case "+":
        return narrow(type, a + b);
      case "-":
        return narrow(type, a - b);
      case "*":
        return narrow(type, a * b);
      case "/":
      case "%":
        if (b == 0) {
          throw new SplEvaluationException(
              "integer division by zero (" + op + " on " + type.getLanguageType() + ")");
        }
        if (unsigned && wide) {
          return op.equals("/") ? Long.divideUnsigned(a, b) : Long.remainderUnsigned(a, b);
        }
        return narrow(type, op.equals("/") ? a / b : a % b);
      case "&":
        return narrow(type, a & b);
      case "|":
        return narrow(type, a | b);
      case "^":
        return narrow(type, a ^ b);
      default:
        throw new IllegalStateException(op + " on " + type.getLanguageType());
    }
  }

  /**
   * {@code <<} and {@code >>}: the count is the right side's value; unsigned shifts right fill 0.
   */
  static Object shift(String op, SplType type, Object value, SplType countType, Object count) {
    long n = longValue(countType, count) & 63;
    long v = longValue(type, value);
    if (op.equals("<<")) {
      return narrow(type, v << n);
    }
    return narrow(type, SplTypeRules.isUnsigned(type) ? v >>> n : v >> n);
  }

  static Object negate(SplType type, Object value) {
    switch (type.getMetaType()) {
      case FLOAT32:
        return -(Float) value;
      case FLOAT64:
        return -(Double) value;
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return ((BigDecimal) value).negate(context(type));
      default:
        return narrow(type, -longValue(type, value));
    }
  }

  static Object complement(SplType type, Object value) {
    return narrow(type, ~longValue(type, value));
  }

  /** SPL's order of two values of {@code type}. */
  static int compare(SplType type, Object left, Object right) {
    switch (type.getMetaType()) {
      case UINT64:
        return Long.compareUnsigned((Long) left, (Long) right);
      case INT8:
      case INT16:
      case INT32:
      case INT64:
      case UINT8:
      case UINT16:
      case UINT32:
        return Long.compare(longValue(type, left), longValue(type, right));
      case FLOAT32:
        return Float.compare((Float) left, (Float) right);
      case FLOAT64:
        return Double.compare((Double) left, (Double) right);
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return ((BigDecimal) left).compareTo((BigDecimal) right);
      case RSTRING:
      case BSTRING:
        return Arrays.compareUnsigned(((RString) left).getData(), ((RString) right).getData());
      case USTRING:
        return ((String) left).compareTo((String) right);
      case TIMESTAMP:
        return ((Timestamp) left).compareTo((Timestamp) right);
      case BOOLEAN:
        return Boolean.compare((Boolean) left, (Boolean) right);
      default:
        throw new IllegalStateException("no order on " + type.getLanguageType());
    }
  }

  /**
   * SPL's comparison operators: IEEE's for the floats ({@code NaN} is unequal to everything, itself
   * included), else by {@link #compare}.
   */
  static boolean comparison(String op, SplType type, Object left, Object right) {
    if (SplTypeRules.isFloat(type)) {
      double a = ((Number) left).doubleValue();
      double b = ((Number) right).doubleValue();
      switch (op) {
        case "<":
          return a < b;
        case "<=":
          return a <= b;
        case ">":
          return a > b;
        case ">=":
          return a >= b;
        case "==":
          return a == b;
        default:
          return a != b;
      }
    }
    if (op.equals("==") || op.equals("!=")) {
      boolean equal =
          SplTypeRules.isDecimal(type)
              ? ((BigDecimal) left).compareTo((BigDecimal) right) == 0
              : Objects.equals(left, right);
      return op.equals("==") == equal;
    }
    int order = compare(type, left, right);
    switch (op) {
      case "<":
        return order < 0;
      case "<=":
        return order <= 0;
      case ">":
        return order > 0;
      default:
        return order >= 0;
    }
  }
}
