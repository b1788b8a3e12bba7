package io.streamswindow.engine;

import java.util.ArrayDeque;

/**
 * One partition of a window: its tuples in arrival order, oldest first, and the progress of every
 * policy for this partition. Policies are shared by all partitions and keep no state of their own;
 * what they need to remember lives here, so that a checkpoint of the partitions is a checkpoint of
 * the window.
 *
 * @param <T> the tuple type
 */
final class Partition<T> {
  final Object key;

  /** Creation order, used to break ties between timers due at the same instant. */
  final long sequence;

  ArrayDeque<Entry<T>> entries = new ArrayDeque<>();

  /** The sequence number of the next entry appended: every entry ever appended counts. */
  long nextEntrySequence;

  /** What the last checkpoint saved of this partition's tuples in chunks; null if none. */
  PartitionChunks savedChunks;

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
    this.key = key;
    this.sequence = sequence;
    this.createdAt = createdAt;
    this.lastInsertAt = createdAt;
  }

  /** Appends a newly arrived entry at the end, numbering it. */
  void append(Entry<T> entry) {
    entry.sequence = nextEntrySequence++;
    entries.addLast(entry);
  }

  int size() {
    return entries.size();
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }
}
