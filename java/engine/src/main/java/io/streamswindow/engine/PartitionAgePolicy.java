package io.streamswindow.engine;

/**
 * {@code partitionAge(T)}: a partition without an insertion for T is evicted.
 *
 * @param <T> the tuple type
 */
final class PartitionAgePolicy<T> implements PartitionEvictionPolicy<T> {
  private final long age;
  private final PartitionEvictionSpec spec;

  PartitionAgePolicy(PartitionEvictionSpec spec) {
    this.spec = spec;
    this.age = spec.nanos();
  }

  @Override
  public boolean expired(Partition<T> partition, long now) {
    return now - partition.lastInsertAt >= age;
  }

  @Override
  public long deadline(Partition<T> partition) {
    return partition.lastInsertAt + age;
  }

  @Override
  public String toString() {
    return spec.toString();
  }
}
