package com.ibm.streams.operator.window;

import java.util.EventListener;

/**
 * Receives the events of a {@link StreamWindow}. Calls are made one at a time, in the order the
 * events happen, and each call happens-before the next, so a listener needs no locking of its own
 * for state it touches only here.
 *
 * <pre>{@code
 * window.registerListener(event -> {
 *   if (event.getType() == StreamWindowEvent.Type.TRIGGER) {
 *     double sum = 0;
 *     for (Tuple t : event.getTuples()) sum += t.getDouble("v");
 *     getOutput(0).submitAsTuple(event.getPartition().toString(), sum);
 *   }
 * }, false);
 * }</pre>
 *
 * @param <T> the type of the tuples in the window
 */
public interface StreamWindowListener<T> extends EventListener {

  /**
   * Handles one window event.
   *
   * @param event the event
   * @throws Exception to stop the operator
   */
  void handleEvent(StreamWindowEvent<T> event) throws Exception;
}
