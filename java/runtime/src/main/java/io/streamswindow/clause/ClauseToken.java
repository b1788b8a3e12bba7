package io.streamswindow.clause;

/**
 * One lexical token of a window clause, with its 0-based start position in the clause.
 *
 * @param kind what sort of token it is
 * @param text the token's characters as written (empty for {@link Kind#END})
 * @param position the 0-based index of the token's first character in the clause
 */
record ClauseToken(Kind kind, String text, int position) {

  /** The sorts of token a window clause is made of. */
  enum Kind {
    /** A name such as {@code sliding}, {@code count} or an attribute name. */
    WORD,
    /** An unsigned number: {@code 5}, {@code 5.0}, {@code .5}, {@code 1e3}. */
    NUMBER,
    LEFT_PAREN,
    RIGHT_PAREN,
    COMMA,
    SEMICOLON,
    /** A minus sign; kept as a token so that a negative number gets its own message. */
    MINUS,
    /** Anything the clause language does not use (e.g. {@code 10l} or {@code #}). */
    INVALID,
    /** The end of the clause. */
    END
  }

  boolean is(Kind k) {
    return kind == k;
  }

  boolean isWord(String word) {
    return kind == Kind.WORD && text.equals(word);
  }

  /** The token as an error message quotes it. */
  String quoted() {
    return kind == Kind.END ? "end of clause" : "'" + text + "'";
  }
}
