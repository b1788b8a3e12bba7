package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * One step of a scenario: a tuple to submit or a command to run, and what it must cause.
 *
 * <p>In a file a step is {@code {"tuple": {...}, "expect": [...]}}, {@code {"do": "advance 1",
 * "expect": [...]}}, {@code {"do": "evictPartition 0", "error": {...}}}, or a bare command string,
 * which expects nothing. {@code "tuple": "A"} is short for {@code {"id": "A"}}.
 *
 * @param tuple the attribute values of the tuple to submit, or null for a command
 * @param command the command (see {@link ScenarioCommand}), or null for a tuple
 * @param expect the trace the step must produce (empty when an error is expected)
 * @param error the error the step must throw, or null
 * @param port the input port a tuple or a {@code punct} command goes to (0 unless the step says
 *     {@code "port"})
 */
public record ScenarioStep(
    ObjectNode tuple, String command, ExpectedTrace expect, ExpectedError error, int port) {
  private static final Set<String> FIELDS = Set.of("tuple", "do", "expect", "error", "port");

  static ScenarioStep parse(JsonNode node, String where) {
    if (node.isTextual()) {
      return new ScenarioStep(null, node.asText(), ExpectedTrace.NOTHING, null, 0);
    }
    ScenarioFormatException.requireObject(node, where);
    ScenarioFormatException.rejectUnknownFields(node, FIELDS, where);
    if (node.has("tuple") == node.has("do")) {
      throw new ScenarioFormatException(where + ": a step has exactly one of \"tuple\" and \"do\"");
    }
    if (node.has("expect") && node.has("error")) {
      throw new ScenarioFormatException(where + ": a step has \"expect\" or \"error\", not both");
    }
    ObjectNode tuple = null;
    String command = null;
    if (node.has("tuple")) {
      JsonNode value = node.get("tuple");
      if (value.isTextual()) {
        tuple = JsonNodeFactory.instance.objectNode().put("id", value.asText());
      } else if (value.isObject()) {
        tuple = (ObjectNode) value;
      } else {
        throw new ScenarioFormatException(where + ": \"tuple\" is an id string or an object");
      }
    } else {
      command = ScenarioFormatException.requiredText(node, "do", where);
    }
    ExpectedError error = node.has("error") ? ExpectedError.parse(node.get("error"), where) : null;
    int port = 0;
    if (node.has("port")) {
      JsonNode value = node.get("port");
      if (!value.canConvertToInt() || !value.isIntegralNumber() || value.asInt() < 0) {
        throw new ScenarioFormatException(where + ": \"port\" is an input port number, 0 or more");
      }
      if (command != null && !command.trim().startsWith("punct ")) {
        throw new ScenarioFormatException(
            where + ": \"port\" goes with a tuple or a punct command, not \"" + command + "\"");
      }
      port = value.asInt();
    }
    return new ScenarioStep(
        tuple, command, ExpectedTrace.parse(node.get("expect"), where), error, port);
  }

  /**
   * A short description for failure messages: {@code tuple {"id":"A"}}, {@code do advance 1}, or
   * with a port beyond 0 {@code port 1 tuple {"id":"E"}}.
   */
  public String describe() {
    String what = tuple != null ? "tuple " + tuple : "do " + command;
    return port == 0 ? what : "port " + port + " " + what;
  }
}
