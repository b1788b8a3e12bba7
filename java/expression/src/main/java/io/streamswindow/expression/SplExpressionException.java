package io.streamswindow.expression;

/**
 * An SPL expression refused when its plan is built: a syntax error, an unknown attribute or
 * function, or a type error. The message names the token, its position (0-based, in characters)
 * and, for a type error, the types found and the fix, as the window-clause parser does.
 *
 * <p>Example: {@code SplExpression.compile("price * 2", scope)} with {@code price} a {@code
 * float64} fails with "'*' at position 6: the operands are float64 and int32, and SPL needs one
 * type on both sides (no implicit widening): write 2.0, or cast one side, e.g. (float64)2.0".
 */
public final class SplExpressionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String expression;
  private final int position;

  SplExpressionException(String expression, int position, String message) {
    super(message);
    this.expression = expression;
    this.position = position;
  }

  /** The expression's text. */
  public String expression() {
    return expression;
  }

  /** Where in {@link #expression()} the refused token starts (0-based, in characters). */
  public int position() {
    return position;
  }
}
