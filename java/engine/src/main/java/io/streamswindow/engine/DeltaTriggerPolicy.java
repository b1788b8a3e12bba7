package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;
import java.util.function.ToDoubleFunction;

/**
 * {@code delta(a, d)} trigger. The first tuple of a partition sets the boundary {@code t.a + d}; a
 * later tuple above the boundary triggers the window as it was before that tuple, and moves the
 * boundary to {@code t.a + d} ({@link DeltaArithmetic}: rounded as IBM's runtime rounds it). A NaN
 * or +infinity boundary is never exceeded, so such a partition triggers no more. Each partition
 * keeps its own boundary: SPL's partitioned windows apply their policies to each partition
 * independently (IBM's Java runtime shares one boundary, which we do not copy; docs/decisions.md,
 * "IBM documentation vs IBM's runtime").
 *
 * @param <T> the tuple type
 */
final class DeltaTriggerPolicy<T> implements TriggerPolicy<T> {
  private final String attribute;
  private final Object declaredDelta;
  private final ToDoubleFunction<T> value;
  private final DeltaArithmetic arithmetic;

  DeltaTriggerPolicy(PolicySpec spec, DeltaResolver.Delta<T> resolved) {
    this.attribute = spec.attribute();
    this.declaredDelta = spec.delta();
    this.value = resolved.value();
    this.arithmetic = new DeltaArithmetic(resolved);
  }

  @Override
  public StreamWindow.Policy kind() {
    return StreamWindow.Policy.DELTA;
  }

  @Override
  public TriggerResult beforeInsert(Partition<T> partition, T tuple) {
    double v = arithmetic.seen(value.applyAsDouble(tuple));
    if (Double.isNaN(partition.triggerBoundary)) {
      partition.triggerBoundary = boundary(v);
      return TriggerResult.CONTINUE;
    }
    if (v > partition.triggerBoundary) {
      partition.triggerBoundary = boundary(v);
      return TriggerResult.FIRE;
    }
    return TriggerResult.CONTINUE;
  }

  /** How many tuples had a NaN or infinite value of the attribute. */
  long nonFiniteValues() {
    return arithmetic.nonFinite();
  }

  /**
   * The boundary {@code v} sets. NaN marks a partition that has seen no tuple yet, so a NaN
   * boundary (NaN value) is kept as +infinity: no value exceeds either, so the partition behaves
   * the same, and the checkpoint's format stays as it was.
   */
  private double boundary(double v) {
    double boundary = arithmetic.boundary(v);
    return Double.isNaN(boundary) ? Double.POSITIVE_INFINITY : boundary;
  }

  @Override
  public String toString() {
    return "delta(" + attribute + ", " + declaredDelta + ")";
  }
}
