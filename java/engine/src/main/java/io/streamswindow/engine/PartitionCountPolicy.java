package io.streamswindow.engine;

import java.util.Collection;

/**
 * {@code partitionCount(N)}: while more than N partitions exist, the least recently inserted
 * empty partition goes first, then the least recently inserted one.
 *
 * @param <T> the tuple type
 */
final class PartitionCountPolicy<T> implements PartitionEvictionPolicy<T> {
  private final int limit;

  PartitionCountPolicy(int limit) {
    this.limit = limit;
  }

  @Override
  public boolean overLimit(int partitions, long tuples) {
    return partitions > limit;
  }

  @Override
  public Partition<T> victim(Collection<Partition<T>> partitions) {
    for (Partition<T> p : partitions) {
      if (p.isEmpty()) {
        return p;
      }
    }
    return partitions.iterator().next();
  }

  @Override
  public String toString() {
    return "partitionCount(" + limit + ")";
  }
}
