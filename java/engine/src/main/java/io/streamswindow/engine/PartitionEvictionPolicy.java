package io.streamswindow.engine;

import java.util.Collection;

/**
 * Decides when whole partitions leave a partitioned window: by age ({@code partitionAge}), by
 * number of partitions ({@code partitionCount}) or by number of tuples ({@code tupleCount}).
 *
 * @param <T> the tuple type
 */
interface PartitionEvictionPolicy<T> {
  /** True while the window holds more than this policy allows (checked after each insertion). */
  default boolean overLimit(int partitions, long tuples) {
    return false;
  }

  /**
   * The partition to evict next while {@link #overLimit}; {@code partitions} is in least recently
   * inserted order.
   */
  default Partition<T> victim(Collection<Partition<T>> partitions) {
    return partitions.iterator().next();
  }

  /** True when {@code partition} has aged out at {@code now}. */
  default boolean expired(Partition<T> partition, long now) {
    return false;
  }

  /** When {@code partition} ages out, or {@code Long.MAX_VALUE}. */
  default long deadline(Partition<T> partition) {
    return Long.MAX_VALUE;
  }

  /** Builds the policy for a declaration; a window without one never evicts partitions. */
  static <T> PartitionEvictionPolicy<T> of(PartitionEvictionSpec spec) {
    if (spec == null) {
      return new PartitionEvictionPolicy<>() {
        @Override
        public String toString() {
          return "none";
        }
      };
    }
    return switch (spec.kind()) {
      case PARTITION_AGE -> new PartitionAgePolicy<>(spec);
      case PARTITION_COUNT -> new PartitionCountPolicy<>(spec.count());
      case TUPLE_COUNT -> new TupleCountPolicy<>(spec.count());
    };
  }

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
}
