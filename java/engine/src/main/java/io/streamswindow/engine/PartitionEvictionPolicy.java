package io.streamswindow.engine;

/**
 * Decides when whole partitions leave a partitioned window: by age ({@code partitionAge}), by
 * number of partitions ({@code partitionCount}) or by number of tuples ({@code tupleCount}).
 *
 * <p>The window applies the count limits the same way for both policies (docs/architecture.md, "The
 * engine"): {@link #overLimit} is judged as a tuple arrives, with that tuple and its partition
 * counted and before any tumble the tuple causes; when it holds, after the window's own events for
 * the tuple, the empty partitions at the least recently inserted end leave, oldest first, up to the
 * first one that holds tuples, then the least recently inserted ones while {@link #overLimit} still
 * holds.
 *
 * @param <T> the tuple type
 */
interface PartitionEvictionPolicy<T> {
  /** True when the window holds more than this policy allows. */
  default boolean overLimit(int partitions, long tuples) {
    return false;
  }

  /**
   * True when IBM's runtime judges the limit after the arriving tuple's events ({@code
   * partitionCount}), so that a listener that evicted partitions during them until the window was
   * within its limit leaves nothing for the automatic eviction; false when it judges the limit as
   * the tuple arrives ({@code tupleCount}), whose eviction then runs anyway and takes the empty
   * partitions at the least recently inserted end (docs/decisions.md, "Partition eviction by
   * count").
   */
  default boolean judgedAfterTheEvents() {
    return false;
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
