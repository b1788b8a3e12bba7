package io.streamswindow.aggregate;

import io.streamswindow.clause.BadTokenException;

/**
 * The error thrown when an output assignment of the {@link Aggregate} operator cannot be read or
 * does not fit the schemas: it names the assignment, the offending token and its position.
 *
 * <p>Example message:
 *
 * <pre>{@code
 * bad output assignment "total=Summ(cost)": unknown function 'Summ' at position 6; known
 * functions are Count, CountAll, ... An output assignment reads attribute=Function(arguments)
 * }</pre>
 *
 * <p>It is an {@link IllegalArgumentException}: the assignment is a parameter value handed in by
 * the caller, like any other bad argument.
 */
public final class OutputAssignmentException extends BadTokenException {
  private static final long serialVersionUID = 1L;

  /** The form of an assignment, appended to every message so that the fix is at hand. */
  public static final String ASSIGNMENT_FORM =
      "An output assignment reads attribute=Function(arguments), for example total=Sum(cost),"
          + " n=Count() or who=ArgMax(price, symbol)";

  /**
   * Creates the error for {@code assignment}.
   *
   * @param assignment the assignment as the caller gave it
   * @param token the offending token's text, or the empty string at the end of the assignment
   * @param position the 0-based character index of the token in {@code assignment}
   * @param detail what is wrong, including the position, e.g. {@code unknown function 'Summ' at
   *     position 6}
   */
  public OutputAssignmentException(String assignment, String token, int position, String detail) {
    super("output assignment", assignment, token, position, detail, ASSIGNMENT_FORM);
  }

  /** The assignment that could not be used. */
  public String getAssignment() {
    return text();
  }
}
