package io.streamswindow.engine;

/**
 * {@code tupleCount(N)}: while all partitions hold more than N tuples together, the least
 * recently inserted partition goes.
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
