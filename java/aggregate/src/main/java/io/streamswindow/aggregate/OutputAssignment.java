package io.streamswindow.aggregate;

import java.util.List;

/**
 * One parsed output assignment of the {@link Aggregate} operator: {@code attribute =
 * function(arguments)}, where the arguments are input attribute names.
 *
 * <p>Made by {@link OutputAssignmentParser}; the positions are kept so that a later check (an
 * unknown attribute, a type that does not fit) can still point at the token.
 *
 * @param text the assignment as given, e.g. {@code "who = ArgMax(price, symbol)"}
 * @param attribute the output attribute assigned, e.g. {@code who}
 * @param attributePosition the 0-based index of {@code attribute} in {@code text}
 * @param function the output function, e.g. {@link AggregateFunction#ARG_MAX}
 * @param functionPosition the 0-based index of the function name in {@code text}
 * @param arguments the input attribute names passed to the function, e.g. {@code [price, symbol]}
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

  /** Copies the lists, so that an assignment never changes once made. */
  public OutputAssignment {
    arguments = List.copyOf(arguments);
    argumentPositions = List.copyOf(argumentPositions);
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
