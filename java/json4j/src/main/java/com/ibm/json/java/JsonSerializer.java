package com.ibm.json.java;

import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.List;

/**
 * Writes JSON4J values as JSON text: compact (no white space) or verbose (a member or element per
 * line, two spaces of indentation per level, a space after each colon).
 *
 * <p>Numbers are written with their {@code toString()}; a {@code Float} or {@code Double} that is
 * NaN or infinite, which JSON cannot write, is written as {@code null}. Strings escape the quote,
 * the backslash and the control characters; other characters are written as they are.
 */
final class JsonSerializer {

  private final Writer out;
  private final boolean verbose;

  private JsonSerializer(Writer out, boolean verbose) {
    this.out = out;
    this.verbose = verbose;
  }

  static void write(Object value, Writer out, boolean verbose) throws IOException {
    new JsonSerializer(out, verbose).value(value, 0);
    out.flush();
  }

  private void value(Object value, int depth) throws IOException {
    if (value == null) {
      out.write("null");
    } else if (value instanceof String) {
      string((String) value);
    } else if (value instanceof Boolean) {
      out.write(value.toString());
    } else if (value instanceof Number) {
      number((Number) value);
    } else if (value instanceof JSONObject) {
      object((JSONObject) value, depth);
    } else if (value instanceof JSONArray) {
      array((JSONArray) value, depth);
    } else {
      throw new IOException(
          "A JSON4J value cannot be " + value.getClass().getName() + ": " + value);
    }
  }

  private void number(Number number) throws IOException {
    boolean notFinite =
        (number instanceof Double && !Double.isFinite(number.doubleValue()))
            || (number instanceof Float && !Float.isFinite(number.floatValue()));
    out.write(notFinite ? "null" : number.toString());
  }

  private void object(JSONObject object, int depth) throws IOException {
    Iterator<?> names = object.serializationOrder();
    if (!names.hasNext()) {
      out.write("{}");
      return;
    }
    out.write('{');
    boolean first = true;
    while (names.hasNext()) {
      Object name = names.next();
      if (!first) {
        out.write(',');
      }
      first = false;
      newLine(depth + 1);
      string(String.valueOf(name));
      out.write(verbose ? ": " : ":");
      value(object.get(name), depth + 1);
    }
    newLine(depth);
    out.write('}');
  }

  private void array(List<?> array, int depth) throws IOException {
    if (array.isEmpty()) {
      out.write("[]");
      return;
    }
    out.write('[');
    boolean first = true;
    for (Object element : array) {
      if (!first) {
        out.write(',');
      }
      first = false;
      newLine(depth + 1);
      value(element, depth + 1);
    }
    newLine(depth);
    out.write(']');
  }

  private void newLine(int depth) throws IOException {
    if (verbose) {
      out.write('\n');
      for (int i = 0; i < depth; i++) {
        out.write("  ");
      }
    }
  }

  private void string(String text) throws IOException {
    out.write('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.write("\\\"");
        case '\\' -> out.write("\\\\");
        case '\b' -> out.write("\\b");
        case '\f' -> out.write("\\f");
        case '\n' -> out.write("\\n");
        case '\r' -> out.write("\\r");
        case '\t' -> out.write("\\t");
        default -> {
          if (c < 0x20) {
            out.write(String.format("\\u%04x", (int) c));
          } else {
            out.write(c);
          }
        }
      }
    }
    out.write('"');
  }
}
