package io.streamswindow.aggregate;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamHandler;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.Harness;
import io.streamswindow.harness.HarnessControl;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.Consumer;

/**
 * One {@link Aggregate} invocation in IBM's harness on a manual clock, recording what its output
 * port delivers: a tuple as its values in schema order, {@code "(A, 2.0, 3)"}, a mark as its name,
 * {@code "WINDOW_MARKER"}.
 *
 * <pre>{@code
 * AggregateRun run = AggregateRun.of("tuple<rstring s, float64 v>", "tuple<float64 v>",
 *     in -> in.tumbling().evictCount(2)).output("v=Sum(v)").start();
 * run.submit("a", 1.0).submit("b", 2.0);
 * run.take();   // [(3.0), WINDOW_MARKER]
 * }</pre>
 */
final class AggregateRun implements StreamHandler<Tuple> {
  final JavaOperatorTester tester = new JavaOperatorTester();
  final OperatorInvocation<? extends Aggregate> op;
  final InputPortDeclaration in;
  final OutputPortDeclaration out;
  final ManualClock clock = ManualClock.startingAt(1_000_000.0);
  JavaTestableGraph graph;
  private StreamingOutput<OutputTuple> input;
  private final List<String> items = new ArrayList<>();

  /** Everything delivered, in order: output tuples and punctuation marks. */
  private final List<Object> delivered = new ArrayList<>();

  private AggregateRun(
      Class<? extends Aggregate> operator,
      String inSchema,
      String outSchema,
      Consumer<InputPortDeclaration> window) {
    op = tester.singleOp(operator);
    in = op.addInput(inSchema);
    window.accept(in);
    out = op.addOutput(outSchema);
  }

  static AggregateRun of(String inSchema, String outSchema, Consumer<InputPortDeclaration> window) {
    return new AggregateRun(Aggregate.class, inSchema, outSchema, window);
  }

  /** A run of a subclass of {@link Aggregate} (a test operator that adds to it). */
  static AggregateRun of(
      Class<? extends Aggregate> operator,
      String inSchema,
      String outSchema,
      Consumer<InputPortDeclaration> window) {
    return new AggregateRun(operator, inSchema, outSchema, window);
  }

  AggregateRun output(String... assignments) {
    op.setStringParameter("output", assignments);
    return this;
  }

  AggregateRun groupBy(String... attributes) {
    op.setStringParameter("groupBy", attributes);
    return this;
  }

  AggregateRun partitionBy(String... attributes) {
    op.setStringParameter("partitionBy", attributes);
    return this;
  }

  AggregateRun flag(String name, boolean value) {
    op.setBooleanParameter(name, value);
    return this;
  }

  AggregateRun parameter(String name, String value) {
    op.setStringParameter(name, value);
    return this;
  }

  /** Builds the graph on the manual clock, initializes it and makes its ports ready. */
  AggregateRun start() throws Exception {
    graph = Harness.withClock(tester.tester(op), clock);
    graph.registerStreamHandler(out, this);
    input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    return this;
  }

  AggregateRun submit(Object... values) throws Exception {
    input.submitAsTuple(values);
    return this;
  }

  AggregateRun punctuate(Punctuation mark) throws Exception {
    input.punctuate(mark);
    return this;
  }

  AggregateRun advance(double seconds) {
    clock.advance(seconds);
    return this;
  }

  HarnessControl control() {
    return Harness.control(graph);
  }

  void shutdown() throws Exception {
    graph.shutdown().get();
  }

  /** Returns what was delivered since the last call and forgets it. */
  synchronized List<String> take() {
    List<String> taken = new ArrayList<>(items);
    items.clear();
    return taken;
  }

  /** Everything delivered since the run started: output tuples and punctuation marks. */
  synchronized List<Object> delivered() {
    return new ArrayList<>(delivered);
  }

  @Override
  public synchronized void tuple(Tuple tuple) {
    items.add(format(tuple));
    delivered.add(tuple);
  }

  @Override
  public synchronized void mark(Punctuation mark) {
    items.add(mark.name());
    delivered.add(mark);
  }

  static String format(Tuple tuple) {
    StringJoiner values = new StringJoiner(", ", "(", ")");
    for (int i = 0; i < tuple.getStreamSchema().getAttributeCount(); i++) {
      MetaType type = tuple.getStreamSchema().getAttribute(i).getType().getMetaType();
      values.add(String.valueOf(type.isList() ? tuple.getList(i) : tuple.getObject(i)));
    }
    return values.toString();
  }
}
