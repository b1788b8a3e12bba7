package io.streamswindow.clause;

/**
 * The error thrown when an SPL window clause cannot be read: its first line names the offending
 * token and its position and says what was expected there; its second shows the form a window
 * clause takes.
 *
 * <p>Example message:
 *
 * <pre>{@code
 * bad window clause "sliding, cnt(3)": unexpected 'cnt' at position 9; expected count(n), time(seconds) or delta(attribute, value)
 * A window clause reads: [partitioned,] tumbling, <eviction> | ...
 * }</pre>
 *
 * <p>It is an {@link IllegalArgumentException} because the clause is a value handed in by the
 * caller, like any other bad argument.
 */
public final class WindowClauseException extends BadTokenException {
  private static final long serialVersionUID = 1L;

  /** The overall form of a window clause, every message's second line, so the fix is at hand. */
  public static final String CLAUSE_FORM =
      "A window clause reads: [partitioned,] tumbling, <eviction> | sliding, <eviction>"
          + "[, <trigger>], then optionally [partitioned] and one of partitionAge(seconds),"
          + " partitionCount(n), tupleCount(n); an eviction or trigger is count(n),"
          + " time(seconds), delta(attribute, value) or (tumbling only) punct(); or [partitioned,]"
          + " timeInterval, intervalDuration(seconds)[, creationPeriod(seconds)][, discardAge(seconds)]"
          + "[, intervalOffset(seconds)][, partitioned]";

  /**
   * Creates the error for {@code clause}.
   *
   * @param clause the clause as the caller gave it
   * @param token the offending token's text, or the empty string at the end of the clause
   * @param position the 0-based character index of the token in {@code clause}
   * @param detail what is wrong, including the position, e.g. {@code unexpected 'cnt' at position
   *     9; expected count(n)}
   */
  public WindowClauseException(String clause, String token, int position, String detail) {
    super("window clause", clause, token, position, detail, CLAUSE_FORM);
  }

  /** The clause that could not be read. */
  public String getClause() {
    return text();
  }
}
