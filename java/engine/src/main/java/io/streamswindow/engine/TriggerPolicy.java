package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * Decides when a sliding window's partition triggers. One object per window, shared by every
 * partition; per-partition progress is kept in the {@link Partition}. Tumbling windows use {@link
 * #none()}.
 *
 * @param <T> the tuple type
 */
interface TriggerPolicy<T> {
  /** The policy kind, as {@code StreamWindow.getTriggerPolicy()} reports it. */
  StreamWindow.Policy kind();

  /** A partition was created at {@code now}. */
  default void onCreate(Partition<T> partition, long now) {}

  /** Before {@code tuple} changes the partition (a delta trigger shows the window as it was). */
  default TriggerResult beforeInsert(Partition<T> partition, T tuple) {
    return TriggerResult.CONTINUE;
  }

  /** After a tuple was inserted. */
  default TriggerResult afterInsert(Partition<T> partition) {
    return TriggerResult.CONTINUE;
  }

  /** At instant {@code now}; may advance the partition's timing progress. */
  default TriggerResult onTime(Partition<T> partition, long now) {
    return TriggerResult.CONTINUE;
  }

  /** The next instant at which {@link #onTime} has something to do, or {@code Long.MAX_VALUE}. */
  default long deadline(Partition<T> partition) {
    return Long.MAX_VALUE;
  }

  /**
   * Builds the trigger policy {@code spec} declares; {@link #none()} when it declares none.
   *
   * @param deltas resolves a delta policy against the port's schema
   * @throws IllegalArgumentException when a delta policy does not suit the schema
   */
  static <T> TriggerPolicy<T> of(WindowSpec spec, DeltaResolver<T> deltas) {
    PolicySpec p = spec.trigger();
    if (p == null) {
      return none();
    }
    return switch (p.kind()) {
      case COUNT -> new CountTriggerPolicy<>(p.count());
      case TIME -> new TimeTriggerPolicy<>(p.seconds());
      case DELTA -> new DeltaTriggerPolicy<>(p, deltas.resolve(p.attribute(), p.delta()));
      case PUNCTUATION, NONE -> throw new IllegalArgumentException("Not a trigger policy: " + p);
    };
  }

  /** The trigger policy of a tumbling window: never triggers. */
  @SuppressWarnings("unchecked")
  static <T> TriggerPolicy<T> none() {
    return (TriggerPolicy<T>) NoTrigger.INSTANCE;
  }

  /** See {@link TriggerPolicy#none()}. */
  final class NoTrigger implements TriggerPolicy<Object> {
    static final NoTrigger INSTANCE = new NoTrigger();

    @Override
    public StreamWindow.Policy kind() {
      return StreamWindow.Policy.NONE;
    }

    @Override
    public String toString() {
      return "none";
    }
  }
}
