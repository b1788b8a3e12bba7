package io.streamswindow.bench;

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
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a key's sliding {@code Aggregate} costs at the start of a Spark micro-batch: a host built,
 * initialized and reset from the checkpoint of a full {@code count(N)} window ({@link #reset}),
 * then the first tuple, whose trigger either rebuilds the incremental aggregates from the window
 * ({@code incremental}) or goes over the window ({@code recompute}) ({@link #resetAndFirstTuple}).
 * The difference between the two methods is the cost of rebuilding rather than saving the
 * aggregates (docs/decisions.md, "SPL Aggregate").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SlidingAggregateRestoreBenchmark {
  private static final SplSchema IN = SplSchema.parse("tuple<int64 key, int64 seq, float64 value>");
  private static final SplSchema OUT = SplSchema.parse("tuple<float64 avg, float64 top, int32 n>");

  @Param({"1000"})
  public int size;

  @Param({"incremental", "recompute"})
  public String mode;

  private final SplittableRandom random = new SplittableRandom(1);
  private byte[] checkpoint;
  private long seq;
  private double last;

  @Setup
  public void setUp() throws Exception {
    OperatorHost host = host();
    host.allPortsReady();
    for (int i = 0; i < size; i++) {
      host.submit(0, next());
    }
    checkpoint = host.checkpoint(1);
    host.shutdown();
  }

  private OperatorHost host() throws Exception {
    OperatorHost host =
        OperatorHost.builder(Aggregate.class)
            .clock(ManualClock.create())
            .input("in", IN, WindowClauseParser.parse("sliding, count(" + size + "), count(1)"))
            .output("out", OUT, OutputSink.of((port, tuple) -> last = tuple.getDouble(0)))
            .parameter("output", "avg=Average(value)", "top=Max(value)", "n=Count()")
            .parameter("slidingAggregation", mode)
            .build();
    host.initialize();
    return host;
  }

  private Tuple next() {
    return IN.getTuple(new Object[] {1L, seq++, random.nextDouble() * 1000.0});
  }

  /** A host built and reset from the full window's checkpoint, as each micro-batch does. */
  @Benchmark
  public OperatorHost reset() throws Exception {
    OperatorHost host = host();
    host.reset(checkpoint);
    host.allPortsReady();
    return host;
  }

  /** The same, then one tuple: its trigger rebuilds the aggregates, or recomputes them. */
  @Benchmark
  public double resetAndFirstTuple() throws Exception {
    OperatorHost host = reset();
    host.submit(0, next());
    return last;
  }
}
