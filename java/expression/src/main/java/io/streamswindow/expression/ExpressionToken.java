package io.streamswindow.expression;

/**
 * One token of an SPL expression: its kind, its text as written (a string literal's text is its
 * decoded value) and where it starts.
 */
record ExpressionToken(Kind kind, String text, int position, String suffix) {

  /** What a token is. */
  enum Kind {
    /**
     * An identifier, keyword or type name: {@code price}, {@code true}, {@code in}, {@code int32}.
     */
    NAME,
    /**
     * A number as written, suffix included: {@code 1}, {@code 10ul}, {@code 2.5d}, {@code 0xffu}.
     */
    NUMBER,
    /** A string literal; {@link #suffix()} is {@code r}, {@code u} or empty. */
    STRING,
    /** An operator or punctuation: {@code +}, {@code <=}, {@code (}, {@code ::}. */
    SYMBOL,
    /** The end of the text. */
    END
  }

  boolean is(String symbolOrName) {
    return (kind == Kind.SYMBOL || kind == Kind.NAME) && text.equals(symbolOrName);
  }

  /** How a message names this token. */
  String described() {
    switch (kind) {
      case END:
        return "the end of the expression";
      case STRING:
        return "a string literal";
      default:
        return "'" + text + "'";
    }
  }
}
