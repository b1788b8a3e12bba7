package io.streamswindow.spark;

/**
 * A query restarted from a checkpoint that its new definition cannot carry on from: the window
 * clause, operator class, {@code partition_by}, {@code order_by} or input schema differs from the
 * one the checkpoint was written with, or the operator's {@code StateHandler} can no longer read
 * the data its earlier version saved. The message names what changed and what to do
 * (docs/reliability.md, "Restarts that change the query").
 *
 * <p>The Python facade raises it as an {@code OperatorError} whose {@code cause_class} is this
 * class. Example of a message:
 *
 * <pre>
 * This query's checkpoint was written for another query definition (key [acme], query 1f0c...):
 * window clause: "tumbling, count(4)" in the checkpoint, "tumbling, count(5)" now. ...
 * </pre>
 */
public final class IncompatibleRestartException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what changed and what to do
   */
  public IncompatibleRestartException(String message) {
    super(message);
  }

  /** The refusal of a restart whose definition differs from the checkpoint's in {@code changes}. */
  static IncompatibleRestartException changed(String owner, java.util.List<String> changes) {
    return new IncompatibleRestartException(
        "This query's checkpoint was written for another query definition (the state of "
            + owner
            + "): "
            + String.join("; ", changes)
            + ". Saved windows are read only by the definition that wrote them: restart with"
            + " that definition, or give the query a new checkpointLocation so that its"
            + " windows start empty.");
  }

  /** The refusal of a restart whose operator or windows could not read back the saved state. */
  static IncompatibleRestartException unreadable(String owner, String what, Throwable cause) {
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return new IncompatibleRestartException(
        "The state saved in this query's checkpoint no longer reads (the state of "
            + owner
            + "): "
            + what
            + " failed with "
            + root
            + ". Its bytes are intact (their checksum matches) and the query definition is"
            + " unchanged, so the operator code that reads them changed: run the operator"
            + " version that wrote the checkpoint, make its StateHandler.reset read the old"
            + " data, or give the query a new checkpointLocation so that its windows start"
            + " empty.");
  }
}
