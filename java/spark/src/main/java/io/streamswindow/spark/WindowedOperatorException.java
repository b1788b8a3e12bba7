package io.streamswindow.spark;

import io.streamswindow.schema.UnknownAttributeException;

/**
 * A failure of a windowed operator run on Spark. The message names the operator class, the window
 * clause and, when it happened inside a group, the group's key; the cause is the operator's own
 * exception. The Python facade re-raises it as {@code streams_window.OperatorError}.
 */
public final class WindowedOperatorException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String operatorClass;
  private final String window;
  private final String key;
  private final String causeClassName;
  private final String causeMessage;

  private WindowedOperatorException(
      String message,
      Throwable cause,
      String operatorClass,
      String window,
      String key,
      Throwable root,
      String causeMessage) {
    super(message, cause);
    this.operatorClass = operatorClass;
    this.window = window;
    this.key = key;
    // Kept as text as well as in the cause chain: a cause whose class the driver cannot load does
    // not survive the trip from an executor, and the Python facade reads these to say what failed.
    this.causeClassName = root.getClass().getName();
    this.causeMessage = causeMessage;
  }

  /** The operator's class name. */
  public String operatorClass() {
    return operatorClass;
  }

  /** The window clause. */
  public String window() {
    return window;
  }

  /** The group's key as text, or null when the failure was not inside a group. */
  public String key() {
    return key;
  }

  /** The class name of the innermost exception of the cause chain: the operator's own. */
  public String causeClassName() {
    return causeClassName;
  }

  /** The message of the innermost exception of the cause chain, or null when it has none. */
  public String causeMessage() {
    return causeMessage;
  }

  static WindowedOperatorException of(OperatorPlan plan, Object key, Throwable cause) {
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String where = key == null ? "" : " for key " + key;
    String causeMessage = root.getMessage();
    if (root instanceof UnknownAttributeException unknown
        && unknown.schema() != null
        && unknown.schema().equals(plan.outputSchema())) {
      // The output port's attributes are output_schema's columns: that is what to change.
      causeMessage +=
          ". The output port's attributes are output_schema's columns: add '"
              + unknown.attribute()
              + "' to output_schema, or rename the column the operator should set to it";
    }
    return new WindowedOperatorException(
        "Operator "
            + plan.operatorClass()
            + " (window \""
            + plan.window()
            + "\") failed"
            + where
            + ": "
            + root.getClass().getName()
            + ": "
            + causeMessage,
        cause,
        plan.operatorClass(),
        plan.window(),
        key == null ? null : String.valueOf(key),
        root,
        causeMessage);
  }
}
