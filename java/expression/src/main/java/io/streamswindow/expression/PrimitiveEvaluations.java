package io.streamswindow.expression;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.schema.SplType;

/**
 * Unboxed evaluations for the nodes whose values are Java primitives all the way down: {@code
 * boolean}, the signed integers up to 64 bits and {@code float64}, from attributes, constants,
 * arithmetic, comparisons, logic and numeric casts. A filter or an aggregate argument of that shape
 * evaluates without allocating (docs/performance.md, "SPL expressions"); any other node returns
 * null here and is evaluated boxed by {@link ExpressionEvaluator}.
 */
final class PrimitiveEvaluations {
  private PrimitiveEvaluations() {}

  @FunctionalInterface
  interface DoubleEvaluation {
    double evaluate(Tuple[] ports);
  }

  @FunctionalInterface
  interface LongEvaluation {
    long evaluate(Tuple[] ports);
  }

  @FunctionalInterface
  interface BooleanEvaluation {
    boolean evaluate(Tuple[] ports);
  }

  /** The signed integer types whose arithmetic wraps in a Java {@code long} then narrows. */
  private static boolean isSignedInteger(SplType type) {
    switch (type.getMetaType()) {
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return true;
      default:
        return false;
    }
  }

  static DoubleEvaluation doubles(TypedExpression node) {
    if (node.type().getMetaType() != MetaType.FLOAT64) {
      return null;
    }
    switch (node.kind()) {
      case CONSTANT:
        {
          double value = (Double) node.constant();
          return ports -> value;
        }
      case ATTRIBUTE:
        {
          int port = node.port();
          int attribute = node.attribute();
          return ports -> ports[port].getDouble(attribute);
        }
      case UNARY:
        {
          DoubleEvaluation operand = doubles(node.operand(0));
          return operand == null ? null : ports -> -operand.evaluate(ports);
        }
      case BINARY:
        {
          DoubleEvaluation left = doubles(node.operand(0));
          DoubleEvaluation right = doubles(node.operand(1));
          if (left == null || right == null) {
            return null;
          }
          switch (node.operator()) {
            case "+":
              return ports -> left.evaluate(ports) + right.evaluate(ports);
            case "-":
              return ports -> left.evaluate(ports) - right.evaluate(ports);
            case "*":
              return ports -> left.evaluate(ports) * right.evaluate(ports);
            case "/":
              return ports -> left.evaluate(ports) / right.evaluate(ports);
            default:
              return null;
          }
        }
      case CONDITIONAL:
        {
          BooleanEvaluation condition = booleans(node.operand(0));
          DoubleEvaluation then = doubles(node.operand(1));
          DoubleEvaluation otherwise = doubles(node.operand(2));
          if (condition == null || then == null || otherwise == null) {
            return null;
          }
          return ports ->
              condition.evaluate(ports) ? then.evaluate(ports) : otherwise.evaluate(ports);
        }
      case CAST:
        {
          TypedExpression from = node.operand(0);
          if (isSignedInteger(from.type())) {
            LongEvaluation operand = longs(from);
            return operand == null ? null : ports -> (double) operand.evaluate(ports);
          }
          return null;
        }
      default:
        return null;
    }
  }

  static LongEvaluation longs(TypedExpression node) {
    SplType type = node.type();
    if (!isSignedInteger(type)) {
      return null;
    }
    switch (node.kind()) {
      case CONSTANT:
        {
          long value = ((Number) node.constant()).longValue();
          return ports -> value;
        }
      case ATTRIBUTE:
        {
          int port = node.port();
          int attribute = node.attribute();
          switch (type.getMetaType()) {
            case INT8:
              return ports -> ports[port].getByte(attribute);
            case INT16:
              return ports -> ports[port].getShort(attribute);
            case INT32:
              return ports -> ports[port].getInt(attribute);
            default:
              return ports -> ports[port].getLong(attribute);
          }
        }
      case BINARY:
        {
          LongEvaluation left = longs(node.operand(0));
          LongEvaluation right = longs(node.operand(1));
          if (left == null || right == null) {
            return null;
          }
          int shift = 64 - bits(type);
          // Wrap-around at the type's width: shift the bits up and back, as narrowing does.
          switch (node.operator()) {
            case "+":
              return ports -> (left.evaluate(ports) + right.evaluate(ports)) << shift >> shift;
            case "-":
              return ports -> (left.evaluate(ports) - right.evaluate(ports)) << shift >> shift;
            case "*":
              return ports -> (left.evaluate(ports) * right.evaluate(ports)) << shift >> shift;
            default:
              return null;
          }
        }
      default:
        return null;
    }
  }

