package io.streamswindow.engine;

import java.util.Objects;

/**
 * A partitioned window's partition eviction policy: {@code partitionAge(T)}, {@code
 * partitionCount(N)} or {@code tupleCount(N)}. An immutable value.
 */
public final class PartitionEvictionSpec {
  /** What triggers the eviction of a whole partition. */
  public enum Kind {
    /** A partition with no insertion for the given number of seconds is evicted. */
    PARTITION_AGE,
    /** While more than N partitions exist, the least recently inserted ones are evicted. */
    PARTITION_COUNT,
    /** While all partitions together hold more than N tuples, partitions are evicted. */
    TUPLE_COUNT
  }

  private final Kind kind;
  private final double seconds;
  private final int count;

  private PartitionEvictionSpec(Kind kind, double seconds, int count) {
    this.kind = kind;
    this.seconds = seconds;
    this.count = count;
  }

  /** {@code partitionAge(seconds)}. */
  public static PartitionEvictionSpec age(double seconds) {
    if (!(seconds > 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException(
          "partitionAge(" + seconds + "): the age must be a positive number of seconds");
    }
    return new PartitionEvictionSpec(Kind.PARTITION_AGE, seconds, 0);
  }

  /** {@code partitionCount(n)}. */
  public static PartitionEvictionSpec partitionCount(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("partitionCount(" + n + "): the count must be at least 1");
    }
    return new PartitionEvictionSpec(Kind.PARTITION_COUNT, 0, n);
  }

  /** {@code tupleCount(n)}. */
  public static PartitionEvictionSpec tupleCount(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("tupleCount(" + n + "): the count must be at least 1");
    }
    return new PartitionEvictionSpec(Kind.TUPLE_COUNT, 0, n);
  }

  public Kind kind() {
    return kind;
  }

  /** The age limit of {@code partitionAge}, in seconds. */
  public double seconds() {
    return seconds;
  }

  /** The age limit of {@code partitionAge}, in nanoseconds. */
  public long nanos() {
    return Clock.secondsToNanos(seconds);
  }

  /** The limit of {@code partitionCount} or {@code tupleCount}. */
  public int count() {
    return count;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PartitionEvictionSpec p
        && kind == p.kind
        && Double.compare(seconds, p.seconds) == 0
        && count == p.count;
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, seconds, count);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case PARTITION_AGE -> "partitionAge(" + seconds + ")";
      case PARTITION_COUNT -> "partitionCount(" + count + ")";
      case TUPLE_COUNT -> "tupleCount(" + count + ")";
    };
  }
}
