package io.streamswindow.engine;

/**
 * Where a pane of a timeInterval window stands relative to the watermark. A pane moves forward
 * only: INCOMPLETE until the watermark reaches its end, COMPLETE until it reaches end + discardAge,
 * then CLOSED (and gone).
 */
enum PaneState {
  /** The watermark is before the pane's end: tuples are on time, nothing has triggered. */
  INCOMPLETE,
  /** The pane has triggered on complete; tuples arriving now are late and trigger it again. */
  COMPLETE,
  /** The pane's tuples were discarded; tuples for it are dropped. */
  CLOSED;

  /** The state of pane k of {@code layout} once the watermark is at {@code watermark}. */
  static PaneState of(PaneLayout layout, long k, long watermark) {
    if (watermark >= layout.closesAt(k)) {
      return CLOSED;
    }
    return watermark >= layout.end(k) ? COMPLETE : INCOMPLETE;
  }
}
