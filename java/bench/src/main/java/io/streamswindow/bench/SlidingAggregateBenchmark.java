package io.streamswindow.bench;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.aggregate.Aggregate;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.schema.SplSchema;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost per tuple of SPL's {@code Aggregate} on {@code sliding, count(N), count(1)} with {@code
 * Average(value)}, {@code Max(value)} and {@code Count()}, in steady state: the operator host runs
 * the operator as the Spark adapter does, a fresh tuple per operation, and every measured tuple is
 * EVICTION of the oldest, INSERTION, TRIGGER and one output tuple (docs/performance.md,
 * "Incremental sliding aggregation").
 *
 * <p>{@code slidingAggregation=incremental} must cost the same per tuple whatever N; {@code
 * recompute} goes over the window at every trigger, so it grows linearly with N. Values are random
 * doubles, so the float sum's exact accumulator sees carries and varied exponents.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SlidingAggregateBenchmark {
  private static final SplSchema IN = SplSchema.parse("tuple<int64 key, int64 seq, float64 value>");
  private static final SplSchema OUT = SplSchema.parse("tuple<float64 avg, float64 top, int32 n>");

  @Param({"10", "100", "1000", "10000", "100000"})
  public int size;

  @Param({"incremental", "recompute"})
  public String mode;

  private final SplittableRandom random = new SplittableRandom(1);
  private OperatorHost host;
  private long seq;
  private double last;

  @Setup
  public void setUp() throws Exception {
    host =
        OperatorHost.builder(Aggregate.class)
            .clock(ManualClock.create())
            .input("in", IN, WindowClauseParser.parse("sliding, count(" + size + "), count(1)"))
            .output("out", OUT, OutputSink.of((port, tuple) -> last = tuple.getDouble(0)))
            .parameter("output", "avg=Average(value)", "top=Max(value)", "n=Count()")
            .parameter("slidingAggregation", mode)
            .build();
    host.initialize();
    host.allPortsReady();
    for (int i = 0; i < size; i++) {
      host.submit(0, next());
    }
  }

  private Tuple next() {
    return IN.getTuple(new Object[] {1L, seq++, random.nextDouble() * 1000.0});
  }

  /** Submits one tuple: one eviction, one insertion, one trigger, one output tuple. */
  @Benchmark
  public double submit() throws Exception {
    host.submit(0, next());
    return last;
  }

  @TearDown
  public void tearDown() throws Exception {
    host.punctuate(0, Punctuation.FINAL_MARKER);
    host.shutdown();
  }
}
