package io.streamswindow.aggregate;

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
public final class OutputAssignmentException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The form of an assignment, appended to every message so that the fix is at hand. */
  public static final String ASSIGNMENT_FORM =
      "An output assignment reads attribute=Function(arguments), for example total=Sum(cost),"
          + " n=Count() or who=ArgMax(price, symbol)";

  private final String assignment;
  private final String token;
  private final int position;

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
    super("bad output assignment \"" + assignment + "\": " + detail + ". " + ASSIGNMENT_FORM);
    this.assignment = assignment;
    this.token = token;
    this.position = position;
  }

  /** The assignment that could not be used. */
  public String getAssignment() {
    return assignment;
  }

  /** The offending token's text; the empty string when the assignment ended too early. */
  public String getToken() {
    return token;
  }

  /** The 0-based character index of the offending token in the assignment. */
  public int getPosition() {
    return position;
  }
}
