package io.streamswindow.spark.errors;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A query restarted from a checkpoint that its new definition cannot carry on from: the window
 * clause, operator class, {@code partition_by}, {@code order_by} or input schema differs from the
 * one the checkpoint was written with, its key from the one the checkpoint recorded in columns or
 * types (the state key record), or the session gives another state layout than the checkpoint's
 * (condition {@value #CHANGED}: parameters {@code owner}, {@code part}, {@code checkpointValue} and
 * {@code currentValue} of the first change, {@code changes} all of them as text), or the operator's
 * {@code StateHandler} or windows can no longer read the data its earlier version saved (condition
 * {@value #UNREADABLE}: {@code owner}, {@code step}, {@code causeClass}, {@code causeMessage}). The
 * message names what changed and what to do (docs/reliability.md, "Restarts that change the
 * query").
 *
 * <p>The Python facade raises it as an {@code OperatorError} whose {@code cause_class} is this
 * class. Example of a message:
 *
 * <pre>
 * This query's checkpoint was written for another query definition (key [acme], query 1f0c...):
 * window clause: "tumbling, count(4)" in the checkpoint, "tumbling, count(5)" now. ...
 * </pre>
 */
public final class IncompatibleRestartException extends IllegalStateException
    implements StreamsWindowThrowable {
  private static final long serialVersionUID = 1L;

  /** The condition of a restart whose definition changed. */
  public static final String CHANGED = "STREAMS_WINDOW_INCOMPATIBLE_RESTART";

  /** The condition of a restart whose operator or windows no longer read the saved state. */
  public static final String UNREADABLE = "STREAMS_WINDOW_UNREADABLE_STATE";

  private final String condition;
  private final Map<String, String> parameters;

  private IncompatibleRestartException(
      String message, Throwable cause, String condition, Map<String, String> parameters) {
    super(message, cause);
    this.condition = condition;
    this.parameters = Map.copyOf(parameters);
  }

  @Override
  public String getCondition() {
    return condition;
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return parameters;
  }

  /** The refusal of a restart whose definition differs from the checkpoint's in {@code changes}. */
  public static IncompatibleRestartException changed(String owner, List<DefinitionChange> changes) {
    DefinitionChange first = changes.get(0);
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("owner", owner);
    parameters.put("part", first.part());
    if (first.checkpointValue() != null) {
      parameters.put("checkpointValue", first.checkpointValue());
    }
    if (first.currentValue() != null) {
      parameters.put("currentValue", first.currentValue());
    }
    String listed = String.join("; ", changes.stream().map(String::valueOf).toList());
    parameters.put("changes", listed);
    return new IncompatibleRestartException(
        "This query's checkpoint was written for another query definition (the state of "
            + owner
            + "): "
            + listed
            + ". Saved windows are read only by the definition that wrote them: restart with"
            + " that definition, or give the query a new checkpointLocation so that its"
            + " windows start empty.",
        null,
        CHANGED,
        parameters);
  }

  /**
   * A refusal of condition {@value #CHANGED} for one {@code change} of {@code owner}, worded by the
   * caller: {@code message} names what changed and what keeps the checkpoint (the state layout's
   * refusal, which only the state knows how to advise on).
   */
  public static IncompatibleRestartException changed(
      String owner, DefinitionChange change, String message) {
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("owner", owner);
    parameters.put("part", change.part());
    parameters.put("checkpointValue", change.checkpointValue());
    parameters.put("currentValue", change.currentValue());
    parameters.put("changes", change.toString());
    return new IncompatibleRestartException(message, null, CHANGED, parameters);
  }

  /**
   * The refusal of a restart whose operator or windows could not read back the saved state: {@code
   * step} failed with {@code cause}.
   */
  public static IncompatibleRestartException unreadable(
      String owner, String step, Throwable cause) {
    Throwable root = StreamsWindowThrowable.root(cause);
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("owner", owner);
    parameters.put("step", step);
    parameters.put("causeClass", root.getClass().getName());
    if (root.getMessage() != null) {
      parameters.put("causeMessage", root.getMessage());
    }
    return new IncompatibleRestartException(
        "The state saved in this query's checkpoint no longer reads (the state of "
            + owner
            + "): "
            + step
            + " failed with "
            + root
            + ". Its bytes are intact (their checksum matches) and the query definition is"
            + " unchanged, so the operator code that reads them changed: run the operator"
            + " version that wrote the checkpoint, make its StateHandler.reset read the old"
            + " data, or give the query a new checkpointLocation so that its windows start"
            + " empty.",
        null,
        UNREADABLE,
        parameters);
  }
}
