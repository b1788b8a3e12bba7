package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * A complete window declaration of one input port: its type, eviction and trigger policies, whether
 * it is partitioned and how partitions are evicted. An immutable value.
 *
 * <p>A timeInterval (event-time) declaration holds its panes in a {@link TimeIntervalSpec} instead
 * of policies, and the name of the attribute that carries each tuple's event time ({@link
 * #withEventTime}; in SPL it comes from the stream's {@code @eventTime} annotation, not from the
 * clause, so {@link #toString()} does not print it). Through IBM's API such a window reports the
 * type {@code SLIDING}: {@link #type()} says so too, and {@link #isTimeInterval()} tells it apart.
 *
 * <p>Both the harness's {@code InputPortDeclaration} and the SPL window-clause parser build one of
 * these, so the two cannot drift apart. The constructor checks the shape (IBM's rules); attribute
 * names and delta types are checked against the port's schema when the window is built. {@link
 * #toString()} prints the SPL clause, e.g. {@code partitioned, sliding, count(3), count(1)}.
 */
public final class WindowSpec {
  private static final WindowSpec NOT_WINDOWED =
      new WindowSpec(
          StreamWindow.Type.NOT_WINDOWED,
          null,
          null,
          false,
          null,
          DeltaEvictionMode.ANY_OUT_OF_RANGE,
          null,
          null);

  private final StreamWindow.Type type;
  private final PolicySpec eviction;
  private final PolicySpec trigger;
  private final boolean partitioned;
  private final PartitionEvictionSpec partitionEviction;
  private final DeltaEvictionMode deltaEvictionMode;

  /** The panes of a timeInterval window, or null. */
  private final TimeIntervalSpec timeInterval;

  /** The event-time attribute of a timeInterval window, or null until declared. */
  private final String eventTime;

  /** The clause text, once {@link #toString} has built it. */
  private String clause;

  private WindowSpec(
      StreamWindow.Type type,
      PolicySpec eviction,
      PolicySpec trigger,
      boolean partitioned,
      PartitionEvictionSpec partitionEviction,
      DeltaEvictionMode deltaEvictionMode,
      TimeIntervalSpec timeInterval,
      String eventTime) {
    this.type = type;
    this.eviction = eviction;
    this.trigger = trigger;
    this.partitioned = partitioned;
    this.partitionEviction = partitionEviction;
    this.deltaEvictionMode = Objects.requireNonNull(deltaEvictionMode);
    this.timeInterval = timeInterval;
    this.eventTime = eventTime;
  }

  /** The declaration of a port without a window. */
  public static WindowSpec notWindowed() {
    return NOT_WINDOWED;
  }

  /**
   * A tumbling window with the given eviction policy ({@code count}, {@code time}, {@code delta} or
   * {@code punct}).
   */
  public static WindowSpec tumbling(PolicySpec eviction) {
    Objects.requireNonNull(eviction, "A tumbling window needs an eviction policy");
    return new WindowSpec(
        StreamWindow.Type.TUMBLING,
        eviction,
        null,
        false,
        null,
        DeltaEvictionMode.ANY_OUT_OF_RANGE,
        null,
        null);
  }

  /**
   * A sliding window. The eviction policy is {@code count}, {@code time} or {@code delta} (never
   * {@code punct}); the trigger is {@code count}, {@code time} or {@code delta}.
   */
  public static WindowSpec sliding(PolicySpec eviction, PolicySpec trigger) {
    Objects.requireNonNull(eviction, "A sliding window needs an eviction policy");
    Objects.requireNonNull(trigger, "A sliding window needs a trigger policy");
    if (eviction.kind() == StreamWindow.Policy.PUNCTUATION) {
      throw new IllegalStateException("A sliding window cannot have a punct() eviction policy");
    }
    if (trigger.kind() == StreamWindow.Policy.PUNCTUATION) {
      throw new IllegalStateException("A sliding window cannot have a punct() trigger policy");
    }
    return new WindowSpec(
        StreamWindow.Type.SLIDING,
        eviction,
        trigger,
        false,
        null,
        DeltaEvictionMode.ANY_OUT_OF_RANGE,
        null,
        null);
  }

  /**
   * A timeInterval (event-time) window with the given panes. It needs its event-time attribute
   * ({@link #withEventTime}) before a window can be built from it.
   */
  public static WindowSpec timeInterval(TimeIntervalSpec panes) {
    Objects.requireNonNull(
        panes, "A timeInterval window needs its panes: TimeIntervalSpec.of(intervalDuration)");
    return new WindowSpec(
        StreamWindow.Type.SLIDING,
        null,
        null,
        false,
        null,
        DeltaEvictionMode.ANY_OUT_OF_RANGE,
        panes,
        null);
  }

  /** This declaration, partitioned. */
  public WindowSpec partitioned() {
    requireWindowed("partitioned");
    return new WindowSpec(
        type,
        eviction,
        trigger,
        true,
        partitionEviction,
        deltaEvictionMode,
        timeInterval,
        eventTime);
  }

  /** This partitioned declaration with a partition eviction policy. */
  public WindowSpec withPartitionEviction(PartitionEvictionSpec policy) {
    requireWindowed(String.valueOf(policy));
    if (timeInterval != null) {
      throw new IllegalStateException(
          policy
              + ": a timeInterval window has no partition eviction policies; its panes close after discardAge");
    }
    if (!partitioned) {
      throw new IllegalStateException(
          policy + " needs a partitioned window: declare it partitioned first");
    }
    return new WindowSpec(
        type,
        eviction,
        trigger,
        true,
        Objects.requireNonNull(policy),
        deltaEvictionMode,
        null,
        null);
  }

  /**
   * This declaration with each delta policy's delta replaced by {@code typed.apply(attribute,
   * delta)}; itself when nothing changes. How a clause's delta literal takes its attribute's type
   * once the port's schema is known, as the SPL compiler types it.
   */
  public WindowSpec withDeltaValues(BiFunction<String, Object, Object> typed) {
    PolicySpec typedEviction = typedDelta(eviction, typed);
    PolicySpec typedTrigger = typedDelta(trigger, typed);
    if (typedEviction == eviction && typedTrigger == trigger) {
      return this;
    }
    return new WindowSpec(
        type,
        typedEviction,
        typedTrigger,
        partitioned,
        partitionEviction,
        deltaEvictionMode,
        timeInterval,
        eventTime);
  }

  private static PolicySpec typedDelta(
      PolicySpec policy, BiFunction<String, Object, Object> typed) {
    if (policy == null || policy.kind() != StreamWindow.Policy.DELTA) {
      return policy;
    }
    Object delta = typed.apply(policy.attribute(), policy.delta());
    return delta.equals(policy.delta()) && delta.getClass() == policy.delta().getClass()
        ? policy
        : PolicySpec.delta(policy.attribute(), delta);
  }

  /** This declaration with the given delta eviction mode (sliding delta eviction only). */
  public WindowSpec withDeltaEvictionMode(DeltaEvictionMode mode) {
    return new WindowSpec(
        type, eviction, trigger, partitioned, partitionEviction, mode, timeInterval, eventTime);
  }

  /**
   * This timeInterval declaration with the attribute that holds each tuple's event time (an SPL
   * {@code timestamp}, or a {@code float64} of seconds since the epoch; checked against the port's
   * schema when the window is built). Not part of the clause {@link #toString()} prints.
   *
   * @throws IllegalStateException when this is not a timeInterval declaration
   */
  public WindowSpec withEventTime(String attribute) {
    Objects.requireNonNull(attribute, "event-time attribute");
    if (timeInterval == null) {
      throw new IllegalStateException(
          "An event-time attribute ("
              + attribute
              + ") belongs to a timeInterval window, not to \""
              + this
              + "\"");
    }
    if (attribute.isEmpty()) {
      throw new IllegalArgumentException("The event-time attribute name is empty");
    }
    return new WindowSpec(
        type,
        eviction,
        trigger,
        partitioned,
        partitionEviction,
        deltaEvictionMode,
        timeInterval,
        attribute);
  }

  private void requireWindowed(String what) {
    if (type == StreamWindow.Type.NOT_WINDOWED) {
      throw new IllegalStateException(what + " needs a tumbling, sliding or timeInterval window");
    }
  }

  public StreamWindow.Type type() {
    return type;
  }

  /** True for a timeInterval (event-time) window. */
  public boolean isTimeInterval() {
    return timeInterval != null;
  }

  /** The panes of a timeInterval window, or null. */
  public TimeIntervalSpec timeInterval() {
    return timeInterval;
  }

  /** The event-time attribute of a timeInterval window, or null when not declared. */
  public String eventTime() {
    return eventTime;
  }

  /** True when the window runs on event time (the watermark): a timeInterval window. */
  public boolean usesEventTime() {
    return timeInterval != null;
  }

  /** The eviction policy, or null when not windowed or a timeInterval window. */
  public PolicySpec eviction() {
    return eviction;
  }

  /** The trigger policy of a sliding window, or null (also for a timeInterval window). */
  public PolicySpec trigger() {
    return trigger;
  }

  public boolean isPartitioned() {
    return partitioned;
  }

  /** The partition eviction policy, or null. */
  public PartitionEvictionSpec partitionEviction() {
    return partitionEviction;
  }

  public DeltaEvictionMode deltaEvictionMode() {
    return deltaEvictionMode;
  }

  /** True when any policy of this window runs on the clock (time policies or partitionAge). */
  public boolean usesTime() {
    return (eviction != null && eviction.kind() == StreamWindow.Policy.TIME)
        || (trigger != null && trigger.kind() == StreamWindow.Policy.TIME)
        || (partitionEviction != null
            && partitionEviction.kind() == PartitionEvictionSpec.Kind.PARTITION_AGE);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WindowSpec w
        && type == w.type
        && Objects.equals(eviction, w.eviction)
        && Objects.equals(trigger, w.trigger)
        && partitioned == w.partitioned
        && Objects.equals(partitionEviction, w.partitionEviction)
        && deltaEvictionMode == w.deltaEvictionMode
        && Objects.equals(timeInterval, w.timeInterval)
        && Objects.equals(eventTime, w.eventTime);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        type,
        eviction,
        trigger,
        partitioned,
        partitionEviction,
        deltaEvictionMode,
        timeInterval,
        eventTime);
  }

  /** The SPL window clause of this declaration (without the port name). */
  @Override
  public String toString() {
    String text = clause;
    if (text == null) {
      text = clauseText();
      clause = text; // every checkpoint writes it: build it once (a racy but idempotent cache)
    }
    return text;
  }

  private String clauseText() {
    if (type == StreamWindow.Type.NOT_WINDOWED) {
      return "not windowed";
    }
    List<String> parts = new ArrayList<>();
    if (partitioned) {
      parts.add("partitioned");
    }
    if (timeInterval != null) {
      parts.add("timeInterval");
      parts.add(timeInterval.toString());
      return String.join(", ", parts);
    }
    parts.add(type == StreamWindow.Type.TUMBLING ? "tumbling" : "sliding");
    parts.add(eviction.toString());
    if (trigger != null) {
      parts.add(trigger.toString());
    }
    if (partitionEviction != null) {
      parts.add(partitionEviction.toString());
    }
    return String.join(", ", parts);
  }
}
