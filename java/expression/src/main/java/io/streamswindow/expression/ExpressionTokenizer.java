package io.streamswindow.expression;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an SPL expression into tokens by SPL's lexical rules: identifiers (an optional leading
 * {@code $}), numbers with SPL's suffixes (type {@code s u f d}, width {@code b h w l q}), hex
 * numbers ({@code 0x..}, suffix {@code s} or {@code u}), string literals in double or single quotes
 * with SPL's escapes and an {@code r} or {@code u} suffix, and the operators of SPL's expression
 * grammar (docs/semantics.md, "SPL expressions").
 */
final class ExpressionTokenizer {
  /** Longest first, so that {@code <=} is not read as {@code <} then {@code =}. */
  private static final String[] SYMBOLS = {
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "::", "?:", "??", "++", "--", "+", "-", "*",
    "/", "%", "<", ">", "&", "|", "^", "!", "~", "?", ":", "(", ")", "[", "]", "{", "}", ",", ".",
    "="
  };

  private final String text;
  private int at;

  private ExpressionTokenizer(String text) {
    this.text = text;
  }

  static List<ExpressionToken> tokens(String text) {
    return new ExpressionTokenizer(text).all();
  }

  private List<ExpressionToken> all() {
    List<ExpressionToken> tokens = new ArrayList<>();
    while (true) {
      skipSpaceAndComments();
      if (at >= text.length()) {
        tokens.add(new ExpressionToken(ExpressionToken.Kind.END, "", at, ""));
        return tokens;
      }
      tokens.add(next());
    }
  }

  private void skipSpaceAndComments() {
    while (at < text.length()) {
      char c = text.charAt(at);
      if (Character.isWhitespace(c)) {
        at++;
      } else if (text.startsWith("//", at)) {
        int end = text.indexOf('\n', at);
        at = end < 0 ? text.length() : end + 1;
      } else if (text.startsWith("/*", at)) {
        int end = text.indexOf("*/", at + 2);
        if (end < 0) {
          throw new SplExpressionException(
              text, at, "A comment at position " + at + " is not closed: end it with */");
        }
        at = end + 2;
      } else {
        return;
      }
    }
  }

  private ExpressionToken next() {
    char c = text.charAt(at);
    int start = at;
    if (isLetter(c) || (c == '$' && at + 1 < text.length() && isLetter(text.charAt(at + 1)))) {
      at++;
      while (at < text.length() && (isLetter(text.charAt(at)) || isDigit(text.charAt(at)))) {
        at++;
      }
      return new ExpressionToken(ExpressionToken.Kind.NAME, text.substring(start, at), start, "");
    }
    if (isDigit(c) || (c == '.' && at + 1 < text.length() && isDigit(text.charAt(at + 1)))) {
      return number();
    }
    if (c == '"' || c == '\'') {
      return string(c);
    }
    for (String symbol : SYMBOLS) {
      if (text.startsWith(symbol, at)) {
        at += symbol.length();
        return new ExpressionToken(ExpressionToken.Kind.SYMBOL, symbol, start, "");
      }
    }
    throw new SplExpressionException(
        text,
        start,
        "'" + c + "' at position " + start + " is not part of SPL's expression syntax");
  }

  private ExpressionToken number() {
    int start = at;
    if (text.startsWith("0x", at) || text.startsWith("0X", at)) {
      at += 2;
      while (at < text.length() && Character.digit(text.charAt(at), 16) >= 0) {
        at++;
      }
      while (at < text.length() && "su".indexOf(text.charAt(at)) >= 0) {
        at++;
      }
    } else {
      digits();
      if (at < text.length()
          && text.charAt(at) == '.'
          && !(at + 1 < text.length() && isLetter(text.charAt(at + 1)) && !isExponent(at + 1))) {
        at++;
        digits();
      }
      if (isExponent(at)) {
        at++;
        if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
          at++;
        }
        digits();
      }
      while (at < text.length() && "sufdbhwlq".indexOf(text.charAt(at)) >= 0) {
        at++;
      }
    }
    if (at < text.length() && (isLetter(text.charAt(at)) || isDigit(text.charAt(at)))) {
      int end = at;
      while (end < text.length() && (isLetter(text.charAt(end)) || isDigit(text.charAt(end)))) {
        end++;
      }
      throw new SplExpressionException(
          text,
          start,
          "The number '"
              + text.substring(start, end)
              + "' at position "
              + start
              + " has a suffix SPL does not know: a number ends with a"
              + " type (s, u, f, d) and a width (b, h, w, l, q), e.g. 10ul, 2.5w, 100.0d");
    }
    return new ExpressionToken(ExpressionToken.Kind.NUMBER, text.substring(start, at), start, "");
  }

  private boolean isExponent(int index) {
    if (index >= text.length() || (text.charAt(index) != 'e' && text.charAt(index) != 'E')) {
      return false;
    }
    int next = index + 1;
    if (next < text.length() && (text.charAt(next) == '+' || text.charAt(next) == '-')) {
      next++;
    }
    return next < text.length() && isDigit(text.charAt(next));
  }

  private void digits() {
    while (at < text.length() && isDigit(text.charAt(at))) {
      at++;
    }
  }

  /** A string literal: SPL's escapes; its value is kept as UTF-8 bytes read back as text. */
  private ExpressionToken string(char quote) {
    int start = at;
    at++;
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    while (true) {
      if (at >= text.length()) {
        throw new SplExpressionException(
            text,
            start,
            "The string literal at position " + start + " is not closed: end it with " + quote);
      }
      char c = text.charAt(at);
      if (c == quote) {
        at++;
        break;
      }
      if (c == '\\') {
        at++;
        if (at >= text.length()) {
          continue;
        }
        char e = text.charAt(at++);
        switch (e) {
          case 'n':
            bytes.write('\n');
            break;
          case 't':
            bytes.write('\t');
            break;
          case 'r':
            bytes.write('\r');
            break;
          case 'a':
            bytes.write(7);
            break;
          case 'b':
            bytes.write('\b');
            break;
          case 'f':
            bytes.write('\f');
            break;
          case 'v':
            bytes.write(11);
            break;
          case '0':
            bytes.write(0);
            break;
          case '\\':
          case '"':
          case '\'':
          case '?':
            bytes.write(e);
            break;
          case 'u':
            if (at + 4 > text.length()) {
              throw badEscape(at - 2);
            }
            int code;
            try {
              code = Integer.parseInt(text.substring(at, at + 4), 16);
            } catch (NumberFormatException notHex) {
              throw badEscape(at - 2);
            }
            at += 4;
            bytes.writeBytes(String.valueOf((char) code).getBytes(StandardCharsets.UTF_8));
            break;
          default:
            throw badEscape(at - 2);
        }
        continue;
      }
      int codePoint = text.codePointAt(at);
      at += Character.charCount(codePoint);
      bytes.writeBytes(new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8));
    }
    String suffix = "";
    if (at < text.length() && (text.charAt(at) == 'r' || text.charAt(at) == 'u')) {
      suffix = String.valueOf(text.charAt(at++));
    }
    return new ExpressionToken(
        ExpressionToken.Kind.STRING,
        new String(bytes.toByteArray(), StandardCharsets.UTF_8),
        start,
        suffix);
  }

  private SplExpressionException badEscape(int position) {
    return new SplExpressionException(
        text,
        position,
        "The escape at position "
            + position
            + " is not one of SPL's: \\n \\t \\r \\a \\b \\f \\v \\0 \\\\ \\\" \\' \\? \\uXXXX");
  }

  private static boolean isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
