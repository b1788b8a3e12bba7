package io.streamswindow.api.window;

/**
 * When a pane of a timeInterval window triggers, relative to the watermark passing its end; named
 * after SPL's {@code paneEarly}, {@code paneOnComplete} and {@code paneLate}. The ordinals never
 * change.
 */
public enum PaneTiming {
  /** Before the watermark reached the pane's end. streams-window never triggers a pane early. */
  PANE_EARLY,
  /** The first trigger of a pane, when the watermark reached its end. */
  PANE_ON_COMPLETE,
  /** A later trigger, for tuples that arrived after the pane was complete. */
  PANE_LATE
}
