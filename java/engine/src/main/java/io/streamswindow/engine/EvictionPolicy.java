package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * Decides which tuples leave a partition, and when. One object per window, shared by every
 * partition; per-partition progress is kept in the {@link Partition}.
 *
 * <p>The engine asks at fixed points of its single arrival path: before a tuple is inserted, after
 * it is inserted, when time passes, and when a window marker arrives. Each answer is an {@link
 * Eviction}; the engine applies it.
 *
 * @param <T> the tuple type
 */
interface EvictionPolicy<T> {
  /** The policy kind, as {@code StreamWindow.getEvictionPolicy()} reports it. */
  StreamWindow.Policy kind();

  /** When a partition of this window is first full. */
  default InitialFull initialFull() {
    return InitialFull.NEVER;
  }

  /**
   * True when the partition holds what this policy calls full (for {@link
   * InitialFull#WHEN_FILLED}).
   */
  default boolean isFull(Partition<T> partition) {
    return false;
  }

  /** The value the policy compares for {@code tuple}, kept with its entry (delta policies). */
  default double valueOf(T tuple) {
    return 0;
  }

  /** A partition was created at {@code now}. */
  default void onCreate(Partition<T> partition, long now) {}

  /** What leaves before {@code arriving} is inserted. */
  default Eviction beforeInsert(Partition<T> partition, Entry<T> arriving) {
    return Eviction.NONE;
  }

  /** What leaves after a tuple was inserted. */
  default Eviction afterInsert(Partition<T> partition) {
    return Eviction.NONE;
  }

  /** What leaves at instant {@code now}; may advance the partition's timing progress. */
  default Eviction onTime(Partition<T> partition, long now) {
    return Eviction.NONE;
  }

  /** What leaves when a window marker arrives. */
  default Eviction onWindowMarker(Partition<T> partition) {
    return Eviction.NONE;
  }

  /** The next instant at which {@link #onTime} has something to do, or {@code Long.MAX_VALUE}. */
  default long deadline(Partition<T> partition) {
    return Long.MAX_VALUE;
  }

  /** The first instant of the grid {@code start + k * period} that lies after {@code now}. */
  static long nextAfter(long start, long now, long period) {
    if (now < start) {
      return start;
    }
    return start + ((now - start) / period + 1) * period;
  }

  /**
   * Builds the eviction policy {@code spec} declares.
   *
   * @param deltas resolves a delta policy against the port's schema
   * @throws IllegalArgumentException when the declaration has none, or a delta policy does not suit
   *     the schema
   */
  static <T> EvictionPolicy<T> of(WindowSpec spec, DeltaResolver<T> deltas) {
    PolicySpec p = spec.eviction();
    return switch (p.kind()) {
      case COUNT -> new CountEvictionPolicy<>(p.count(), spec.type());
      case TIME -> new TimeEvictionPolicy<>(p.seconds(), spec.type());
      case DELTA ->
          new DeltaEvictionPolicy<>(
              p, deltas.resolve(p.attribute(), p.delta()), spec.type(), spec.deltaEvictionMode());
      case PUNCTUATION -> new PunctuationEvictionPolicy<>();
      case NONE -> throw new IllegalArgumentException("A window needs an eviction policy");
    };
  }
}
