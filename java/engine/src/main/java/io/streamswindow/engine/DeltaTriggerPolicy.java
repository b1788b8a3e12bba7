package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;
import java.util.function.ToDoubleFunction;

/**
 * {@code delta(a, d)} trigger. The first tuple of a partition sets the boundary {@code t.a + d}; a
 * later tuple above the boundary triggers the window as it was before that tuple, and moves the
 * boundary to {@code t.a + d}. Each partition keeps its own boundary: SPL's partitioned windows
 * apply their policies to each partition independently (IBM's Java runtime shares one boundary,
 * which we do not copy; docs/decisions.md, "IBM documentation vs IBM's runtime").
 *
 * @param <T> the tuple type
 */
final class DeltaTriggerPolicy<T> implements TriggerPolicy<T> {
  private final String attribute;
  private final Object declaredDelta;
  private final ToDoubleFunction<T> value;
  private final double delta;

  DeltaTriggerPolicy(PolicySpec spec, DeltaResolver.Delta<T> resolved) {
    this.attribute = spec.attribute();
    this.declaredDelta = spec.delta();
    this.value = resolved.value();
    this.delta = resolved.threshold();
  }

  @Override
  public StreamWindow.Policy kind() {
    return StreamWindow.Policy.DELTA;
  }

  @Override
  public TriggerResult beforeInsert(Partition<T> partition, T tuple) {
    double v = value.applyAsDouble(tuple);
    if (Double.isNaN(partition.triggerBoundary)) {
      partition.triggerBoundary = v + delta;
      return TriggerResult.CONTINUE;
    }
    if (v > partition.triggerBoundary) {
      partition.triggerBoundary = v + delta;
      return TriggerResult.FIRE;
    }
    return TriggerResult.CONTINUE;
  }

  @Override
  public String toString() {
    return "delta(" + attribute + ", " + declaredDelta + ")";
  }
}
