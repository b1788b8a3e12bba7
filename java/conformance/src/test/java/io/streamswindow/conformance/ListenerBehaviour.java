package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;

/**
 * How the traced operator's window listener behaves beyond recording events, as a scenario's {@code
 * "listener"} object states it.
 *
 * @param kind which listener the traced operator registers ({@code "type"})
 * @param removeOnInsertion ids of tuples the listener drops through {@code Iterator.remove()} on
 *     their INSERTION event
 * @param evictPartitionsDuringInsertion on INSERTION, while {@code needsPartitionEviction()}, the
 *     listener evicts the most recently inserted partition other than the event's own
 * @param traceStateHandler the operator registers a StateHandler that prints {@code stateHandler
 *     drain|checkpoint|reset|resetToInitialState}
 * @param evictPartitionsOnDrain that StateHandler evicts every partition in its {@code drain()}
 * @param sortBy for a {@link Kind#SORTED} listener, the attributes to sort on (empty: the {@code
 *     SortedTupleWindow} constructor gets no names)
 * @param ascending for a {@link Kind#SORTED} listener, the order
 */
public record ListenerBehaviour(
    Kind kind,
    List<String> removeOnInsertion,
    boolean evictPartitionsDuringInsertion,
    boolean traceStateHandler,
    boolean evictPartitionsOnDrain,
    List<String> sortBy,
    boolean ascending) {

  /** The listener a scenario's traced operator registers, each with its own operator class. */
  public enum Kind {
    /** A plain {@code StreamWindowListener}: {@link TracingOperator}. */
    RECORDING("recording", TracingOperator.class),
    /**
     * A {@code StatefulWindowListener} printing its bookkeeping: {@link StatefulTracingOperator}.
     */
    STATEFUL("stateful", StatefulTracingOperator.class),
    /** A {@code SortedTupleWindow} printing its sorted lists: {@link SortedTracingOperator}. */
    SORTED("sorted", SortedTracingOperator.class);

    private final String name;
    private final Class<? extends TracingOperator> operatorClass;

    Kind(String name, Class<? extends TracingOperator> operatorClass) {
      this.name = name;
      this.operatorClass = operatorClass;
    }

    /** The traced operator that registers this kind of listener. */
    public Class<? extends TracingOperator> operatorClass() {
      return operatorClass;
    }

    static Kind named(String name, String at) {
      for (Kind kind : values()) {
        if (kind.name.equals(name)) {
          return kind;
        }
      }
      throw new ScenarioFormatException(
          at + ": \"type\" is \"recording\", \"stateful\" or \"sorted\"");
    }
  }

  static final ListenerBehaviour RECORDING =
      new ListenerBehaviour(Kind.RECORDING, List.of(), false, false, false, List.of(), true);

  private static final Set<String> FIELDS =
      Set.of(
          "type",
          "removeOnInsertion",
          "evictPartitionsDuringInsertion",
          "traceStateHandler",
          "evictPartitionsOnDrain",
          "sortBy",
          "ascending");

  static ListenerBehaviour parse(JsonNode node, String where) {
    if (node == null) {
      return RECORDING;
    }
    String at = where + " listener";
    ScenarioFormatException.requireObject(node, at);
    ScenarioFormatException.rejectUnknownFields(node, FIELDS, at);
    Kind kind = Kind.named(node.has("type") ? node.get("type").asText() : "recording", at);
    boolean evictOnDrain = node.path("evictPartitionsOnDrain").asBoolean(false);
    boolean traceStateHandler = node.path("traceStateHandler").asBoolean(false);
    if (evictOnDrain && !traceStateHandler) {
      throw new ScenarioFormatException(at + ": evictPartitionsOnDrain needs traceStateHandler");
    }
    if (kind != Kind.SORTED && (node.has("sortBy") || node.has("ascending"))) {
      throw new ScenarioFormatException(
          at + ": \"sortBy\" and \"ascending\" are for \"type\": \"sorted\"");
    }
    return new ListenerBehaviour(
        kind,
        List.copyOf(ScenarioFormatException.textList(node, "removeOnInsertion", at)),
        node.path("evictPartitionsDuringInsertion").asBoolean(false),
        traceStateHandler,
        evictOnDrain,
        List.copyOf(ScenarioFormatException.textList(node, "sortBy", at)),
        node.path("ascending").asBoolean(true));
  }
}
