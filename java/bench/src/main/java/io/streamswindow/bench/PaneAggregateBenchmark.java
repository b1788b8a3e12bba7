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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost per tuple of SPL's {@code Aggregate} on {@code timeInterval, intervalDuration(D),
 * creationPeriod(1.0)} with {@code intervalStart()}, {@code Sum(value)}, {@code Max(value)} and
 * {@code Count()}, in steady state: one tuple per second of event time, the watermark at each
 * tuple's time, so every tuple completes (and closes) one pane, which holds D tuples
 * (docs/performance.md, "Event-time panes as the overlap grows").
 *
 * <p>With {@code paneAggregation=sliced} a tuple is folded once and a pane combines its slices
 * through Two-Stacks, so the cost per tuple must stay flat as D/P grows from 1 to 60; with {@code
 * recompute} a tuple goes into D/P panes and each pane's trigger goes over its D tuples.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PaneAggregateBenchmark {
  private static final SplSchema IN = SplSchema.parse("tuple<float64 ts, float64 value>");
  private static final SplSchema OUT =
      SplSchema.parse("tuple<timestamp start, float64 total, float64 top, int32 n>");

  /** D/P: how many panes hold each tuple. */
  @Param({"1", "10", "60"})
  public int overlap;

  @Param({"sliced", "recompute"})
  public String mode;

  private final SplittableRandom random = new SplittableRandom(1);
  private OperatorHost host;
  private long second;
  private double last;

  @Setup
  public void setUp() throws Exception {
    host =
        OperatorHost.builder(Aggregate.class)
            .clock(ManualClock.create())
            .input(
                "in",
                IN,
                WindowClauseParser.parse(
                        "timeInterval, intervalDuration(" + overlap + ".0), creationPeriod(1.0)")
                    .withEventTime("ts"))
            .output("out", OUT, OutputSink.of((port, tuple) -> last = tuple.getDouble(1)))
            .parameter(
                "output",
                "start=intervalStart()",
                "total=Sum(value)",
                "top=Max(value)",
                "n=Count()")
            .parameter("paneAggregation", mode)
            .build();
    host.initialize();
    host.allPortsReady();
    for (int i = 0; i < 2 * overlap; i++) {
      submit();
    }
  }

  private Tuple next() {
    return IN.getTuple(new Object[] {(double) second++, random.nextDouble() * 1000.0});
  }

  /** Submits one tuple, then the watermark at its time: one pane triggers and closes. */
  @Benchmark
  public double submit() throws Exception {
    host.submit(0, next());
    host.advanceWatermark(TimeUnit.SECONDS.toNanos(second - 1));
    return last;
  }

  @TearDown
  public void tearDown() throws Exception {
    host.shutdown();
  }
}
