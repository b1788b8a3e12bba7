package io.streamswindow.engine;

/**
 * Where a pane of a timeInterval window stands relative to the watermark. A pane moves forward
 * only: INCOMPLETE until a watermark received reaches its end (a pane created after the watermark
 * passed its end is incomplete until the next one), COMPLETE until one reaches end + discardAge,
 * then CLOSED (and gone).
 */
enum PaneState {
  /** The watermark is before the pane's end: tuples are on time, nothing has triggered. */
  INCOMPLETE,
  /** The pane has triggered on complete; tuples arriving now are late and trigger it again. */
  COMPLETE,
  /** The pane's tuples were discarded. */
  CLOSED
}
