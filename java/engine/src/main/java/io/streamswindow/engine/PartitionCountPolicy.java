package io.streamswindow.engine;

/**
 * {@code partitionCount(N)}: the window is over its limit while more than N partitions exist (the
 * window evicts as {@link PartitionEvictionPolicy} describes).
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
  public boolean judgedAfterTheEvents() {
    return true;
  }

  @Override
  public String toString() {
    return "partitionCount(" + limit + ")";
  }
}
