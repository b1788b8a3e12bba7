package io.streamswindow.bench;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCounter;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * Throughput of an operator driven through IBM's test harness exactly as a ported JUnit test drives
 * one: {@link JavaOperatorTester}, the graph's default clock, and per operation one new tuple made
 * with {@code newTuple}, filled with {@code setDouble} and sent with {@code submit}, so the score
 * is tuples per second through everything around the window (the harness port, the operator host,
 * the tuple objects, the output path) as well as the window. {@link SummingWindowOperator} sums
 * attribute {@code value} and submits a new output tuple per tumble or trigger.
 *
 * <p>Windows: {@code tumbling, count(1000)}, and {@code sliding, count(N), count(1)} for N = 10 and
 * N = 100000 (a trigger, so an output tuple, per input tuple; the listener's work is constant, so
 * the ratio of the two sizes is the path's own growth with the window).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HarnessPathBenchmark {
  @Param({"tumbling-1000", "sliding-10", "sliding-100000"})
  public String window;

  private JavaTestableGraph graph;
  private StreamingOutput<OutputTuple> input;
  private StreamCounter<Tuple> counter;
  private double next;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<SummingWindowOperator> op = tester.singleOp(SummingWindowOperator.class);
    InputPortDeclaration in = op.addInput("tuple<float64 value>");
    int size = Integer.parseInt(window.substring(window.indexOf('-') + 1));
    if (window.startsWith("tumbling")) {
      in.tumbling().evictCount(size);
    } else {
      in.sliding().evictCount(size).triggerCount(1);
    }
    OutputPortDeclaration out = op.addOutput("tuple<float64 total>");
    graph = tester.tester(op);
    counter = new StreamCounter<>();
    graph.registerStreamHandler(out, counter);
    input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    graph.shutdown().get();
  }

  @Benchmark
  public double submit() throws Exception {
    OutputTuple tuple = input.newTuple();
    // Multiples of 0.5 below 1024: every sum is exact, whatever the window holds.
    next = next >= 1023.5 ? 0 : next + 0.5;
    tuple.setDouble(0, next);
    input.submit(tuple);
    return next;
  }

  /** Checks once per trial that the operator submitted what the window asks of it. */
  @TearDown(Level.Iteration)
  public void outputArrived() {
    if (counter.getTupleCount() == 0) {
      throw new IllegalStateException("the operator submitted nothing on " + window);
    }
  }
}
