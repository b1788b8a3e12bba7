package io.streamswindow.schema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses SPL type text such as {@code tuple<rstring id, float64 v, timestamp ts>}, the form IBM's
 * {@code Type.Factory.getStreamSchema} and test harness accept.
 *
 * <p>Supported: {@code boolean}, {@code int8}..{@code int64}, {@code uint8}..{@code uint64}, {@code
 * float32}, {@code float64}, {@code decimal32}, {@code decimal64}, {@code decimal128}, {@code
 * rstring}, {@code ustring}, {@code timestamp}, {@code blob}, {@code xml} and {@code
 * xml<"schema">}, {@code list<T>}, {@code set<T>}, {@code map<K,V>}, {@code optional<T>}, nested
 * {@code tuple<...>}, and the bounded forms {@code rstring[n]}, {@code list<T>[n]}, {@code
 * set<T>[n]}, {@code map<K,V>[n]}, which keep IBM's bounded meta types ({@code BSTRING}, {@code
 * BLIST}, {@code BSET}, {@code BMAP}) and their bound. Whitespace between tokens is optional. Not
 * supported: {@code enum{...}}, {@code complex32}/{@code complex64} and named (user-defined) types;
 * they are reported as such.
 *
 * <p>Errors are {@link IllegalArgumentException}s naming what was found, its zero-based character
 * position and the expected form, with the text and a caret under the position:
 *
 * <pre>
 * Invalid SPL type at position 14 ('&gt;'): expected an attribute name
 *   tuple&lt;rstring &gt;
 *                 ^
 * Expected form: tuple&lt;type name, ...&gt;, for example tuple&lt;rstring id, float64 v, timestamp ts&gt;
 * </pre>
 */
public final class SplTypeParser {
  private static final String TUPLE_FORM =
      "tuple<type name, ...>, for example tuple<rstring id, float64 v, timestamp ts>";

  private final String text;
  private int position;

  private SplTypeParser(String text) {
    this.text = text;
  }

  /**
   * Parses a tuple type, which must start with {@code tuple<}.
   *
   * @throws IllegalArgumentException for text that is not a supported SPL tuple type
   */
  public static SplTupleType parseTupleType(String text) {
    SplTypeParser parser = new SplTypeParser(requireText(text));
    parser.skipSpaces();
    int start = parser.position;
    if (!"tuple".equals(parser.peekWord())) {
      throw parser.error(start, "expected tuple<", TUPLE_FORM);
    }
    SplTupleType type = parser.tupleType();
    parser.expectEnd();
    return type;
  }

  /**
   * Parses any single SPL type, for example {@code list<rstring>[4]} or {@code int32}.
   *
   * @throws IllegalArgumentException for text that is not a supported SPL type
   */
  public static SplType parseType(String text) {
    SplTypeParser parser = new SplTypeParser(requireText(text));
    SplType type = parser.type();
    parser.expectEnd();
    return type;
  }

  private static String requireText(String text) {
    if (text == null) {
      throw new IllegalArgumentException("Invalid SPL type: null; expected form: " + TUPLE_FORM);
    }
    return text;
  }

  // ---- grammar ----------------------------------------------------------------------------

  private SplTupleType tupleType() {
    expectWord("tuple", TUPLE_FORM);
    expect('<', TUPLE_FORM);
    List<String> names = new ArrayList<>();
    List<SplType> types = new ArrayList<>();
    Map<String, Integer> declaredAt = new HashMap<>();
    do {
      types.add(type());
      skipSpaces();
      int nameStart = position;
      String name = readWord();
      if (name == null) {
        throw error(nameStart, "expected an attribute name", TUPLE_FORM);
      }
      Integer first = declaredAt.putIfAbsent(name, nameStart);
      if (first != null) {
        throw error(
            nameStart,
            "duplicate attribute name " + name + " (first declared at position " + first + ")",
            "attribute names must be unique within a tuple type");
      }
      names.add(name);
    } while (accept(','));
    expect('>', TUPLE_FORM);
    return new SplTupleType(SplSchema.of(names, types));
  }

  private SplType type() {
    skipSpaces();
    int start = position;
    String word = peekWord();
    if (word == null) {
      throw error(start, "expected an SPL type", "an SPL type such as int32, rstring or list<T>");
    }
    switch (word) {
      case "tuple":
        return tupleType();
      case "list":
        readWord();
        return new SplListType(elementType("list<T>"), bound("list<T>[n]"));
      case "set":
        readWord();
        return new SplSetType(elementType("set<T>"), bound("set<T>[n]"));
      case "map":
        return mapType();
      case "optional":
        return optionalType();
      case "rstring":
        readWord();
        int bound = bound("rstring[n]");
        return bound < 0 ? SplPrimitiveType.RSTRING : new SplBoundedStringType(bound);
      case "xml":
        return xmlType();
      case "enum":
      case "complex32":
      case "complex64":
        throw error(start, "SPL type " + word + " is not supported by streams-window", supported());
      default:
        SplPrimitiveType primitive = SplPrimitiveType.forLanguageType(word);
        if (primitive == null) {
          throw error(start, "unknown SPL type " + word, supported());
        }
        readWord();
        skipSpaces();
        if (peek() == '[') {
          throw error(
              position,
              word + " cannot be bounded",
              "only rstring[n], list<T>[n], set<T>[n] and map<K,V>[n] take a bound");
        }
        return primitive;
    }
  }

