package io.streamswindow.bench;

import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.engine.DeltaResolver;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.Window;
import io.streamswindow.engine.WindowSpec;

/**
 * Builds started engine windows of {@link Sample}s for the benchmarks: no port, no operator
 * context, and a {@link ManualClock} that never moves (the benchmarked windows use count policies
 * only, so time never matters and no timer runs).
 */
public final class EngineWindows {
  private EngineWindows() {}

  /**
   * A started window for {@code spec} delivering to {@code listener}; a partitioned window is
   * partitioned by {@link Sample#key()}.
   */
  public static Window<Sample> started(WindowSpec spec, StreamWindowListener<Sample> listener)
      throws Exception {
    Window<Sample> window =
        new Window<>(spec, null, null, ManualClock.create(), DeltaResolver.none());
    window.registerListener(listener, false);
    if (spec.isPartitioned()) {
      window.registerPartitioner(Sample::key);
    }
    window.start();
    return window;
  }
}
