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
 * Throughput of {@code partitioned, tumbling, count(4)} over 1000 keys visited round-robin, so
 * every partition exists after the first 1000 tuples and each one tumbles on every 4000th tuple.
 * One operation inserts one tuple; the score is tuples per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PartitionedTumblingBenchmark {
  private static final int KEYS = 1000;

  private final SampleSource source = new SampleSource(KEYS);
  private TumbleTupleSumListener listener;
  private Window<Sample> window;

  @Setup
  public void setUp() throws Exception {
    listener = new TumbleTupleSumListener();
    window =
        EngineWindows.started(WindowSpec.tumbling(PolicySpec.count(4)).partitioned(), listener);
  }

  @Benchmark
  public double insert() throws Exception {
    window.insert(source.next());
    return listener.lastEmitted();
  }
}
