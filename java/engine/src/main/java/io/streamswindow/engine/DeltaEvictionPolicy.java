package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;
import java.util.function.ToDoubleFunction;

/**
 * {@code delta(a, d)} eviction. Tumbling: when {@code t.a - oldest.a > d} the partition tumbles
 * before {@code t} is inserted. Sliding: every tuple {@code w} with {@code t.a - w.a > d} is
 * evicted before {@code t} is inserted ({@link DeltaEvictionMode}).
 *
 * @param <T> the tuple type
 */
final class DeltaEvictionPolicy<T> implements EvictionPolicy<T> {
  private final String attribute;
  private final Object declaredDelta;
  private final ToDoubleFunction<T> value;
  private final double delta;
  private final StreamWindow.Type type;
  private final DeltaEvictionMode mode;

  DeltaEvictionPolicy(
      PolicySpec spec,
      DeltaResolver.Delta<T> resolved,
      StreamWindow.Type type,
      DeltaEvictionMode mode) {
    this.attribute = spec.attribute();
    this.declaredDelta = spec.delta();
    this.value = resolved.value();
    this.delta = resolved.threshold();
    this.type = type;
    this.mode = mode;
  }

  @Override
  public StreamWindow.Policy kind() {
    return StreamWindow.Policy.DELTA;
  }

  @Override
  public InitialFull initialFull() {
    return type == StreamWindow.Type.SLIDING
        ? InitialFull.BEFORE_FIRST_EVICTION
        : InitialFull.NEVER;
  }

  @Override
  public double valueOf(T tuple) {
    return value.applyAsDouble(tuple);
  }

  @Override
  public Eviction beforeInsert(Partition<T> partition, Entry<T> arriving) {
    Entry<T> oldest = partition.entries.peekFirst();
    if (oldest == null) {
      return Eviction.NONE;
    }
    double newest = arriving.deltaValue;
    if (type == StreamWindow.Type.TUMBLING) {
      return newest - oldest.deltaValue > delta ? Eviction.ALL : Eviction.NONE;
    }
    if (mode == DeltaEvictionMode.OLDEST_FIRST) {
      int out = 0;
      for (Entry<T> entry : partition.entries) {
        if (!(newest - entry.deltaValue > delta)) {
          break;
        }
        out++;
      }
      return Eviction.oldest(out);
    }
    for (Entry<T> entry : partition.entries) {
      if (newest - entry.deltaValue > delta) {
        return Eviction.matching(v -> newest - v > delta);
      }
    }
    return Eviction.NONE;
  }

  @Override
  public String toString() {
    return "delta(" + attribute + ", " + declaredDelta + ")";
  }
}
