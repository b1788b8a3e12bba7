package io.streamswindow.expression;

import io.streamswindow.schema.SplType;
import java.util.List;

/**
 * An SPL expression with its types checked: the one tree both back ends read (the evaluator over
 * the project's tuples, and the translation to Spark Columns in the Spark adapter). Obtained from
 * {@link SplExpression#tree()}. Each node is one {@link Kind} with its SPL type; what a kind uses
 * of the other fields is said at each kind.
 *
 * @param kind what the node is
 * @param type the node's SPL type
 * @param operator the operator ({@code UNARY}, {@code BINARY}), or the function's name ({@code
 *     CALL})
 * @param constant the value of a {@code CONSTANT}, in IBM's Java mapping of {@code type}
 * @param port the input port of an {@code ATTRIBUTE}
 * @param attribute the attribute's index in its port's schema
 * @param function the function a {@code CALL} runs
 * @param operands the children, in source order
 * @param position where the node's token starts in the expression's text
 */
public record TypedExpression(
    Kind kind,
    SplType type,
    String operator,
    Object constant,
    int port,
    int attribute,
    SplFunction function,
    List<TypedExpression> operands,
    int position) {

  /** What a node is. */
  public enum Kind {
    /** A literal, or a literal with a sign: {@code constant}. */
    CONSTANT,
    /** An input attribute: {@code port}, {@code attribute}. */
    ATTRIBUTE,
    /** {@code operator} on {@code operands[0]}. */
    UNARY,
    /** {@code operands[0] operator operands[1]}; {@code in} too. */
    BINARY,
    /** {@code operands[0] ? operands[1] : operands[2]}. */
    CONDITIONAL,
    /** {@code (type) operands[0]}. */
    CAST,
    /** {@code function(operands...)}. */
    CALL,
    /** A list literal of {@code operands}. */
    LIST,
    /** A map literal: keys and values alternate in {@code operands}. */
    MAP,
    /** {@code operands[0][operands[1]]}. */
    INDEX,
    /** {@code operands[0][operands[1]:operands[2]]}; a missing end is null. */
    SLICE
  }

  static TypedExpression constant(SplType type, Object value, int position) {
    return new TypedExpression(Kind.CONSTANT, type, null, value, -1, -1, null, List.of(), position);
  }

  static TypedExpression node(
      Kind kind, SplType type, String operator, int position, List<TypedExpression> operands) {
    return new TypedExpression(kind, type, operator, null, -1, -1, null, operands, position);
  }

  /** The operand at {@code index}. */
  public TypedExpression operand(int index) {
    return operands.get(index);
  }
}
