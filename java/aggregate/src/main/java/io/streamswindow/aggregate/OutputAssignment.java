package io.streamswindow.aggregate;

import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.expression.SplExpressionException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One parsed output assignment of the {@link Aggregate} operator: {@code attribute =
 * function(arguments)}, where each argument is an input attribute's name or the text of an SPL
 * expression over the input attributes ({@code Sum(price * volume)}).
 *
 * <p>Made by {@link OutputAssignmentParser}; the positions are kept so that a later check (an
 * unknown attribute, a type that does not fit) can still point at the token.
 *
 * @param text the assignment as given, e.g. {@code "who = ArgMax(price, symbol)"}
 * @param attribute the output attribute assigned, e.g. {@code who}
 * @param attributePosition the 0-based index of {@code attribute} in {@code text}
 * @param function the output function, e.g. {@link AggregateFunction#ARG_MAX}
 * @param functionPosition the 0-based index of the function name in {@code text}
 * @param arguments the arguments passed to the function, e.g. {@code [price, symbol]}: input
 *     attribute names, or expressions' texts ({@link #isExpression})
 * @param argumentPositions the 0-based index of each argument in {@code text}
 */
public record OutputAssignment(
    String text,
    String attribute,
    int attributePosition,
    AggregateFunction function,
    int functionPosition,
    List<String> arguments,
    List<Integer> argumentPositions) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** Copies the lists, so that an assignment never changes once made. */
  public OutputAssignment {
    arguments = List.copyOf(arguments);
    argumentPositions = List.copyOf(argumentPositions);
  }

  /** Whether argument {@code index} is an SPL expression rather than an attribute's name. */
  public boolean isExpression(int index) {
    return !NAME.matcher(arguments.get(index)).matches();
  }

  /**
   * Compiles argument {@code index}, an SPL expression ({@link #isExpression}), over {@code
   * scope}'s attributes.
   *
   * <pre>{@code
   * OutputAssignment vwap = OutputAssignmentParser.parse("v=Sum(price * (float64)volume)");
   * vwap.compileArgument(0, ExpressionScope.of(trades)).type();   // float64
   * }</pre>
   *
   * @throws OutputAssignmentException naming this assignment, the argument, and the token SPL
   *     refuses at its position in the assignment, with the expression layer's reason and fix
   */
  public SplExpression compileArgument(int index, ExpressionScope scope) {
    String argument = arguments.get(index);
    int position = argumentPositions.get(index);
    try {
      return SplExpression.compileAt(argument, position, scope);
    } catch (SplExpressionException refused) {
      throw error(argument, refused.position(), argumentName(index) + ": " + refused.getMessage());
    }
  }

  /** How messages name argument {@code index}: {@code Sum's argument 'price * volume' at ...}. */
  String argumentName(int index) {
    return function.splName()
        + "'s argument '"
        + arguments.get(index)
        + "' at position "
        + argumentPositions.get(index);
  }

  /** Returns an error about the token at {@code position}, which reads {@code token}. */
  OutputAssignmentException error(String token, int position, String detail) {
    return new OutputAssignmentException(text, token, position, detail);
  }

  /** Returns an error about argument {@code index}. */
  OutputAssignmentException argumentError(int index, String detail) {
    return error(arguments.get(index), argumentPositions.get(index), detail);
  }

  /** Returns the assignment in normal form, e.g. {@code who=ArgMax(price, symbol)}. */
  @Override
  public String toString() {
    return attribute + "=" + function.splName() + "(" + String.join(", ", arguments) + ")";
  }
}
