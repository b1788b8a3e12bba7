package io.streamswindow.engine;

/**
 * {@code tupleCount(N)}: the window is over its limit while all partitions hold more than N tuples
 * together (the window evicts as {@link PartitionEvictionPolicy} describes).
 *
 * @param <T> the tuple type
 */
final class TupleCountPolicy<T> implements PartitionEvictionPolicy<T> {
  private final int limit;

  TupleCountPolicy(int limit) {
    this.limit = limit;
  }

  @Override
  public boolean overLimit(int partitions, long tuples) {
    return tuples > limit;
  }

  @Override
  public String toString() {
    return "tupleCount(" + limit + ")";
  }
}
