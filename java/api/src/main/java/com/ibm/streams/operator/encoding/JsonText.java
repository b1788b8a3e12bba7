package com.ibm.streams.operator.encoding;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;

/**
 * Writes the structures of {@link TupleJsonEncoding} as JSON text: maps as objects, collections as
 * arrays, strings escaped, numbers as Java prints them (a {@code BigDecimal} in plain notation),
 * booleans and null as themselves. A float that is not finite has no JSON form and is refused.
 */
final class JsonText {
  private JsonText() {}

  static String write(Object value) {
    StringBuilder text = new StringBuilder();
    append(text, value);
    return text.toString();
  }

  private static void append(StringBuilder text, Object value) {
    if (value == null || value instanceof Boolean) {
      text.append(value);
    } else if (value instanceof Map<?, ?> map) {
      text.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        text.append(first ? "" : ",");
        first = false;
        string(text, String.valueOf(entry.getKey()));
        text.append(':');
        append(text, entry.getValue());
      }
      text.append('}');
    } else if (value instanceof Collection<?> elements) {
      text.append('[');
      boolean first = true;
      for (Object element : elements) {
        text.append(first ? "" : ",");
        first = false;
        append(text, element);
      }
      text.append(']');
    } else if (value instanceof BigDecimal decimal) {
      text.append(decimal.toPlainString());
    } else if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new IllegalArgumentException("JSON encoding: " + d + " has no JSON form");
      }
      text.append(value);
    } else if (value instanceof Number) {
      text.append(value);
    } else {
      string(text, value.toString());
    }
  }

  private static void string(StringBuilder text, String s) {
    text.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> text.append("\\\"");
        case '\\' -> text.append("\\\\");
        case '\n' -> text.append("\\n");
        case '\r' -> text.append("\\r");
        case '\t' -> text.append("\\t");
        case '\b' -> text.append("\\b");
        case '\f' -> text.append("\\f");
        default -> {
          if (c < 0x20) {
            text.append(String.format("\\u%04x", (int) c));
          } else {
            text.append(c);
          }
        }
      }
    }
    text.append('"');
  }
}
