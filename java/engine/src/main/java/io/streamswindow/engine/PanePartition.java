package io.streamswindow.engine;

/**
 * One partition of one pane of a timeInterval window: its tuples in insertion order (an entry's
 * {@code insertedAt} is the tuple's event time) and whether a trigger is pending. All of it is
 * checkpointed; a large one's tuples in chunks ({@link PartitionChunks}), as a window partition's.
 *
 * @param <T> the tuple type
 */
final class PanePartition<T> extends NumberedEntries<T> {
  /** Tuples arrived since the last trigger (or since creation). */
  boolean updated;

  /** The partition was evicted through IBM's {@code evictPartition}; nothing more is delivered. */
  boolean evicted;

  PanePartition(Object key, long sequence) {
    super(key, sequence);
  }
}