  private static int bits(SplType type) {
    switch (type.getMetaType()) {
      case INT8:
        return 8;
      case INT16:
        return 16;
      case INT32:
        return 32;
      default:
        return 64;
    }
  }

  static BooleanEvaluation booleans(TypedExpression node) {
    if (node.type().getMetaType() != MetaType.BOOLEAN) {
      return null;
    }
    switch (node.kind()) {
      case CONSTANT:
        {
          boolean value = (Boolean) node.constant();
          return ports -> value;
        }
      case ATTRIBUTE:
        {
          int port = node.port();
          int attribute = node.attribute();
          return ports -> ports[port].getBoolean(attribute);
        }
      case UNARY:
        {
          BooleanEvaluation operand = booleans(node.operand(0));
          return operand == null ? null : ports -> !operand.evaluate(ports);
        }
      case BINARY:
        return booleanBinary(node);
      default:
        return null;
    }
  }

  private static BooleanEvaluation booleanBinary(TypedExpression node) {
    String op = node.operator();
    if (op.equals("&&") || op.equals("||")) {
      BooleanEvaluation left = booleans(node.operand(0));
      BooleanEvaluation right = booleans(node.operand(1));
      if (left == null || right == null) {
        return null;
      }
      return op.equals("&&")
          ? ports -> left.evaluate(ports) && right.evaluate(ports)
          : ports -> left.evaluate(ports) || right.evaluate(ports);
    }
    SplType operands = node.operand(0).type();
    if (operands.getMetaType() == MetaType.FLOAT64) {
      DoubleEvaluation left = doubles(node.operand(0));
      DoubleEvaluation right = doubles(node.operand(1));
      if (left == null || right == null) {
        return null;
      }
      switch (op) {
        case "<":
          return ports -> left.evaluate(ports) < right.evaluate(ports);
        case "<=":
          return ports -> left.evaluate(ports) <= right.evaluate(ports);
        case ">":
          return ports -> left.evaluate(ports) > right.evaluate(ports);
        case ">=":
          return ports -> left.evaluate(ports) >= right.evaluate(ports);
        case "==":
          return ports -> left.evaluate(ports) == right.evaluate(ports);
        case "!=":
          return ports -> left.evaluate(ports) != right.evaluate(ports);
        default:
          return null;
      }
    }
    if (isSignedInteger(operands)) {
      LongEvaluation left = longs(node.operand(0));
      LongEvaluation right = longs(node.operand(1));
      if (left == null || right == null) {
        return null;
      }
      switch (op) {
        case "<":
          return ports -> left.evaluate(ports) < right.evaluate(ports);
        case "<=":
          return ports -> left.evaluate(ports) <= right.evaluate(ports);
        case ">":
          return ports -> left.evaluate(ports) > right.evaluate(ports);
        case ">=":
          return ports -> left.evaluate(ports) >= right.evaluate(ports);
        case "==":
          return ports -> left.evaluate(ports) == right.evaluate(ports);
        case "!=":
          return ports -> left.evaluate(ports) != right.evaluate(ports);
        default:
          return null;
      }
    }
    if ((op.equals("==") || op.equals("!="))
        && !SplTypeRules.isFloat(operands)
        && !SplTypeRules.isDecimal(operands)) {
      // Equality of objects with value equality (strings, timestamps): no order needed.
      ExpressionEvaluator.Evaluation left = ExpressionEvaluator.compile(node.operand(0));
      ExpressionEvaluator.Evaluation right = ExpressionEvaluator.compile(node.operand(1));
      boolean equal = op.equals("==");
      return ports -> left.evaluate(ports).equals(right.evaluate(ports)) == equal;
    }
    return null;
  }
}
