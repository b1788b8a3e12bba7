package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.Harness;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * IBM's compiled {@code FunctionAggregate} (streamsx 2.1.0) through IBM's harness API on every
 * window kind its classes take: count and time eviction, count and time triggers, tumbling windows,
 * and a window partitioned by IBM's key getter. Which of IBM's window listeners runs depends on the
 * window: a time trigger aggregates on each TRIGGER, time eviction on each INSERTION and EVICTION,
 * anything else on each INSERTION (docs/porting.md, "IBM's functional operators"). Time moves only
 * with the harness's manual clock. Each expected sequence is worked out in the test from the
 * arrivals by the window rules of docs/semantics.md, not from a run.
 */
class IbmFunctionalWindowsTest {
  /** IBM's schema for a stream of Java strings (its ObjectSchemas.STRING_SCHEMA). */
  private static final String STRINGS = "tuple<rstring string>";

  /** The aggregation every test hands IBM's operator: the window's strings, oldest first. */
  private static final Function<List<String>, String> BRACKETED = IbmFunctionalWindowsTest::list;

  private static String list(List<String> tuples) {
    return "[" + String.join(",", tuples) + "]";
  }

  /** A tuple submitted {@code at} seconds after the graph's ports became ready. */
  private record Arrival(double at, String value) {}

  @Test
  void aggregateOverATumblingCountWindowStartsAfreshAfterEachTumble() throws Exception {
    List<String> inputs = List.of("a", "b", "c", "d", "e", "f", "g");
    List<Arrival> arrivals = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      arrivals.add(new Arrival(i, inputs.get(i)));
    }

    List<String> out = aggregate(in -> in.tumbling().evictCount(3), arrivals, inputs.size());

