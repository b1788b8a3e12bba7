package io.streamswindow.bench;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.schema.SplSchema;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What an SPL expression costs per tuple through the expression layer's evaluator ({@link
 * SplExpression}), against the same expression written by hand in Java over the same tuples (issue
 * 42's goal: within 2x). Two shapes: the arithmetic of IBM's VWAP sample ({@code price *
 * (float64)volume}) and a filter ({@code ticker == "IBM" && volume > 100}). Each operation is one
 * tuple; the score is nanoseconds per tuple.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ExpressionEvaluationBenchmark {
  private static final int TUPLES = 1024;
  private static final SplSchema TRADES =
      SplSchema.parse("tuple<rstring ticker, float64 price, int32 volume>");
  private static final RString IBM = new RString("IBM");

  private final Tuple[] tuples = new Tuple[TUPLES];
  private SplExpression notional;
  private SplExpression filter;

  @Setup
  public void setUp() {
    Random random = new Random(42);
    String[] tickers = {"IBM", "HPQ", "GOOG", "MSFT"};
    for (int i = 0; i < TUPLES; i++) {
      tuples[i] =
          TRADES.getTuple(
              List.of(
                  new RString(tickers[random.nextInt(tickers.length)]),
                  50 + random.nextDouble() * 100,
                  random.nextInt(300)));
    }
    ExpressionScope scope = ExpressionScope.of(TRADES);
    notional = SplExpression.compile("price * (float64)volume", scope);
    filter = SplExpression.compile("ticker == \"IBM\" && volume > 100", scope);
  }

  @Benchmark
  @OperationsPerInvocation(TUPLES)
  public double arithmeticThroughTheEvaluator() {
    double sum = 0;
    for (Tuple tuple : tuples) {
      sum += notional.evaluateDouble(tuple);
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(TUPLES)
  public double arithmeticByHand() {
    double sum = 0;
    for (Tuple tuple : tuples) {
      sum += tuple.getDouble(1) * (double) tuple.getInt(2);
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(TUPLES)
  public int filterThroughTheEvaluator() {
    int kept = 0;
    for (Tuple tuple : tuples) {
      if (filter.evaluateBoolean(tuple)) {
        kept++;
      }
    }
    return kept;
  }

  @Benchmark
  @OperationsPerInvocation(TUPLES)
  public int filterByHand() {
    int kept = 0;
    for (Tuple tuple : tuples) {
      if (IBM.equals(tuple.getObject(0)) && tuple.getInt(2) > 100) {
        kept++;
      }
    }
    return kept;
  }
}
