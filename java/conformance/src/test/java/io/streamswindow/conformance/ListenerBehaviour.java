package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;

/**
 * How the traced operator's window listener behaves beyond recording events, as a scenario's
 * {@code "listener"} object states it.
 *
 * @param stateful true for a {@code StatefulWindowListener} that also prints its bookkeeping
 *     ({@code "type": "stateful"}); false for a plain recording listener ({@code "recording"})
 * @param removeOnInsertion ids of tuples the listener drops through {@code Iterator.remove()} on
 *     their INSERTION event
 * @param evictPartitionsDuringInsertion on INSERTION, while {@code needsPartitionEviction()}, the
 *     listener evicts the most recently inserted partition other than the event's own
 * @param traceStateHandler the operator registers a StateHandler that prints {@code stateHandler
 *     drain|checkpoint|reset|resetToInitialState}
 * @param evictPartitionsOnDrain that StateHandler evicts every partition in its {@code drain()}
 */
public record ListenerBehaviour(
    boolean stateful,
    List<String> removeOnInsertion,
    boolean evictPartitionsDuringInsertion,
    boolean traceStateHandler,
    boolean evictPartitionsOnDrain) {

  static final ListenerBehaviour RECORDING = new ListenerBehaviour(false, List.of(), false, false, false);

  private static final Set<String> FIELDS =
      Set.of(
          "type", "removeOnInsertion", "evictPartitionsDuringInsertion", "traceStateHandler",
          "evictPartitionsOnDrain");

  static ListenerBehaviour parse(JsonNode node, String where) {
    if (node == null) {
      return RECORDING;
    }
    String at = where + " listener";
    ScenarioFormatException.requireObject(node, at);
    ScenarioFormatException.rejectUnknownFields(node, FIELDS, at);
    String type = node.has("type") ? node.get("type").asText() : "recording";
    if (!type.equals("recording") && !type.equals("stateful")) {
      throw new ScenarioFormatException(at + ": \"type\" is \"recording\" or \"stateful\"");
    }
    boolean evictOnDrain = node.path("evictPartitionsOnDrain").asBoolean(false);
    boolean traceStateHandler = node.path("traceStateHandler").asBoolean(false);
    if (evictOnDrain && !traceStateHandler) {
      throw new ScenarioFormatException(at + ": evictPartitionsOnDrain needs traceStateHandler");
    }
    return new ListenerBehaviour(
        type.equals("stateful"),
        List.copyOf(ScenarioFormatException.textList(node, "removeOnInsertion", at)),
        node.path("evictPartitionsDuringInsertion").asBoolean(false),
        traceStateHandler,
        evictOnDrain);
  }
}
