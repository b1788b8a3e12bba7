package io.streamswindow.expression;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.schema.SplType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles a typed SPL expression into a tree of small {@link Evaluation}s over the input tuples,
 * one per node, each chosen for its node's types when the plan is built, so that evaluating a tuple
 * walks no types and makes no decisions SPL's compiler made at compile time.
 */
final class ExpressionEvaluator {
  private ExpressionEvaluator() {}

  /** A compiled node: its value for the tuples of the input ports. */
  @FunctionalInterface
  interface Evaluation {
    Object evaluate(Tuple[] ports);
  }

  static Evaluation compile(TypedExpression node) {
    // Primitive shapes first: unboxed below, boxed once here.
    PrimitiveEvaluations.DoubleEvaluation doubles = PrimitiveEvaluations.doubles(node);
    if (doubles != null && node.kind() != TypedExpression.Kind.CONSTANT) {
      return ports -> doubles.evaluate(ports);
    }
    PrimitiveEvaluations.BooleanEvaluation booleans = PrimitiveEvaluations.booleans(node);
    if (booleans != null && node.kind() != TypedExpression.Kind.CONSTANT) {
      return ports -> booleans.evaluate(ports);
    }
    return boxed(node);
  }

  private static Evaluation boxed(TypedExpression node) {
    switch (node.kind()) {
      case CONSTANT:
        {
          Object value = node.constant();
          return ports -> value;
        }
      case ATTRIBUTE:
        {
          int port = node.port();
          int attribute = node.attribute();
          // Lists of primitives read as arrays through getObject: SPL's value is the list.
          if (SplTypeRules.isList(node.type())) {
            return ports -> ports[port].getList(attribute);
          }
          if (SplTypeRules.isSet(node.type())) {
            return ports -> ports[port].getSet(attribute);
          }
          if (SplTypeRules.isMap(node.type())) {
            return ports -> ports[port].getMap(attribute);
          }
          return ports -> ports[port].getObject(attribute);
        }
      case UNARY:
        return unary(node);
      case BINARY:
        return binary(node);
      case CONDITIONAL:
        {
          Evaluation condition = compile(node.operand(0));
          Evaluation then = compile(node.operand(1));
          Evaluation otherwise = compile(node.operand(2));
          return ports ->
              (Boolean) condition.evaluate(ports)
                  ? then.evaluate(ports)
                  : otherwise.evaluate(ports);
        }
      case CAST:
        return cast(node.operand(0).type(), node.type(), compile(node.operand(0)));
      case CALL:
        return call(node);
      case LIST:
        {
          List<Evaluation> elements =
              node.operands().stream().map(ExpressionEvaluator::compile).toList();
          return ports -> {
            List<Object> list = new ArrayList<>(elements.size());
            for (Evaluation element : elements) {
              list.add(element.evaluate(ports));
            }
            return list;
          };
        }
      case MAP:
        {
          List<Evaluation> parts =
              node.operands().stream().map(ExpressionEvaluator::compile).toList();
          return ports -> {
            Map<Object, Object> map = new LinkedHashMap<>();
            for (int i = 0; i < parts.size(); i += 2) {
              map.put(parts.get(i).evaluate(ports), parts.get(i + 1).evaluate(ports));
            }
            return map;
          };
        }
      case INDEX:
        return index(node);
      default:
        return slice(node);
    }
  }

  private static Evaluation unary(TypedExpression node) {
    Evaluation operand = compile(node.operand(0));
    SplType type = node.type();
    switch (node.operator()) {
      case "!":
        return ports -> !(Boolean) operand.evaluate(ports);
      case "~":
        return ports -> SplArithmetic.complement(type, operand.evaluate(ports));
      default:
        return ports -> SplArithmetic.negate(type, operand.evaluate(ports));
    }
  }

