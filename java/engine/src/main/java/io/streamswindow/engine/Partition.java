package io.streamswindow.engine;

/**
 * One partition of a window: its tuples in arrival order, oldest first, and the progress of every
 * policy for this partition. Policies are shared by all partitions and keep no state of their own;
 * what they need to remember lives here, so that a checkpoint of the partitions is a checkpoint of
 * the window.
 *
 * @param <T> the tuple type
 */
final class Partition<T> extends NumberedEntries<T> {
  long createdAt;
  long lastInsertAt;

  /** Tumbling time(T): when the next tumble is due. */
  long nextTumbleAt = Long.MAX_VALUE;

  /** Sliding count(M) trigger: insertions since the last trigger. */
  int insertionsSinceTrigger;

  /** Sliding time(T) trigger: when the next trigger is due. */
  long nextTriggerAt = Long.MAX_VALUE;

  /**
   * Sliding delta trigger: the value a tuple must exceed to trigger; NaN before the first tuple.
   */
  double triggerBoundary = Double.NaN;

  /** INITIAL_FULL has been delivered for this partition. */
  boolean seenInitialFull;

  /** The partition has been evicted; nothing more is delivered for it. */
  boolean evicted;

  /** The earliest instant the timer queue will wake this partition at. */
  long scheduledAt = Long.MAX_VALUE;

  Partition(Object key, long sequence, long createdAt) {
    super(key, sequence);
    this.createdAt = createdAt;
    this.lastInsertAt = createdAt;
  }
}
