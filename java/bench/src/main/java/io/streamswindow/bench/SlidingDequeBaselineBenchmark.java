package io.streamswindow.bench;

import java.util.ArrayDeque;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The floor under {@link SlidingCountBenchmark}, without the engine: a bare {@code ArrayDeque}
 * holding the last N tuples, each wrapped in a small holder as the engine wraps them, with the same
 * running sum (add the new tuple, subtract the oldest). Whatever this costs more at N = 100000 than
 * at N = 10 is the memory hierarchy's price for keeping N distinct tuples alive.
 *
 * <p>{@code garbageBytes} adds that much short-lived garbage per tuple, as the engine's events,
 * views and iterators are: interleaved with the surviving holders in the allocation buffer, it
 * spreads the window's live tuples over more memory, which is what makes a large window's oldest
 * tuple a cache miss when it is evicted (see docs/performance.md).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SlidingDequeBaselineBenchmark {
  @Param({"10", "1000", "100000"})
  public int size;

  @Param({"0", "256"})
  public int garbageBytes;

  /** What the engine keeps per tuple: the tuple, its arrival time and a policy value. */
  private static final class Holder {
    final Sample tuple;
    final long insertedAt;
    final double policyValue;

    Holder(Sample tuple, long insertedAt, double policyValue) {
      this.tuple = tuple;
      this.insertedAt = insertedAt;
      this.policyValue = policyValue;
    }
  }

  private final SampleSource source = new SampleSource(1);
  private final ArrayDeque<Holder> window = new ArrayDeque<>();
  private double sum;
  private long now;

  @Setup
  public void setUp() {
    for (int i = 0; i < size; i++) {
      Sample s = source.next();
      window.addLast(new Holder(s, now++, 0));
      sum += s.value();
    }
  }

  @Benchmark
  public double insert(Blackhole blackhole) {
    sum -= window.pollFirst().tuple.value();
    Sample s = source.next();
    window.addLast(new Holder(s, now++, 0));
    sum += s.value();
    if (garbageBytes > 0) {
      blackhole.consume(new byte[garbageBytes]);
    }
    return sum;
  }
}
