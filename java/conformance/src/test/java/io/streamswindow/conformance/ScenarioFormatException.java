package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Thrown when a scenario file does not follow docs/scenario-format.md; the message names the file
 * and the field so the author can fix the data rather than the runner.
 */
final class ScenarioFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ScenarioFormatException(String message) {
    super(message);
  }

  static void requireObject(JsonNode node, String where) {
    if (node == null || !node.isObject()) {
      throw new ScenarioFormatException(where + ": expected a JSON object, found " + node);
    }
  }

  static void rejectUnknownFields(JsonNode node, Set<String> known, String where) {
    List<String> unknown = new ArrayList<>();
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!known.contains(name)) {
        unknown.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      throw new ScenarioFormatException(
          where + ": unknown field(s) " + unknown + "; the known fields are " + known);
    }
  }

  static String requiredText(JsonNode node, String field, String where) {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      throw new ScenarioFormatException(where + ": \"" + field + "\" must be a non-empty string");
    }
    return value.asText();
  }

  static List<String> textList(JsonNode node, String field, String where) {
    JsonNode value = node.get(field);
    List<String> result = new ArrayList<>();
    if (value == null) {
      return result;
    }
    if (!value.isArray()) {
      throw new ScenarioFormatException(where + ": \"" + field + "\" must be an array of strings");
    }
    for (JsonNode item : value) {
      if (!item.isTextual()) {
        throw new ScenarioFormatException(
            where + ": \"" + field + "\" must hold strings only, found " + item);
      }
      result.add(item.asText());
    }
    return result;
  }
}
