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
import io.streamswindow.join.Join;
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
 * SPL's {@link Join} on two windows that are not partitioned, {@code sliding, count(N), count(1)},
 * joined on a key of 100 values: each operation submits one tuple, to the ports in turn, through
 * IBM's harness. {@code lookup=equality} gives the key as {@code equalityLHS} / {@code
 * equalityRHS}, which the operator looks up in the other window's index; {@code lookup=match} gives
 * the same condition as {@code match: L.k == R.k}, which goes over the whole other window. Both put
 * out the same tuples (java/conformance JoinEqualityIndexTest): about N / 100 matches per arrival,
 * so the ratio of the two is what the index saves per arrival.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class JoinLookupBenchmark {
  private static final String SCHEMA = "tuple<int32 k, int64 seq>";

  @Param({"equality", "match"})
  public String lookup;

  @Param({"1000", "10000"})
  public int size;

  private JavaTestableGraph graph;
  private final StreamingOutput<?>[] inputs = new StreamingOutput<?>[2];
  private StreamCounter<Tuple> counter;
  private long next;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<Join> op = tester.singleOp(Join.class);
    InputPortDeclaration left = op.addInput("L", SCHEMA);
    InputPortDeclaration right = op.addInput("R", SCHEMA);
    for (InputPortDeclaration in : new InputPortDeclaration[] {left, right}) {
      in.sliding().evictCount(size).triggerCount(1);
    }
    OutputPortDeclaration out = op.addOutput("tuple<int64 lseq, int64 rseq>");
    op.setStringParameter("output", "lseq = L.seq", "rseq = R.seq");
    if (lookup.equals("equality")) {
      op.setStringParameter("equalityLHS", "L.k");
      op.setStringParameter("equalityRHS", "R.k");
    } else {
      op.setStringParameter("match", "L.k == R.k");
    }
    graph = tester.tester(op);
    counter = new StreamCounter<>();
    graph.registerStreamHandler(out, counter);
    inputs[0] = graph.getInputTester(left);
    inputs[1] = graph.getInputTester(right);
    graph.initialize().get().allPortsReady().get();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    graph.shutdown().get();
  }

  @Benchmark
  @SuppressWarnings("unchecked")
  public long submit() throws Exception {
    StreamingOutput<OutputTuple> input = (StreamingOutput<OutputTuple>) inputs[(int) (next & 1)];
    OutputTuple tuple = input.newTuple();
    // Keys 0..99, each port seeing every key in turn.
    tuple.setInt(0, (int) ((next >> 1) % 100));
    tuple.setLong(1, next++);
    input.submit(tuple);
    return next;
  }

  /** Checks once per iteration that the join matched. */
  @TearDown(Level.Iteration)
  public void matched() {
    if (counter.getTupleCount() == 0) {
      throw new IllegalStateException("the join put out nothing for lookup=" + lookup);
    }
  }
}
