package io.streamswindow.harness.internal;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.engine.DeltaEvictionMode;
import io.streamswindow.engine.DeltaResolver;
import io.streamswindow.engine.PartitionEvictionSpec;
import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.TimeIntervalSpec;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.SchemaSupport;
import java.util.function.Supplier;

/**
 * The window of one declared input port while {@code InputPortDeclaration}'s builder calls come in,
 * checked the way IBM's harness checks them: a bad value throws {@link IllegalArgumentException}, a
 * call out of place {@link IllegalStateException}, at the call; {@link #toSpec()} refuses a
 * declaration that is still incomplete. Messages start with the port.
 */
final class WindowDeclaration {
  private final String port;
  private final StreamSchema schema;
  private StreamWindow.Type type = StreamWindow.Type.NOT_WINDOWED;
  private boolean partitioned;
  private PolicySpec eviction;
  private PolicySpec trigger;
  private PartitionEvictionSpec partitionEviction;
  // A timeInterval window (a streams-window extension): its panes and event-time attribute, or
  // null.
  private TimeIntervalSpec panes;
  private String eventTime;
  // A harness extension, not part of the SPL declaration: survives starting the window over.
  private DeltaEvictionMode deltaEvictionMode = DeltaEvictionMode.ANY_OUT_OF_RANGE;

  WindowDeclaration(String port, StreamSchema schema) {
    this.port = port;
    this.schema = schema;
  }

  synchronized void start(StreamWindow.Type newType) {
    type = newType;
    partitioned = false;
    eviction = null;
    trigger = null;
    partitionEviction = null;
    panes = null;
    eventTime = null;
  }

  /**
   * Declares a timeInterval window from a parsed timeInterval clause and the attribute holding each
   * tuple's event time, checked against the schema now. Replaces what was declared before, as
   * {@code sliding()} and {@code tumbling()} do.
   */
  synchronized void timeInterval(WindowSpec spec, String attribute) {
    if (!spec.isTimeInterval()) {
      throw new IllegalArgumentException(port + ": \"" + spec + "\" is not a timeInterval window");
    }
    if (attribute == null || attribute.isEmpty()) {
      throw new IllegalArgumentException(
          port
              + ": the timeInterval window \""
              + spec
              + "\" needs the attribute that holds each"
              + " tuple's event time (a timestamp, or a float64 of seconds)");
    }
    // Resolving now reports an unknown attribute or one of the wrong type at this call.
    DeltaResolver<Tuple> resolver = SchemaSupport.deltaResolver(schema);
    value(() -> resolver.eventTime(attribute));
    start(StreamWindow.Type.SLIDING);
    panes = spec.timeInterval();
    eventTime = attribute;
    partitioned = spec.isPartitioned();
  }

  synchronized void partitioned() {
    requireWindowed("partitioned()");
    partitioned = true;
  }

  synchronized void evictCount(int count) {
    requirePolicyWindow("evictCount(" + count + ")");
    eviction = value(() -> PolicySpec.count(count));
  }

  synchronized void evictTime(double seconds) {
    requirePolicyWindow("evictTime(" + seconds + ")");
    eviction = value(() -> PolicySpec.time(seconds));
  }

  synchronized void evictPunctuation() {
    requirePolicyWindow("evictPunctuation()");
    if (type == StreamWindow.Type.SLIDING) {
      throw new IllegalStateException(
          port
              + ": evictPunctuation() is only allowed on a tumbling window; this window is"
              + " sliding");
    }
    eviction = PolicySpec.punct();
  }

  synchronized void evictDelta(String attribute, Object delta) {
    requirePolicyWindow("evictDelta(" + attribute + ", " + delta + ")");
    eviction = delta(attribute, delta);
  }

  synchronized void triggerCount(int count) {
    requireSliding("triggerCount(" + count + ")");
    trigger = value(() -> PolicySpec.count(count));
  }

  synchronized void triggerTime(double seconds) {
    requireSliding("triggerTime(" + seconds + ")");
    trigger = value(() -> PolicySpec.time(seconds));
  }

  synchronized void triggerDelta(String attribute, Object delta) {
    requireSliding("triggerDelta(" + attribute + ", " + delta + ")");
    trigger = delta(attribute, delta);
  }