  private static Evaluation binary(TypedExpression node) {
    Evaluation left = compile(node.operand(0));
    Evaluation right = compile(node.operand(1));
    SplType type = node.operand(0).type();
    String op = node.operator();
    switch (op) {
      case "&&":
        return ports -> (Boolean) left.evaluate(ports) && (Boolean) right.evaluate(ports);
      case "||":
        return ports -> (Boolean) left.evaluate(ports) || (Boolean) right.evaluate(ports);
      case "<":
      case "<=":
      case ">":
      case ">=":
      case "==":
      case "!=":
        return ports ->
            SplArithmetic.comparison(op, type, left.evaluate(ports), right.evaluate(ports));
      case "<<":
      case ">>":
        {
          SplType countType = node.operand(1).type();
          return ports ->
              SplArithmetic.shift(op, type, left.evaluate(ports), countType, right.evaluate(ports));
        }
      case "in":
        {
          SplType collection = node.operand(1).type();
          if (SplTypeRules.isMap(collection)) {
            return ports -> ((Map<?, ?>) right.evaluate(ports)).containsKey(left.evaluate(ports));
          }
          return ports ->
              ((java.util.Collection<?>) right.evaluate(ports)).contains(left.evaluate(ports));
        }
      default:
        if (type.getMetaType() == MetaType.FLOAT64) {
          return float64(op, left, right);
        }
        return ports -> SplArithmetic.binary(op, type, left.evaluate(ports), right.evaluate(ports));
    }
  }

  /** The common case without a switch per tuple: {@code float64} arithmetic. */
  private static Evaluation float64(String op, Evaluation left, Evaluation right) {
    switch (op) {
      case "+":
        return ports -> (Double) left.evaluate(ports) + (Double) right.evaluate(ports);
      case "-":
        return ports -> (Double) left.evaluate(ports) - (Double) right.evaluate(ports);
      case "*":
        return ports -> (Double) left.evaluate(ports) * (Double) right.evaluate(ports);
      default:
        return ports -> (Double) left.evaluate(ports) / (Double) right.evaluate(ports);
    }
  }

  private static Evaluation call(TypedExpression node) {
    if (node.function() == null) {
      // An unbound named value: SplExpression.compile refuses it before any tuple.
      throw new IllegalStateException(node.operator() + " has no value");
    }
    List<Evaluation> arguments =
        node.operands().stream().map(ExpressionEvaluator::compile).toList();
    SplFunction.Body body = node.function().body();
    return ports -> {
      Object[] values = new Object[arguments.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = arguments.get(i).evaluate(ports);
      }
      return body.apply(values);
    };
  }

  private static Evaluation index(TypedExpression node) {
    Evaluation base = compile(node.operand(0));
    Evaluation key = compile(node.operand(1));
    if (SplTypeRules.isMap(node.operand(0).type())) {
      return ports -> {
        Map<?, ?> map = (Map<?, ?>) base.evaluate(ports);
        Object k = key.evaluate(ports);
        Object value = map.get(k);
        if (value == null && !map.containsKey(k)) {
          throw new SplEvaluationException("the map has no key " + shown(k));
        }
        return value;
      };
    }
    SplType indexType = node.operand(1).type();
    return ports -> {
      List<?> list = (List<?>) base.evaluate(ports);
      long i = SplArithmetic.longValue(indexType, key.evaluate(ports));
      if (i < 0 || i >= list.size()) {
        throw new SplEvaluationException(
            "the index "
                + i
                + " is out of the list's range (its"
                + " size is "
                + list.size()
                + ")");
      }
      return list.get((int) i);
    };
  }

  private static Evaluation slice(TypedExpression node) {
    Evaluation base = compile(node.operand(0));
    Evaluation from = node.operand(1) == null ? null : compile(node.operand(1));
    Evaluation to = node.operand(2) == null ? null : compile(node.operand(2));
    SplType fromType = node.operand(1) == null ? null : node.operand(1).type();
    SplType toType = node.operand(2) == null ? null : node.operand(2).type();
    MetaType meta = node.type().getMetaType();
    return ports -> {
      Object value = base.evaluate(ports);
      int size =
          meta == MetaType.RSTRING
              ? ((RString) value).getData().length
              : meta == MetaType.USTRING ? ((String) value).length() : ((List<?>) value).size();
      int start =
          from == null
              ? 0
              : (int)
                  Math.max(
                      0, Math.min(size, SplArithmetic.longValue(fromType, from.evaluate(ports))));
      int end =
          to == null
              ? size
              : (int)
                  Math.max(
                      start, Math.min(size, SplArithmetic.longValue(toType, to.evaluate(ports))));
      if (meta == MetaType.RSTRING) {
        return new RString(java.util.Arrays.copyOfRange(((RString) value).getData(), start, end));
      }
      if (meta == MetaType.USTRING) {
        return ((String) value).substring(start, end);
      }
      return new ArrayList<>(((List<?>) value).subList(start, end));
    };
  }

  // ---- casts

  private static Evaluation cast(SplType from, SplType to, Evaluation operand) {
    if (from.equals(to)) {
      return operand;
    }
    return ports -> convert(from, to, operand.evaluate(ports));
  }

