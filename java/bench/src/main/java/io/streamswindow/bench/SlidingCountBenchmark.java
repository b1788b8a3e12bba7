package io.streamswindow.bench;

import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.Window;
import io.streamswindow.engine.WindowSpec;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost per tuple of {@code sliding, count(N), count(1)} with a running-sum listener, in steady
 * state: the window is filled to N before measuring, so every measured insertion is EVICTION of the
 * oldest, INSERTION, then TRIGGER over all N tuples.
 *
 * <p>The listener never iterates a TRIGGER's tuples, and the engine hands it a view rather than a
 * copy, so the score must not grow with N. A score that does grow points at work in the engine
 * proportional to the window's size.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SlidingCountBenchmark {
  @Param({"10", "1000", "100000"})
  public int size;

  private final SampleSource source = new SampleSource(1);
  private RunningSumListener listener;
  private Window<Sample> window;

  @Setup
  public void setUp() throws Exception {
    listener = new RunningSumListener();
    window =
        EngineWindows.started(
            WindowSpec.sliding(PolicySpec.count(size), PolicySpec.count(1)), listener);
    for (int i = 0; i < size; i++) {
      window.insert(source.next());
    }
  }

  @Benchmark
  public double insert() throws Exception {
    window.insert(source.next());
    return listener.lastTriggered();
  }
}
