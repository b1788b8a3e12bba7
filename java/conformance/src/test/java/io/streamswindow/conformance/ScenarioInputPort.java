package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamswindow.clause.WindowClauseParser;
import java.util.Set;

/**
 * An input port beyond port 0 that a scenario declares in {@code "ports"}: its SPL schema and its
 * window clause, or no window (docs/scenario-format.md, "Several input ports").
 *
 * <pre>{@code
 * "ports": [{"schema": "tuple<rstring id, rstring key>", "window": "tumbling, count(2)"},
 *           {"schema": "tuple<rstring id>"}]
 * }</pre>
 *
 * @param schema the port's SPL schema; an {@code id} attribute names its tuples in traces
 * @param window the port's SPL window clause, or null when the port is not windowed
 */
public record ScenarioInputPort(String schema, String window) {
  private static final Set<String> FIELDS = Set.of("schema", "window");

  static ScenarioInputPort parse(JsonNode node, String where) {
    ScenarioFormatException.requireObject(node, where);
    ScenarioFormatException.rejectUnknownFields(node, FIELDS, where);
    String window =
        node.has("window") ? ScenarioFormatException.requiredText(node, "window", where) : null;
    if (window != null && WindowClauseParser.parse(window).isTimeInterval()) {
      throw new ScenarioFormatException(
          where + ": a timeInterval window belongs on port 0, with the scenario's \"eventTime\"");
    }
    return new ScenarioInputPort(
        ScenarioFormatException.requiredText(node, "schema", where), window);
  }

  /** Whether the port has a window. */
  public boolean windowed() {
    return window != null;
  }
}
