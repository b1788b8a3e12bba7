package io.streamswindow.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * One partition of one pane of a timeInterval window: its tuples in insertion order and its trigger
 * state. All of it is checkpointed.
 *
 * @param <T> the tuple type
 */
final class PanePartition<T> {
  final Object key;

  /** The tuples (an entry's {@code insertedAt} is the tuple's event time). */
  final List<Entry<T>> entries = new ArrayList<>();

  /** How many triggers this partition of the pane has delivered: the next trigger's index. */
  long triggers;

  /** Tuples arrived since the last trigger (or since creation). */
  boolean updated;

  /** The partition was evicted through IBM's {@code evictPartition}; nothing more is delivered. */
  boolean evicted;

  PanePartition(Object key) {
    this.key = key;
  }
}
