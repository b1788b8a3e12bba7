package io.streamswindow.api.window;

import com.ibm.streams.operator.window.StreamWindowEvent;

/**
 * An event of one pane of a timeInterval window: an IBM {@link StreamWindowEvent} that also tells
 * the pane, and the index and timing of the pane's trigger it belongs to.
 *
 * <p>Every event of a timeInterval window is one of these. On a {@link Type#TRIGGER} event the
 * index and timing are that trigger's: index 0 and {@link PaneTiming#PANE_ON_COMPLETE} when the
 * watermark first reaches the pane's end, then 1, 2... and {@link PaneTiming#PANE_LATE}, counted
 * per pane: the partitions one trigger reaches share its index. On any other event they name the
 * trigger that will show the event's tuples next: {@link Type#INITIAL_FULL} and the insertions
 * before the pane is complete say 0 and {@code PANE_ON_COMPLETE}; a late insertion, the close
 * ({@link Type#EVICTION}) and {@link Type#FINAL} say the pane's next index and {@code PANE_LATE}.
 *
 * @param <T> the type of the tuples in the window
 */
public class TimeIntervalWindowEvent<T> extends StreamWindowEvent<T> {
  private static final long serialVersionUID = 1L;

  private final WindowPane pane;
  private final long paneIndex;
  private final PaneTiming paneTiming;

  /**
   * Creates an event.
   *
   * @param type what happened
   * @param window the window it happened to
   * @param partition the partition's key; {@code Integer.valueOf(0)} when not partitioned
   * @param tuples the tuples concerned, in insertion order
   * @param pane the pane the event concerns
   * @param paneIndex the index of the trigger (see the class description)
   * @param paneTiming the timing of the trigger (see the class description)
   */
  public TimeIntervalWindowEvent(
      Type type,
      TimeIntervalStreamWindow<T> window,
      Object partition,
      Iterable<T> tuples,
      WindowPane pane,
      long paneIndex,
      PaneTiming paneTiming) {
    super(type, window, partition, tuples);
    this.pane = pane;
    this.paneIndex = paneIndex;
    this.paneTiming = paneTiming;
  }

  /** The pane the event concerns. */
  public final WindowPane getPane() {
    return pane;
  }

  /** The index of the pane's trigger, 0 for the first, counted per pane over its partitions. */
  public final long getPaneIndex() {
    return paneIndex;
  }

  /** The timing of the pane's trigger. */
  public final PaneTiming getPaneTiming() {
    return paneTiming;
  }

  @Override
  public String toString() {
    return "TimeIntervalWindowEvent["
        + getType()
        + ", partition="
        + getPartition()
        + ", pane="
        + pane
        + ", index="
        + paneIndex
        + ", "
        + paneTiming
        + "]";
  }
}
