package io.streamswindow.api.window;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * The window of a port declared {@code timeInterval}: event-time panes {@code [k·P + O, k·P + O +
 * D)} for every whole k, which trigger when the watermark reaches their end and close {@code A}
 * seconds later.
 *
 * <p>Through IBM's API it is a {@link StreamWindow} of type {@code SLIDING} with {@code TIME}
 * eviction and trigger policies (its panes overlap and leave after a time, like a sliding time
 * window's tuples, but on event time); an operator recognises it with {@code instanceof}:
 *
 * <pre>{@code
 * if (getInput(0).getStreamWindow() instanceof TimeIntervalStreamWindow<?> w) {
 *   double duration = w.getIntervalDuration();
 * }
 * }</pre>
 *
 * @param <T> the type of the tuples in the window
 */
public interface TimeIntervalStreamWindow<T> extends StreamWindow<T> {
  /** D: the length of every pane, in seconds. */
  double getIntervalDuration();

  /** P: the distance between the starts of consecutive panes, in seconds. */
  double getCreationPeriod();

  /** A: how long after its end a pane still accepts late tuples, in seconds. */
  double getDiscardAge();

  /** O: where pane 0 starts, in seconds after the epoch ({@code 0 <= O < D}). */
  double getIntervalOffset();

  /** The attribute that holds each tuple's event time. */
  String getEventTimeAttribute();

  /**
   * How many tuples were dropped because their event time was earlier than the watermark minus the
   * discard age, even while a pane holding that time was still open.
   */
  long getDroppedTupleCount();
}
