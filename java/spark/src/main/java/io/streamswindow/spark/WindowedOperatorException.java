package io.streamswindow.spark;

/**
 * A failure of a windowed operator run on Spark. The message names the operator class, the window
 * clause and, when it happened inside a group, the group's key; the cause is the operator's own
 * exception. The Python facade re-raises it as {@code streams_window.OperatorError}.
 */
public final class WindowedOperatorException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  WindowedOperatorException(String message, Throwable cause) {
    super(message, cause);
  }

  static WindowedOperatorException of(OperatorPlan plan, Object key, Throwable cause) {
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String where = key == null ? "" : " for key " + key;
    return new WindowedOperatorException(
        "Operator " + plan.operatorClass() + " (window \"" + plan.window() + "\") failed" + where + ": "
            + root.getClass().getName() + ": " + root.getMessage(),
        cause);
  }
}