  static Object convert(SplType from, SplType to, Object value) {
    MetaType target = to.getMetaType();
    if (target == MetaType.RSTRING) {
      return new RString(text(from, value).getBytes(StandardCharsets.UTF_8));
    }
    if (target == MetaType.USTRING) {
      return text(from, value);
    }
    if (SplTypeRules.isString(from)) {
      return parse(
          to,
          from.getMetaType() == MetaType.RSTRING ? ((RString) value).getString() : (String) value);
    }
    if (target == MetaType.TIMESTAMP) {
      return Timestamp.getTimestamp((Double) value);
    }
    if (from.getMetaType() == MetaType.TIMESTAMP) {
      return ((Timestamp) value).getTimeAsSeconds().doubleValue();
    }
    return numeric(from, to, value);
  }

  /** Between numeric types: integers convert by value (unsigned ones too), floats truncate. */
  private static Object numeric(SplType from, SplType to, Object value) {
    if (SplTypeRules.isIntegral(from)) {
      long v = SplArithmetic.longValue(from, value);
      boolean unsigned64 = from.getMetaType() == MetaType.UINT64;
      if (SplTypeRules.isIntegral(to)) {
        return SplArithmetic.narrow(to, v);
      }
      BigDecimal exact =
          unsigned64
              ? new BigDecimal(new BigInteger(Long.toUnsignedString(v)))
              : BigDecimal.valueOf(v);
      switch (to.getMetaType()) {
        case FLOAT32:
          return exact.floatValue();
        case FLOAT64:
          return exact.doubleValue();
        default:
          return exact.round(SplArithmetic.context(to));
      }
    }
    if (SplTypeRules.isFloat(from)) {
      double d = ((Number) value).doubleValue();
      switch (to.getMetaType()) {
        case FLOAT32:
          return (float) d;
        case FLOAT64:
          return d;
        case DECIMAL32:
        case DECIMAL64:
        case DECIMAL128:
          if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new SplEvaluationException(
                "("
                    + to.getLanguageType()
                    + ") of "
                    + d
                    + ": a decimal holds no NaN or infinity here");
          }
          return new BigDecimal(d).round(SplArithmetic.context(to));
        default:
          return SplArithmetic.narrow(to, (long) d);
      }
    }
    BigDecimal decimal = (BigDecimal) value;
    switch (to.getMetaType()) {
      case FLOAT32:
        return decimal.floatValue();
      case FLOAT64:
        return decimal.doubleValue();
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return decimal.round(SplArithmetic.context(to));
      default:
        return SplArithmetic.narrow(to, decimal.toBigInteger().longValue());
    }
  }

  /** A value as SPL prints it in a cast to a string. */
  static String text(SplType type, Object value) {
    switch (type.getMetaType()) {
      case RSTRING:
      case BSTRING:
        return ((RString) value).getString();
      case USTRING:
        return (String) value;
      case UINT8:
      case UINT16:
      case UINT32:
      case UINT64:
        return Long.toUnsignedString(SplArithmetic.longValue(type, value));
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return ((BigDecimal) value).toString();
      default:
        return String.valueOf(value);
    }
  }

  private static Object parse(SplType to, String text) {
    String trimmed = text.trim();
    try {
      switch (to.getMetaType()) {
        case BOOLEAN:
          if (trimmed.equals("true") || trimmed.equals("false")) {
            return Boolean.parseBoolean(trimmed);
          }
          break;
        case INT8:
          return Byte.parseByte(trimmed);
        case INT16:
          return Short.parseShort(trimmed);
        case INT32:
          return Integer.parseInt(trimmed);
        case INT64:
          return Long.parseLong(trimmed);
        case UINT8:
        case UINT16:
        case UINT32:
        case UINT64:
          {
            long v = Long.parseUnsignedLong(trimmed);
            return SplArithmetic.narrow(to, v);
          }
        case FLOAT32:
          return Float.parseFloat(trimmed);
        case FLOAT64:
          return Double.parseDouble(trimmed);
        case DECIMAL32:
        case DECIMAL64:
        case DECIMAL128:
          return new BigDecimal(trimmed).round(SplArithmetic.context(to));
        default:
          break;
      }
    } catch (NumberFormatException bad) {
      // refused below
    }
    throw new SplEvaluationException("'" + text + "' is not a " + to.getLanguageType());
  }

  private static String shown(Object value) {
    return value instanceof RString r ? "\"" + r.getString() + "\"" : String.valueOf(value);
  }
}
