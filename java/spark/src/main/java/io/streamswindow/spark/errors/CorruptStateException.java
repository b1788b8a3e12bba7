package io.streamswindow.spark.errors;

import java.util.Map;

/**
 * A key's saved window state that cannot be trusted: bytes altered or cut short in the state store,
 * a chunk of tuples missing, or a format this build does not read. The query fails with it rather
 * than start the key's windows afresh, which would lose their tuples without a word. The message
 * names the key, where its state lives (query id, micro-batch, state partition) and what to do.
 *
 * <p>The Python facade raises it as an {@code OperatorError} whose {@code cause_class} is this
 * class. Example of a message:
 *
 * <pre>
 * The saved state of key [acme] (query 1f0c..., micro-batch 7, state partition 1) is damaged:
 * the checksum of its saved checkpoint ... does not match ...
 * </pre>
 */
public final class CorruptStateException extends IllegalStateException
    implements StreamsWindowThrowable {
  private static final long serialVersionUID = 1L;

  /** The condition of every such exception; its parameters are {@code owner} and {@code damage}. */
  public static final String CONDITION = "STREAMS_WINDOW_DAMAGED_STATE";

  private final Map<String, String> parameters;

  /**
   * Creates the exception.
   *
   * @param owner the key and where its state lives
   * @param damage what is wrong with the state
   */
  public CorruptStateException(String owner, String damage) {
    super(
        "The saved state of "
            + owner
            + " is damaged: "
            + damage
            + ". streams-window does not start a window afresh in place of state it cannot read."
            + " Restore the query's checkpointLocation from a copy taken while the query was"
            + " stopped, or give the query a new checkpointLocation (every window then starts"
            + " empty).");
    this.parameters = Map.of("owner", owner, "damage", damage);
  }

  @Override
  public String getCondition() {
    return CONDITION;
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return parameters;
  }
}