  synchronized void partitionEvictionAge(double seconds) {
    requirePartitioned("partitionEvictionAge(" + seconds + ")");
    partitionEviction = value(() -> PartitionEvictionSpec.age(seconds));
  }

  synchronized void partitionEvictionCount(int count) {
    requirePartitioned("partitionEvictionCount(" + count + ")");
    partitionEviction = value(() -> PartitionEvictionSpec.partitionCount(count));
  }

  synchronized void partitionEvictionTupleCount(int count) {
    requirePartitioned("partitionEvictionTupleCount(" + count + ")");
    partitionEviction = value(() -> PartitionEvictionSpec.tupleCount(count));
  }

  synchronized void deltaEvictionMode(DeltaEvictionMode mode) {
    deltaEvictionMode = mode;
  }

  /**
   * The complete declaration.
   *
   * @throws IllegalStateException when the window has no eviction policy, or is sliding without a
   *     trigger policy
   */
  synchronized WindowSpec toSpec() {
    if (type == StreamWindow.Type.NOT_WINDOWED) {
      return WindowSpec.notWindowed();
    }
    if (panes != null) {
      WindowSpec spec = WindowSpec.timeInterval(panes);
      return (partitioned ? spec.partitioned() : spec).withEventTime(eventTime);
    }
    String kind = type == StreamWindow.Type.TUMBLING ? "tumbling" : "sliding";
    if (eviction == null) {
      throw new IllegalStateException(
          port
              + ": the "
              + kind
              + " window has no eviction policy; call evictCount, evictTime, "
              + "evictDelta"
              + (type == StreamWindow.Type.TUMBLING ? " or evictPunctuation" : ""));
    }
    WindowSpec spec;
    if (type == StreamWindow.Type.TUMBLING) {
      spec = WindowSpec.tumbling(eviction);
    } else {
      if (trigger == null) {
        throw new IllegalStateException(
            port
                + ": the sliding window has no trigger policy; call triggerCount, triggerTime or "
                + "triggerDelta");
      }
      spec = WindowSpec.sliding(eviction, trigger);
    }
    if (partitioned) {
      spec = spec.partitioned();
      if (partitionEviction != null) {
        spec = spec.withPartitionEviction(partitionEviction);
      }
    }
    return spec.withDeltaEvictionMode(deltaEvictionMode);
  }

  private PolicySpec delta(String attribute, Object delta) {
    if (attribute == null || delta == null) {
      throw new IllegalArgumentException(
          port
              + ": a delta policy needs an attribute and a delta (got "
              + attribute
              + ", "
              + delta
              + ")");
    }
    // Resolving now reports an unknown attribute or a delta of the wrong type at this call.
    DeltaResolver<Tuple> resolver = SchemaSupport.deltaResolver(schema);
    value(() -> resolver.resolve(attribute, delta));
    return value(() -> PolicySpec.delta(attribute, delta));
  }

  /** Runs a value check, naming the port in its message. */
  private <V> V value(Supplier<V> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(port + ": " + e.getMessage(), e);
    }
  }

  private void requireWindowed(String call) {
    if (type == StreamWindow.Type.NOT_WINDOWED) {
      throw new IllegalStateException(
          port + ": " + call + " needs a window; call tumbling() or sliding() first");
    }
  }

  /** Eviction, trigger and partition eviction policies do not exist for timeInterval windows. */
  private void requirePolicyWindow(String call) {
    requireWindowed(call);
    if (panes != null) {
      throw new IllegalStateException(
          port
              + ": "
              + call
              + " is a window policy; a timeInterval window has none (its panes are"
              + " set by intervalDuration, creationPeriod, discardAge and intervalOffset)");
    }
  }

  private void requireSliding(String call) {
    requirePolicyWindow(call);
    if (type != StreamWindow.Type.SLIDING) {
      throw new IllegalStateException(
          port
              + ": "
              + call
              + " is a trigger policy, which only a sliding window has; this window"
              + " is tumbling");
    }
  }

  private void requirePartitioned(String call) {
    requirePolicyWindow(call);
    if (!partitioned) {
      throw new IllegalStateException(
          port + ": " + call + " needs a partitioned window; call partitioned() first");
    }
  }
}
