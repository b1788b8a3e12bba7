package io.streamswindow.clause;

import io.streamswindow.clause.ClauseToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a window clause into {@link ClauseToken}s, skipping whitespace.
 *
 * <p>The tokenizer never fails: characters the clause language does not use become {@link
 * Kind#INVALID} tokens, so the parser can report them together with what it expected at that place.
 * A number immediately followed by letters or digits (an SPL type suffix such as {@code 10l}, or
 * {@code 1.2.3}) is one invalid token rather than a number and a word.
 */
final class ClauseTokenizer {
  private final String text;
  private int pos;

  private ClauseTokenizer(String text) {
    this.text = text;
  }

  /** The tokens of {@code text}, always ending with one {@link Kind#END} token. */
  static List<ClauseToken> tokenize(String text) {
    ClauseTokenizer tokenizer = new ClauseTokenizer(text);
    List<ClauseToken> tokens = new ArrayList<>();
    ClauseToken token;
    do {
      token = tokenizer.next();
      tokens.add(token);
    } while (!token.is(Kind.END));
    return tokens;
  }

  private ClauseToken next() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    int start = pos;
    if (pos >= text.length()) {
      return new ClauseToken(Kind.END, "", start);
    }
    char c = text.charAt(pos);
    if (isWordStart(c)) {
      while (pos < text.length() && isWordPart(text.charAt(pos))) {
        pos++;
      }
      return new ClauseToken(Kind.WORD, text.substring(start, pos), start);
    }
    if (isDigit(c) || (c == '.' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1)))) {
      return number(start);
    }
    pos++;
    Kind kind =
        switch (c) {
          case '(' -> Kind.LEFT_PAREN;
          case ')' -> Kind.RIGHT_PAREN;
          case ',' -> Kind.COMMA;
          case ';' -> Kind.SEMICOLON;
          case '-' -> Kind.MINUS;
          default -> Kind.INVALID;
        };
    return new ClauseToken(kind, text.substring(start, pos), start);
  }

  /** Reads {@code digits [. digits] [(e|E) [+|-] digits]}, or {@code . digits ...}. */
  private ClauseToken number(int start) {
    skipDigits();
    if (pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      skipDigits();
    }
    if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
      int exponent = pos + 1;
      if (exponent < text.length() && isSign(text.charAt(exponent))) {
        exponent++;
      }
      if (exponent < text.length() && isDigit(text.charAt(exponent))) {
        pos = exponent;
        skipDigits();
      }
    }
    if (pos < text.length() && (isWordPart(text.charAt(pos)) || text.charAt(pos) == '.')) {
      while (pos < text.length() && (isWordPart(text.charAt(pos)) || text.charAt(pos) == '.')) {
        pos++;
      }
      return new ClauseToken(Kind.INVALID, text.substring(start, pos), start);
    }
    return new ClauseToken(Kind.NUMBER, text.substring(start, pos), start);
  }

  private void skipDigits() {
    while (pos < text.length() && isDigit(text.charAt(pos))) {
      pos++;
    }
  }

  private static boolean isSign(char c) {
    return c == '+' || c == '-';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isWordStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isWordPart(char c) {
    return isWordStart(c) || isDigit(c);
  }
}
