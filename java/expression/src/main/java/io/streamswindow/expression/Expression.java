package io.streamswindow.expression;

import io.streamswindow.schema.SplType;
import java.util.List;

/**
 * An SPL expression as parsed, before its types are known: the tree {@link ExpressionParser} builds
 * and {@link ExpressionTypeChecker} types. Every node keeps the position of the token that names
 * it, for messages.
 */
sealed interface Expression {

  int position();

  /** A number as written ({@code 10ul}); its type comes from its suffix. */
  record NumberLiteral(String text, int position) implements Expression {}

  /** A string literal's value and suffix ({@code r}, {@code u} or empty). */
  record StringLiteral(String value, String suffix, int position) implements Expression {}

  record BooleanLiteral(boolean value, int position) implements Expression {}

  /** A name: an attribute, or the left side of a qualified reference. */
  record Name(String name, int position) implements Expression {}

  /** {@code base.name}: a port's or stream's attribute ({@code L.x}), or a tuple's. */
  record Member(Expression base, String name, int position) implements Expression {}

  record Unary(String operator, Expression operand, int position) implements Expression {}

  record Binary(String operator, Expression left, Expression right, int position)
      implements Expression {}

  record Conditional(Expression condition, Expression then, Expression otherwise, int position)
      implements Expression {}

  record Cast(SplType target, String written, Expression operand, int position)
      implements Expression {}

  record Call(String function, List<Expression> arguments, int position) implements Expression {}

  record ListLiteral(List<Expression> elements, int position) implements Expression {}

  /** {@code {k: v, ...}}; {@code keys} and {@code values} pair up by index. */
  record MapLiteral(List<Expression> keys, List<Expression> values, int position)
      implements Expression {}

  /** {@code base[index]}, or the slice {@code base[from:to]} (either end may be null). */
  record Subscript(Expression base, Expression index, Expression to, boolean slice, int position)
      implements Expression {}
}
