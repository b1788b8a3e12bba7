package com.ibm.streams.operator.eventtime;

import com.ibm.streams.operator.OptionalContext;
import com.ibm.streams.operator.types.Timestamp;

/**
 * The event-time context of an operator in an SPL event-time graph (an {@code @eventTime}
 * annotation): its watermark, and how the watermark moves.
 *
 * <p>streams-window does not give operators this context: {@code
 * getOptionalContext(EventTimeContext.class)} returns null, as IBM's runtime does for an operator
 * outside an event-time graph. Event time here belongs to the port's window: a {@code timeInterval}
 * window reads the event-time attribute and the watermark the runtime is given (docs/porting.md,
 * "Event-time windows, beyond IBM's Java API").
 *
 * <pre>{@code
 * EventTimeContext eventTime = context.getOptionalContext(EventTimeContext.class);
 * if (eventTime != null) {
 *   Timestamp watermark = eventTime.getWatermark();
 * }
 * }</pre>
 */
public interface EventTimeContext extends OptionalContext {

  /** How the operator's watermark moves. */
  enum WatermarkMode {
    /** The runtime sets it to the least watermark of the input streams. */
    INPUT_WATERMARK,
    /** The runtime sets it from the event times of the tuples the operator submits. */
    OUTPUT_EVENT_TIME,
    /** The operator sets it itself with {@link EventTimeContext#setWatermark(Timestamp)}. */
    MANUAL
  }

  /**
   * Chooses how the watermark moves.
   *
   * @param mode the mode
   */
  void setMode(WatermarkMode mode);

  /**
   * Returns how the watermark moves.
   *
   * @return the mode
   */
  WatermarkMode getMode();

  /**
   * Sets the operator's watermark, in {@link WatermarkMode#MANUAL} mode.
   *
   * @param value the new watermark
   */
  void setWatermark(Timestamp value);

  /**
   * Returns the operator's current watermark.
   *
   * @return the watermark
   */
  Timestamp getWatermark();
}
