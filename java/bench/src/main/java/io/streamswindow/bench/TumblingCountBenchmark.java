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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Throughput of {@code tumbling, count(1000)} with an incremental summing listener: one benchmark
 * operation inserts one tuple, so the score is tuples per second. Every thousandth insertion also
 * pays for the tumble (EVICTION of 1000 tuples, emitted without iterating them).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TumblingCountBenchmark {
  private static final int TUMBLE_SIZE = 1000;

  private final SampleSource source = new SampleSource(1);
  private TumblingSumListener listener;
  private Window<Sample> window;

  @Setup
  public void setUp() throws Exception {
    listener = new TumblingSumListener();
    window = EngineWindows.started(WindowSpec.tumbling(PolicySpec.count(TUMBLE_SIZE)), listener);
  }

  @Benchmark
  public double insert() throws Exception {
    window.insert(source.next());
    return listener.lastEmitted();
  }
}
