package com.ibm.json.java;

import java.io.IOException;
import java.io.Reader;
import java.math.BigInteger;

/**
 * Reads one JSON value from a reader into JSON4J's types: {@link JSONObject} (or {@link
 * OrderedJSONObject} when the order is kept), {@link JSONArray}, {@code String}, {@code Boolean},
 * null, and for numbers a {@code Long} when the text has no fraction or exponent and fits, a {@code
 * BigInteger} when it has none and does not fit, and a {@code Double} otherwise.
 *
 * <p>The text must be one value, with only white space after it; anything else is an {@code
 * IOException} that says what was found and where.
 */
final class JsonParser {

  private final Reader reader;
  private final boolean keepOrder;
  private int next = -2; // -2: nothing read ahead yet
  private long offset = -1;

  private JsonParser(Reader reader, boolean keepOrder) {
    this.reader = reader;
    this.keepOrder = keepOrder;
  }

  /** Reads the reader's one value. */
  static Object parseValue(Reader reader, boolean keepOrder) throws IOException {
    JsonParser parser = new JsonParser(reader, keepOrder);
    Object value = parser.value();
    int after = parser.skipSpace();
    if (after != -1) {
      throw parser.error("text after the JSON value: '" + (char) after + "'");
    }
    return value;
  }

  /** Reads the reader's one value, which must be an object or an array. */
  static JSONArtifact parseArtifact(Reader reader, boolean keepOrder) throws IOException {
    Object value = parseValue(reader, keepOrder);
    if (value instanceof JSONArtifact) {
      return (JSONArtifact) value;
    }
    throw new IOException("JSON text is not an object or an array: " + describe(value));
  }

  static String describe(Object value) {
    return value == null ? "null" : value.getClass().getSimpleName() + " " + value;
  }

  private int peek() throws IOException {
    if (next == -2) {
      next = reader.read();
      offset++;
    }
    return next;
  }

  private int read() throws IOException {
    int c = peek();
    next = -2;
    return c;
  }

  private int skipSpace() throws IOException {
    int c = peek();
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      read();
      c = peek();
    }
    return c;
  }

  private IOException error(String what) {
    return new IOException("Invalid JSON at character " + offset + ": " + what);
  }

  private Object value() throws IOException {
    int c = skipSpace();
    switch (c) {
      case -1:
        throw error("end of text where a value was expected");
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        read();
        return string();
      case 't':
        literal("true");
        return Boolean.TRUE;
      case 'f':
        literal("false");
        return Boolean.FALSE;
      case 'n':
        literal("null");
        return null;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("unexpected '" + (char) c + "' where a value was expected");
    }
  }

  private void literal(String word) throws IOException {
    for (int i = 0; i < word.length(); i++) {
      if (read() != word.charAt(i)) {
        throw error("expected '" + word + "'");
      }
    }
  }

  @SuppressWarnings("unchecked")
  private JSONObject object() throws IOException {
    read(); // '{'
    JSONObject object = keepOrder ? new OrderedJSONObject() : new JSONObject();
    if (skipSpace() == '}') {
      read();
      return object;
    }
    while (true) {
      if (skipSpace() != '"') {
        throw error("expected a quoted member name");
      }
      read();
      String name = string();
      if (skipSpace() != ':') {
        throw error("expected ':' after member name \"" + name + "\"");
      }
      read();
      object.put(name, value());
      int c = skipSpace();
      read();
      if (c == '}') {
        return object;
      }
      if (c != ',') {
        throw error(c == -1 ? "end of text inside an object" : "expected ',' or '}'");
      }
    }
  }

  @SuppressWarnings("unchecked")
  private JSONArray array() throws IOException {
    read(); // '['
    JSONArray array = new JSONArray();
    if (skipSpace() == ']') {
      read();
      return array;
    }
    while (true) {
      array.add(value());
      int c = skipSpace();
      read();
      if (c == ']') {
        return array;
      }
      if (c != ',') {
        throw error(c == -1 ? "end of text inside an array" : "expected ',' or ']'");
      }
    }
  }

  /** Reads a string's characters after its opening quote, and the closing quote. */
  private String string() throws IOException {
    StringBuilder text = new StringBuilder();
    while (true) {
      int c = read();
      if (c == -1) {
        throw error("end of text inside a string");
      }
      if (c == '"') {
        return text.toString();
      }
      if (c != '\\') {
        text.append((char) c);
        continue;
      }
      int escaped = read();
      switch (escaped) {
        case '"', '\\', '/' -> text.append((char) escaped);
        case 'b' -> text.append('\b');
        case 'f' -> text.append('\f');
        case 'n' -> text.append('\n');
        case 'r' -> text.append('\r');
        case 't' -> text.append('\t');
        case 'u' -> text.append(unicodeEscape());
        default -> throw error("unknown escape in a string");
      }
    }
  }

  private char unicodeEscape() throws IOException {
    int code = 0;
    for (int i = 0; i < 4; i++) {
      int digit = Character.digit(read(), 16);
      if (digit < 0) {
        throw error("\\u must be followed by four hexadecimal digits");
      }
      code = code * 16 + digit;
    }
    return (char) code;
  }

  private Number number() throws IOException {
    StringBuilder text = new StringBuilder();
    boolean integral = true;
    if (peek() == '-') {
      text.append((char) read());
    }
    int digits = digits(text);
    if (digits == 0) {
      throw error("a number needs a digit");
    }
    if (digits > 1 && text.charAt(text.length() - digits) == '0') {
      throw error("a number does not start with 0");
    }
    if (peek() == '.') {
      integral = false;
      text.append((char) read());
      if (digits(text) == 0) {
        throw error("a number needs a digit after its decimal point");
      }
    }
    if (peek() == 'e' || peek() == 'E') {
      integral = false;
      text.append((char) read());
      if (peek() == '+' || peek() == '-') {
        text.append((char) read());
      }
      if (digits(text) == 0) {
        throw error("a number needs a digit in its exponent");
      }
    }
    String number = text.toString();
    if (!integral) {
      return Double.valueOf(number);
    }
    try {
      return Long.valueOf(number);
    } catch (NumberFormatException tooLarge) {
      return new BigInteger(number);
    }
  }

  private int digits(StringBuilder text) throws IOException {
    int count = 0;
    while (peek() >= '0' && peek() <= '9') {
      text.append((char) read());
      count++;
    }
    return count;
  }
}
