package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;
import java.util.function.ToDoubleFunction;

/**
 * {@code delta(a, d)} eviction. A windowed tuple {@code w} is out of range of an arriving {@code t}
 * unless {@code w.a >= t.a - d} ({@link DeltaArithmetic}: IBM's comparison, so a NaN on either side
 * is out of range). Tumbling: when the oldest tuple is out of range the partition tumbles before
 * {@code t} is inserted. Sliding: the tuples out of range are evicted before {@code t} is inserted
 * ({@link DeltaEvictionMode}).
 *
 * @param <T> the tuple type
 */
final class DeltaEvictionPolicy<T> implements EvictionPolicy<T> {
  private final String attribute;
  private final Object declaredDelta;
  private final ToDoubleFunction<T> value;
  private final DeltaArithmetic arithmetic;
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
    this.arithmetic = new DeltaArithmetic(resolved);
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
    return arithmetic.seen(value.applyAsDouble(tuple));
  }

  /** How many tuples had a NaN or infinite value of the attribute. */
  long nonFiniteValues() {
    return arithmetic.nonFinite();
  }

  @Override
  public Eviction beforeInsert(Partition<T> partition, Entry<T> arriving) {
    Entry<T> oldest = partition.entries.peekFirst();
    if (oldest == null) {
      return Eviction.NONE;
    }
    double lowest = arithmetic.lowestInWindow(arriving.deltaValue);
    if (type == StreamWindow.Type.TUMBLING) {
      return DeltaArithmetic.inWindow(oldest.deltaValue, lowest) ? Eviction.NONE : Eviction.ALL;
    }
    if (mode == DeltaEvictionMode.OLDEST_FIRST) {
      int out = 0;
      for (Entry<T> entry : partition.entries) {
        if (DeltaArithmetic.inWindow(entry.deltaValue, lowest)) {
          break;
        }
        out++;
      }
      return Eviction.oldest(out);
    }
    for (Entry<T> entry : partition.entries) {
      if (!DeltaArithmetic.inWindow(entry.deltaValue, lowest)) {
        return Eviction.matching(v -> !DeltaArithmetic.inWindow(v, lowest));
      }
    }
    return Eviction.NONE;
  }

  @Override
  public String toString() {
    return "delta(" + attribute + ", " + declaredDelta + ")";
  }
}
