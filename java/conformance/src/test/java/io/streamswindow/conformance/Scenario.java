package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One conformance scenario, read from a JSON file under {@code tests/scenarios}: a window
 * declaration, how the traced operator's listener behaves, and the steps with the trace each must
 * produce. docs/scenario-format.md describes the format. Public, with the rest of the scenario
 * model, for the Spark path's runner in {@code java/spark}'s tests, which reads the same files
 * through this module's test jar.
 *
 * @param id the file's path below {@code tests/scenarios}, without {@code .json}
 * @param name what the scenario shows, in a sentence
 * @param source the sections of docs/semantics.md (or docs/decisions.md) it proves
 * @param schema input port 0's SPL schema
 * @param window input port 0's SPL window clause, or null when {@link #declare} is used
 * @param declare IBM harness window-builder calls, or empty when {@link #window} is used
 * @param partitionBy attributes for {@code WindowUtilities.registerAttributePartitioner}, on every
 *     port whose window is partitioned
 * @param ports input ports 1, 2...: each one's schema and window (empty for one input port)
 * @param orderBy the attributes the steps submit tuples in order of, across ports: on the Spark
 *     path, {@code run_operator}'s {@code order_by}; the harness delivers in step order (empty: no
 *     order is stated)
 * @param listener how the traced operator's listener behaves
 * @param deltaMode the sliding delta eviction mode's name, or null for the default
 * @param eventTime the event-time attribute of a timeInterval window, or null
 * @param start the trace expected when all ports become ready
 * @param steps the steps, in order
 * @param error the declaration error expected instead of steps, or null
 */
public record Scenario(
    String id,
    String name,
    String source,
    String schema,
    String window,
    List<String> declare,
    List<String> partitionBy,
    List<ScenarioInputPort> ports,
    List<String> orderBy,
    ListenerBehaviour listener,
    String deltaMode,
    String eventTime,
    ExpectedTrace start,
    List<ScenarioStep> steps,
    ExpectedError error) {

  private static final Set<String> FIELDS =
      Set.of(
          "name",
          "source",
          "schema",
          "window",
          "declare",
          "partitionBy",
          "ports",
          "orderBy",
          "listener",
          "deltaMode",
          "eventTime",
          "start",
          "steps",
          "error");

  static Scenario parse(String id, JsonNode root) {
    String where = id;
    ScenarioFormatException.requireObject(root, where);
    ScenarioFormatException.rejectUnknownFields(root, FIELDS, where);
    if (root.has("window") == root.has("declare")) {
      throw new ScenarioFormatException(where + ": exactly one of \"window\" and \"declare\"");
    }
    if (root.has("eventTime") && !root.has("window")) {
      throw new ScenarioFormatException(
          where
              + ": \"eventTime\" belongs to a timeInterval \"window\" clause; IBM's builder calls"
              + " (\"declare\") cannot declare one");
    }
    if (root.has("steps") == root.has("error")) {
      throw new ScenarioFormatException(where + ": exactly one of \"steps\" and \"error\"");
    }
    List<ScenarioInputPort> ports = new ArrayList<>();
    if (root.has("ports")) {
      JsonNode array = root.get("ports");
      if (!array.isArray() || array.isEmpty()) {
        throw new ScenarioFormatException(
            where + ": \"ports\" must be a non-empty array of input ports 1, 2...");
      }
      for (int i = 0; i < array.size(); i++) {
        ports.add(ScenarioInputPort.parse(array.get(i), where + " port " + (i + 1)));
      }
      if (!root.has("window")) {
        throw new ScenarioFormatException(
            where + ": a scenario with \"ports\" declares port 0 with a \"window\" clause");
      }
      ListenerBehaviour listener = ListenerBehaviour.parse(root.get("listener"), where);
      if (listener.kind() != ListenerBehaviour.Kind.RECORDING || listener.traceStateHandler()) {
        throw new ScenarioFormatException(
            where
                + ": a scenario with \"ports\" traces with the recording listener, without a"
                + " state handler");
      }
    }
    List<ScenarioStep> steps = new ArrayList<>();
    if (root.has("steps")) {
      JsonNode array = root.get("steps");
      if (!array.isArray() || array.isEmpty()) {
        throw new ScenarioFormatException(where + ": \"steps\" must be a non-empty array");
      }
      for (int i = 0; i < array.size(); i++) {
        ScenarioStep step = ScenarioStep.parse(array.get(i), where + " step " + (i + 1));
        if (step.port() > ports.size()) {
          throw new ScenarioFormatException(
              where
                  + " step "
                  + (i + 1)
                  + ": input port "
                  + step.port()
                  + " is not declared (ports 0 to "
                  + ports.size()
                  + ")");
        }
        steps.add(step);
      }
    }
    return new Scenario(
        id,
        ScenarioFormatException.requiredText(root, "name", where),
        ScenarioFormatException.requiredText(root, "source", where),
        ScenarioFormatException.requiredText(root, "schema", where),
        root.has("window") ? ScenarioFormatException.requiredText(root, "window", where) : null,
        ScenarioFormatException.textList(root, "declare", where),
        ScenarioFormatException.textList(root, "partitionBy", where),
        List.copyOf(ports),
        List.copyOf(ScenarioFormatException.textList(root, "orderBy", where)),
        ListenerBehaviour.parse(root.get("listener"), where),
        root.has("deltaMode")
            ? ScenarioFormatException.requiredText(root, "deltaMode", where)
            : null,
        root.has("eventTime")
            ? ScenarioFormatException.requiredText(root, "eventTime", where)
            : null,
        ExpectedTrace.parse(root.get("start"), where + " start"),
        List.copyOf(steps),
        root.has("error") ? ExpectedError.parse(root.get("error"), where + " error") : null);
  }

  /** How many input ports the scenario's operator has: port 0 and {@link #ports}. */
  public int inputPorts() {
    return 1 + ports.size();
  }

  @Override
  public String toString() {
    return id;
  }
}
