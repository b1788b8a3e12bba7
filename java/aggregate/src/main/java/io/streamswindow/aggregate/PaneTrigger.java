package io.streamswindow.aggregate;

import io.streamswindow.api.window.PaneTiming;
import io.streamswindow.api.window.TimeIntervalWindowEvent;
import io.streamswindow.api.window.WindowPane;

/**
 * The pane a timeInterval window's trigger fired for, with the trigger's index and timing: what
 * SPL's {@code intervalStart()}, {@code intervalEnd()}, {@code paneIndex()} and {@code
 * paneTiming()} output functions give.
 *
 * @param pane the pane's event-time interval
 * @param index 0 for the pane's first trigger in its partition, then 1, 2...
 * @param timing on-complete for the first trigger, late afterwards
 */
record PaneTrigger(WindowPane pane, long index, PaneTiming timing) {
  static PaneTrigger of(TimeIntervalWindowEvent<?> event) {
    return new PaneTrigger(event.getPane(), event.getPaneIndex(), event.getPaneTiming());
  }

  /**
   * SPL's name of the timing, the value of {@code paneTiming()}: paneEarly, paneOnComplete,
   * paneLate.
   */
  String timingName() {
    return switch (timing) {
      case PANE_EARLY -> "paneEarly";
      case PANE_ON_COMPLETE -> "paneOnComplete";
      case PANE_LATE -> "paneLate";
    };
  }
}
