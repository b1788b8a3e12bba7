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
}
