package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The trace lines one step (or the start of the graph) must produce, in order. An item is one line,
 * or a group of lines that must appear together, consecutively, in any order among themselves: the
 * rules leave the order between partitions open (a window marker tumbles "every existing
 * partition"), and a scenario must not assert more than the rules say.
 *
 * @param items each a {@code String} or an unmodifiable {@code List<String>} group
 */
public record ExpectedTrace(List<Object> items) {
  static final ExpectedTrace NOTHING = new ExpectedTrace(List.of());

  static ExpectedTrace parse(JsonNode node, String where) {
    if (node == null) {
      return NOTHING;
    }
    if (!node.isArray()) {
      throw new ScenarioFormatException(where + ": \"expect\" must be an array");
    }
    List<Object> items = new ArrayList<>();
    for (JsonNode item : node) {
      if (item.isTextual()) {
        items.add(item.asText());
      } else if (item.isArray() && item.size() > 0) {
        List<String> group = new ArrayList<>();
        for (JsonNode line : item) {
          if (!line.isTextual()) {
            throw new ScenarioFormatException(where + ": a group in \"expect\" holds strings only");
          }
          group.add(line.asText());
        }
        items.add(List.copyOf(group));
      } else {
        throw new ScenarioFormatException(
            where + ": \"expect\" items are strings or non-empty arrays of strings, found " + item);
      }
    }
    return new ExpectedTrace(List.copyOf(items));
  }

  /** The expected lines flattened, groups in the order written; for diffs only. */
  public List<String> flattened() {
    List<String> lines = new ArrayList<>();
    for (Object item : items) {
      if (item instanceof String line) {
        lines.add(line);
      } else {
        @SuppressWarnings("unchecked")
        List<String> group = (List<String>) item;
        lines.addAll(group);
      }
    }
    return lines;
  }

  /** True when {@code actual} is exactly this trace, groups matched as multisets. */
  public boolean matches(List<String> actual) {
    int position = 0;
    for (Object item : items) {
      if (item instanceof String line) {
        if (position >= actual.size() || !actual.get(position).equals(line)) {
          return false;
        }
        position++;
      } else {
        @SuppressWarnings("unchecked")
        List<String> group = (List<String>) item;
        if (position + group.size() > actual.size()) {
          return false;
        }
        List<String> remaining = new ArrayList<>(group);
        for (String line : actual.subList(position, position + group.size())) {
          if (!remaining.remove(line)) {
            return false;
          }
        }
        position += group.size();
      }
    }
    return position == actual.size();
  }
}
