package io.streamswindow.clause;

/**
 * A piece of text a user wrote (a window clause, an output assignment) that cannot be read: the
 * error's first line names the text, the offending token and its position, and says what is wrong
 * there; its second line shows the form the text takes, so that the fix is at hand.
 *
 * <p>It is an {@link IllegalArgumentException} because the text is a value handed in by the caller,
 * like any other bad argument.
 */
public abstract class BadTokenException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String text;
  private final String token;
  private final int position;

  /**
   * Creates the error.
   *
   * @param what what the text is, e.g. {@code window clause}
   * @param text the text as the caller gave it
   * @param token the offending token's text, or the empty string when the text ended too early
   * @param position the 0-based character index of the token in {@code text}
   * @param detail what is wrong, including the position
   * @param form the form such text takes, the message's second line
   */
  protected BadTokenException(
      String what, String text, String token, int position, String detail, String form) {
    super("bad " + what + " \"" + text + "\": " + detail + "\n" + form);
    this.text = text;
    this.token = token;
    this.position = position;
  }

  /** The text that could not be read. */
  protected String text() {
    return text;
  }

  /** The offending token's text; the empty string when the text ended too early. */
  public String getToken() {
    return token;
  }

  /** The 0-based character index of the offending token in the text. */
  public int getPosition() {
    return position;
  }
}
