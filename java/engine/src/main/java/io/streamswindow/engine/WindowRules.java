package io.streamswindow.engine;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.state.StateHandler;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * What every kind of engine window does alike when an operator registers with it, and the messages
 * it refuses with, so that {@link Window} and {@link TimeIntervalWindow} cannot drift apart on
 * IBM's rules.
 */
final class WindowRules {
  private WindowRules() {}

  /**
   * A listener that is also a {@link StateHandler} becomes one of the operator's, as IBM's does.
   */
  static void registerStateHandler(StreamWindowListener<?> listener, OperatorContext context) {
    if (listener instanceof StateHandler handler && context != null) {
      context.registerStateHandler(handler);
    }
  }

  /**
   * Refuses a partition operation on a window that is not partitioned.
   *
   * @throws IllegalStateException naming the port and the window
   */
  static void requirePartitioned(WindowSpec spec, StreamingInput<?> port) {
    if (!spec.isPartitioned()) {
      throw new IllegalStateException(
          "The window of " + portName(port) + " (" + spec + ") is not partitioned");
    }
  }

  /** The failure of a tuple arriving at a partitioned window that has no partitioner yet. */
  static IllegalStateException noPartitioner(StreamingInput<?> port) {
    return new IllegalStateException(
        "The partitioned window of "
            + portName(port)
            + " has no partitioner: call registerPartitioner(...) or "
            + "WindowUtilities.registerAttributePartitioner(...) in initialize()");
  }

  static String portName(StreamingInput<?> port) {
    return port == null ? "this port" : "port " + port.getName();
  }
}