    // IBM's count listener aggregates on each INSERTION; the third tuple of a batch is inserted
    // (and aggregated) before the tumble evicts the batch.
    List<String> expected = new ArrayList<>();
    List<String> batch = new ArrayList<>();
    for (String s : inputs) {
      batch.add(s);
      expected.add(list(batch));
      if (batch.size() == 3) {
        batch.clear();
      }
    }
    assertEquals(expected, out);
  }

  @Test
  void aggregateOverASlidingTimeWindowAggregatesOnEachArrivalAndEachEviction() throws Exception {
    double evictAfter = 5.0;
    List<Arrival> arrivals =
        List.of(
            new Arrival(0.5, "a"),
            new Arrival(1.25, "b"),
            new Arrival(1.25, "c"),
            new Arrival(3.0, "d"),
            new Arrival(6.0, "e"), // after a left (5.5 s), before b and c leave (6.25 s)
            new Arrival(7.5, "f"),
            new Arrival(13.5, "g"));
    double end = 20.0;

    // IBM's last(5, SECONDS).aggregate(f): sliding, time(5) eviction, count(1) trigger.
    List<String> out =
        aggregate(in -> in.sliding().evictTime(evictAfter).triggerCount(1), arrivals, end);

    // A tuple leaves once it has been in for more than evictAfter seconds; tuples that arrived at
    // the same instant leave in one EVICTION. Either change aggregates the window.
    List<String> expected = new ArrayList<>();
    Deque<Arrival> window = new ArrayDeque<>();
    List<Arrival> timeline = new ArrayList<>(arrivals);
    timeline.add(new Arrival(end, null));
    for (Arrival next : timeline) {
      while (!window.isEmpty() && window.peekFirst().at() + evictAfter < next.at()) {
        double leaving = window.peekFirst().at();
        while (!window.isEmpty() && window.peekFirst().at() == leaving) {
          window.removeFirst();
        }
        expected.add(list(values(window)));
      }
      if (next.value() != null) {
        window.addLast(next);
        expected.add(list(values(window)));
      }
    }
    assertEquals(expected, out);
    assertEquals("[]", out.get(out.size() - 1), "every tuple has been evicted by the end");
  }

  @Test
  void aggregateOverATumblingTimeWindowAggregatesTheEmptiedWindowAtEachTumble() throws Exception {
    double period = 4.0;
    List<Arrival> arrivals =
        List.of(
            new Arrival(1.0, "a"),
            new Arrival(2.5, "b"),
            new Arrival(5.0, "c"),
            new Arrival(13.0, "d"),
            new Arrival(14.0, "e"));
    double end = 17.0;

    List<String> out = aggregate(in -> in.tumbling().evictTime(period), arrivals, end);

    // A tumbling time window has no trigger, so IBM's time-eviction listener runs: it aggregates
    // on each INSERTION and on each tumble's EVICTION, which empties the window. The window
    // tumbles every period seconds from the moment the ports became ready, also when empty.
    List<String> expected = new ArrayList<>();
    List<String> batch = new ArrayList<>();
    int tumbles = 0;
    List<Arrival> timeline = new ArrayList<>(arrivals);
    timeline.add(new Arrival(end, null));
    for (Arrival next : timeline) {
      while ((tumbles + 1) * period < next.at()) {
        tumbles++;
        batch.clear();
        expected.add(list(batch));
      }
      if (next.value() != null) {
        batch.add(next.value());
        expected.add(list(batch));
      }
    }
    assertEquals(expected, out);
    assertEquals(4, tumbles, "tumbles at 4, 8, 12 and 16 s, the one at 12 s of an empty window");
  }

  @Test
  void aggregateOverASlidingCountWindowWithATimeTriggerAggregatesPeriodically() throws Exception {
    double period = 2.0;
    List<Arrival> arrivals =
        List.of(
            new Arrival(0.5, "a"),
            new Arrival(1.0, "b"),
            new Arrival(2.5, "c"),
            new Arrival(3.0, "d"),
            new Arrival(3.5, "e"),
            new Arrival(9.0, "f"));
    double end = 11.0;

    // IBM's last(3).aggregate(f, 2, SECONDS): sliding, count(3) eviction, time(2) trigger.
    List<String> out =
        aggregate(in -> in.sliding().evictCount(3).triggerTime(period), arrivals, end);

    // IBM's periodic listener aggregates on each TRIGGER only: every period seconds from the
    // moment the ports became ready, with the last three tuples, also before the first.
    List<String> expected = new ArrayList<>();
    Deque<String> window = new ArrayDeque<>();
    int triggers = 0;
    List<Arrival> timeline = new ArrayList<>(arrivals);
    timeline.add(new Arrival(end, null));
    for (Arrival next : timeline) {
      while ((triggers + 1) * period < next.at()) {
        triggers++;
        expected.add(list(List.copyOf(window)));
      }
      if (next.value() != null) {
        if (window.size() == 3) {
          window.removeFirst();
        }
        window.addLast(next.value());
      }
    }
    assertEquals(expected, out);
    assertEquals(5, triggers);
  }

  @Test
  void aggregateOverASlidingTimeWindowWithATimeTriggerSeesOnlyTheLastSeconds() throws Exception {
    double evictAfter = 3.0;
    double period = 2.0;
    List<Arrival> arrivals =
        List.of(
            new Arrival(0.5, "a"),
            new Arrival(1.5, "b"),
            new Arrival(2.5, "c"),
            new Arrival(4.5, "d"),
            new Arrival(9.5, "e"));
    double end = 13.0;

    // IBM's last(3, SECONDS).aggregate(f, 2, SECONDS).
    List<String> out =
        aggregate(in -> in.sliding().evictTime(evictAfter).triggerTime(period), arrivals, end);

    // At each trigger the window holds the tuples that arrived in the last evictAfter seconds.
    List<String> expected = new ArrayList<>();
    for (int k = 1; k * period < end; k++) {
      double now = k * period;
      expected.add(
          list(
              arrivals.stream()
                  .filter(a -> a.at() <= now && now - a.at() <= evictAfter)
                  .map(Arrival::value)
                  .toList()));
    }
    assertEquals(expected, out);
  }

  @Test
  void aggregatePartitionedByItsKeyGetterKeepsAWindowPerKey() throws Exception {
    List<String> inputs = List.of("a1", "b1", "a2", "a3", "b2", "c1", "a4", "c2", "b3");
    Function<String, String> firstLetter = s -> s.substring(0, 1);
    List<Arrival> arrivals = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      arrivals.add(new Arrival(i, inputs.get(i)));
    }
    Metric[] partitions = new Metric[1];

    // IBM's key(firstLetter).last(2).aggregate(f): the keyGetter parameter partitions the window.
    List<String> out =
        aggregate(
            in -> in.sliding().evictCount(2).triggerCount(1).partitioned(),
            op -> op.setStringParameter("keyGetter", ObjectUtils.serializeLogic(firstLetter)),
            aggregate -> partitions[0] = aggregate.getnPartitions(),
            arrivals,
            inputs.size());

    List<String> expected = new ArrayList<>();
    Map<String, Deque<String>> windows = new HashMap<>();
    for (String s : inputs) {
      Deque<String> window = windows.computeIfAbsent(s.substring(0, 1), k -> new ArrayDeque<>());
      if (window.size() == 2) {
        window.removeFirst();
      }
      window.addLast(s);
      expected.add(list(List.copyOf(window)));
    }
    assertEquals(expected, out);
    long keys = new LinkedHashSet<>(inputs.stream().map(s -> s.substring(0, 1)).toList()).size();
    assertEquals(keys, partitions[0].getValue(), "IBM's nPartitions gauge: one per key");
  }

  private static List<String> values(Deque<Arrival> window) {
    return window.stream().map(Arrival::value).collect(Collectors.toList());
  }

  private static List<String> aggregate(
      Consumer<InputPortDeclaration> window, List<Arrival> arrivals, double end) throws Exception {
    return aggregate(window, op -> {}, aggregate -> {}, arrivals, end);
  }

  /**
   * Runs IBM's FunctionAggregate with {@link #BRACKETED} over {@code window} on a manual clock:
   * each arrival is submitted when the clock reads its time (counted from the moment the ports
   * became ready), then the clock moves on to {@code end}. Returns what the operator submitted.
   */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static List<String> aggregate(
      Consumer<InputPortDeclaration> window,
      Consumer<OperatorInvocation<FunctionAggregate>> parameters,
      Consumer<FunctionAggregate<?, ?>> initialized,
      List<Arrival> arrivals,
      double end)
      throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<FunctionAggregate> op = tester.singleOp(FunctionAggregate.class);
    op.setStringParameter("functionalLogic", ObjectUtils.serializeLogic(BRACKETED));
    parameters.accept(op);
    InputPortDeclaration in = op.addInput(STRINGS);
    window.accept(in);
    OutputPortDeclaration out = op.addOutput(STRINGS);
    ManualClock clock = ManualClock.create();
    long ready = clock.nanos();
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), clock);
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    graph.initialize().get().allPortsReady().get();
    initialized.accept(graph.getOperatorInstance(op));

    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    for (Arrival arrival : arrivals) {
      clock.setNanos(ready + Clock.secondsToNanos(arrival.at()));
      input.submitAsTuple(arrival.value());
    }
    clock.setNanos(ready + Clock.secondsToNanos(end));
    List<String> submitted =
        results.getTuples().stream().map(t -> t.getString(0)).collect(Collectors.toList());
    graph.shutdown().get();
    return submitted;
  }
}
