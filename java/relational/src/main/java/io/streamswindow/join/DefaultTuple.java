package io.streamswindow.join;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SPL Join's {@code defaultTupleLHS} / {@code defaultTupleRHS}: an SPL tuple literal of a port's
 * type, {@code {orderId=0u, customerName="XXXXX"}}, which stands for the missing side of an
 * unmatched tuple on output port 0 instead of a tuple of default values.
 *
 * <pre>{@code
 * Tuple lhs = DefaultTuple.parse("{id=\"none\", k=\"\"}", schema, "defaultTupleLHS");
 * }</pre>
 */
final class DefaultTuple {
  private DefaultTuple() {}

  /**
   * Reads {@code literal} as a tuple of {@code schema}: every attribute given once, each value an
   * SPL expression of the attribute's type.
   *
   * @throws IllegalArgumentException for a literal that is no tuple of that type, naming the
   *     parameter, the attribute and the fix
   */
  static Tuple parse(String literal, StreamSchema schema, String parameter) {
    String text = literal.trim();
    if (!text.startsWith("{") || !text.endsWith("}")) {
      throw new IllegalArgumentException(
          parameter
              + " \""
              + literal
              + "\" is not an SPL tuple literal: write {attribute=value, ...} with every"
              + " attribute of "
              + schema.getLanguageType());
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (String item : topLevel(text.substring(1, text.length() - 1))) {
      int equals = item.indexOf('=');
      String name = equals < 0 ? "" : item.substring(0, equals).trim();
      if (schema.getAttribute(name) == null) {
        throw new IllegalArgumentException(
            parameter
                + " gives \""
                + item.trim()
                + "\", which names no attribute of "
                + schema.getLanguageType());
      }
      if (values.put(name, item.substring(equals + 1).trim()) != null) {
        throw new IllegalArgumentException(parameter + " gives '" + name + "' twice");
      }
    }
    List<String> missing = new ArrayList<>();
    for (Attribute attribute : schema) {
      if (!values.containsKey(attribute.getName())) {
        missing.add(attribute.getName());
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          parameter
              + " is of another type than its port's "
              + schema.getLanguageType()
              + ": it lacks "
              + missing
              + "; give every attribute");
    }
    ExpressionScope scope = ExpressionScope.of(SplSchema.from(schema));
    Object[] tuple = new Object[schema.getAttributeCount()];
    Tuple empty = schema.getTuple();
    for (Map.Entry<String, String> value : values.entrySet()) {
      Attribute attribute = schema.getAttribute(value.getKey());
      SplExpression expression = SplExpression.compile(value.getValue(), scope);
      String type = expression.type().getLanguageType();
      if (!type.equals(attribute.getType().getLanguageType())) {
        throw new IllegalArgumentException(
            parameter
                + " gives "
                + value.getKey()
                + "="
                + value.getValue()
                + ", a "
                + type
                + ", but '"
                + value.getKey()
                + "' is "
                + attribute.getType().getLanguageType());
      }
      tuple[attribute.getIndex()] = expression.evaluate(empty);
    }
    return schema.getTuple(tuple);
  }

  /** The items of a literal's body, split at the commas outside strings and brackets. */
  private static List<String> topLevel(String body) {
    List<String> items = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (quoted) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          quoted = false;
        }
      } else if (c == '"') {
        quoted = true;
      } else if ("([{".indexOf(c) >= 0) {
        depth++;
      } else if (")]}".indexOf(c) >= 0) {
        depth--;
      } else if (c == ',' && depth == 0) {
        items.add(body.substring(start, i));
        start = i + 1;
      }
    }
    if (!body.substring(start).isBlank()) {
      items.add(body.substring(start));
    }
    return items;
  }
}