  private SplType elementType(String form) {
    expect('<', form);
    SplType element = type();
    expect('>', form);
    return element;
  }

  private SplType mapType() {
    readWord();
    String form = "map<K,V> or map<K,V>[n]";
    expect('<', form);
    SplType key = type();
    expect(',', form);
    SplType value = type();
    expect('>', form);
    return new SplMapType(key, value, bound("map<K,V>[n]"));
  }

  private SplType optionalType() {
    readWord();
    String form = "optional<T> where T is not optional";
    expect('<', form);
    skipSpaces();
    int valueStart = position;
    SplType value = type();
    if (value instanceof SplOptionalType) {
      throw error(valueStart, "an optional type cannot be optional", form);
    }
    expect('>', form);
    return new SplOptionalType(value);
  }

  /** {@code xml}, or {@code xml<"schema">} with the schema's location in a string literal. */
  private SplType xmlType() {
    readWord();
    String form = "xml or xml<\"schema\">";
    if (!accept('<')) {
      return SplXmlType.XML_TYPE;
    }
    skipSpaces();
    if (peek() != '"') {
      throw error(position, "expected a string literal naming the XML schema", form);
    }
    int start = ++position;
    while (position < text.length() && text.charAt(position) != '"') {
      position++;
    }
    if (position >= text.length()) {
      throw error(start - 1, "unterminated string literal", form);
    }
    String schema = text.substring(start, position);
    position++;
    expect('>', form);
    if (schema.isEmpty()) {
      throw error(start - 1, "the XML schema's location is empty", form);
    }
    return SplXmlType.of(schema);
  }

  /** Reads an optional {@code [n]} with a positive n; returns -1 when there is none. */
  private int bound(String form) {
    skipSpaces();
    if (peek() != '[') {
      return -1;
    }
    position++;
    skipSpaces();
    int start = position;
    while (position < text.length() && Character.isDigit(text.charAt(position))) {
      position++;
    }
    int bound;
    try {
      bound = start == position ? 0 : Integer.parseInt(text.substring(start, position));
    } catch (NumberFormatException e) {
      bound = 0;
    }
    if (bound <= 0) {
      throw error(start, "expected a positive bound", form);
    }
    expect(']', form);
    return bound;
  }

  // ---- tokens -----------------------------------------------------------------------------

  private void skipSpaces() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  private char peek() {
    return position < text.length() ? text.charAt(position) : 0;
  }

  /** Returns the identifier at the current position (after spaces) without consuming it. */
  private String peekWord() {
    skipSpaces();
    int end = wordEnd(position);
    return end == position ? null : text.substring(position, end);
  }

  private String readWord() {
    String word = peekWord();
    if (word != null) {
      position += word.length();
    }
    return word;
  }

  private int wordEnd(int from) {
    int end = from;
    while (end < text.length()) {
      char c = text.charAt(end);
      boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      if (!letter && !(end > from && c >= '0' && c <= '9')) {
        break;
      }
      end++;
    }
    return end;
  }

  private void expectWord(String word, String form) {
    skipSpaces();
    int start = position;
    if (!word.equals(readWord())) {
      throw error(start, "expected " + word, form);
    }
  }

  private boolean accept(char c) {
    skipSpaces();
    if (peek() == c) {
      position++;
      return true;
    }
    return false;
  }

  private void expect(char c, String form) {
    if (!accept(c)) {
      throw error(position, "expected '" + c + "'", form);
    }
  }

  private void expectEnd() {
    skipSpaces();
    if (position < text.length()) {
      throw error(position, "expected the end of the type", TUPLE_FORM);
    }
  }

  // ---- errors -----------------------------------------------------------------------------

  private static String supported() {
    return "boolean, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64,"
        + " decimal32, decimal64, decimal128, rstring, rstring[n], ustring, timestamp, blob, xml,"
        + " list<T>, set<T>, map<K,V> (each optionally [n]), optional<T> or tuple<...>";
  }

  private IllegalArgumentException error(int at, String problem, String expectedForm) {
    String message =
        "Invalid SPL type at position "
            + at
            + " ("
            + describeTokenAt(at)
            + "): "
            + problem
            + "\n  "
            + text
            + "\n  "
            + " ".repeat(at)
            + "^\nExpected form: "
            + expectedForm;
    return new IllegalArgumentException(message);
  }

  private String describeTokenAt(int at) {
    if (at >= text.length()) {
      return "end of text";
    }
    int end = wordEnd(at);
    if (end == at) {
      while (end < text.length() && Character.isDigit(text.charAt(end))) {
        end++;
      }
    }
    return "'" + text.substring(at, Math.max(end, at + 1)) + "'";
  }
}
