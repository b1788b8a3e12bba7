package io.streamswindow.engine;

/**
 * One tuple's place in a partition: the tuple, when it arrived and its delta-eviction value.
 *
 * <p>The tuple slot can be emptied through {@code Iterator.remove()} on an event's tuples: the
 * listener drops the window's reference, but the entry keeps counting for the policies, which is
 * why the arrival time and delta value are kept beside it.
 *
 * @param <T> the tuple type
 */
final class Entry<T> {
  T tuple;
  final long insertedAt;
  final double deltaValue;

  /**
   * The entry's place in its partition's arrival sequence (0, 1, 2... never reused by the
   * partition), which names the chunk it is saved in ({@link PartitionChunks}).
   */
  long sequence;

  Entry(T tuple, long insertedAt, double deltaValue) {
    this.tuple = tuple;
    this.insertedAt = insertedAt;
    this.deltaValue = deltaValue;
  }
}
