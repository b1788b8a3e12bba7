package io.streamswindow.spark.errors;

import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.UnknownAttributeException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A failure of a windowed operator run on Spark. The message names the operator class, the window
 * clause and, when it happened inside a group, the group's key; the cause is the operator's own
 * exception. Its condition is {@value #CONDITION}, with parameters {@code operator}, {@code
 * window}, {@code key} (when there is one), {@code causeClass} and {@code causeMessage} (when it
 * has one): the innermost exception of the cause chain, the operator's own; and when the chain
 * holds another exception of ours (a restart refused, damaged state), {@code causeCondition} with
 * that exception's own parameters (docs/architecture.md, "Errors"). The Python facade raises it as
 * {@code streams_window.OperatorError}.
 */
public final class WindowedOperatorException extends RuntimeException
    implements StreamsWindowThrowable {
  private static final long serialVersionUID = 1L;

  /** The condition of every such exception. */
  public static final String CONDITION = "STREAMS_WINDOW_OPERATOR_FAILED";

  private final String operatorClass;
  private final String window;
  private final String key;
  private final String causeClassName;
  private final String causeMessage;
  private final Map<String, String> parameters;

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
    Map<String, String> found = new LinkedHashMap<>();
    found.put("operator", operatorClass);
    found.put("window", window);
    if (key != null) {
      found.put("key", key);
    }
    found.put("causeClass", causeClassName);
    if (causeMessage != null) {
      found.put("causeMessage", causeMessage);
    }
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof StreamsWindowThrowable ours) {
        found.put("causeCondition", ours.getCondition());
        ours.getMessageParameters().forEach(found::putIfAbsent);
        break;
      }
    }
    this.parameters = Collections.unmodifiableMap(found);
  }

  @Override
  public String getCondition() {
    return CONDITION;
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return parameters;
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

  /**
   * The failure of operator {@code operatorClass} (window {@code window}, output ports of the SPL
   * schemas {@code outputSchemas}) for {@code key} (null outside a group), with {@code cause}.
   */
  public static WindowedOperatorException of(
      String operatorClass,
      String window,
      List<SplSchema> outputSchemas,
      Object key,
      Throwable cause) {
    Throwable root = StreamsWindowThrowable.root(cause);
    String where = key == null ? "" : " for key " + key;
    String causeMessage = root.getMessage();
    int port =
        root instanceof UnknownAttributeException unknown && unknown.schema() != null
            ? outputSchemas.indexOf(unknown.schema())
            : -1;
    if (port >= 0) {
      // The output port's attributes are output_schema's columns: that is what to change.
      boolean one = outputSchemas.size() == 1;
      String schema = one ? "output_schema" : "output_schema[" + port + "]";
      causeMessage +=
          (one
                  ? ". The output port's attributes are "
                  : ". Output port " + port + "'s attributes are ")
              + schema
              + "'s columns: add '"
              + ((UnknownAttributeException) root).attribute()
              + "' to "
              + schema
              + ", or rename the column the operator should set to it";
    }
    return new WindowedOperatorException(
        "Operator "
            + operatorClass
            + " (window \""
            + window
            + "\") failed"
            + where
            + ": "
            + root.getClass().getName()
            + ": "
            + causeMessage,
        cause,
        operatorClass,
        window,
        key == null ? null : String.valueOf(key),
        root,
        causeMessage);
  }
}
