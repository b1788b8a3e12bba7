package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.StreamingData.Punctuation;
import io.streamswindow.harness.HarnessControl;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The {@link Aggregate} operator's window behaviour and parameter checks, in IBM's harness. */
class AggregateTest {
  private static final String V = "tuple<rstring name, float64 cost>";
  private static final String QUOTE = "tuple<rstring symbol, float64 price>";

  @Test
  void tumblingCountFourSumsCostAndTakesTheLastNameOfEachTumble() throws Exception {
    // stream<V> VSUM = Aggregate(V) { window V: tumbling, count(4); output VSUM: cost = Sum(cost);
    // }
    AggregateRun run =
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(4)).output("cost=Sum(cost)").start();
    run.submit("A", 1.0).submit("B", 2.0).submit("C", 3.0);
    assertEquals(List.of(), run.take(), "the window is not full yet");
    run.submit("D", 4.5);
    assertEquals(List.of("(D, 10.5)", "WINDOW_MARKER"), run.take());
    run.submit("E", 10.0).submit("F", 20.0).submit("G", 30.0).submit("H", 40.0);
    assertEquals(List.of("(H, 100.0)", "WINDOW_MARKER"), run.take());
    run.shutdown();
  }

  @Test
  void slidingAggregationIsRefusedOnTumblingWindowsAndNamesItsValues() throws Exception {
    AggregateRun tumbling =
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(4))
            .output("cost=Sum(cost)")
            .parameter("slidingAggregation", "recompute");
    Exception refused = assertThrows(Exception.class, tumbling::start);
    assertTrue(
        rootMessage(refused).contains("slidingAggregation is only valid for sliding windows"),
        rootMessage(refused));

    AggregateRun misspelt =
        AggregateRun.of(V, V, in -> in.sliding().evictCount(4).triggerCount(1))
            .output("cost=Sum(cost)")
            .parameter("slidingAggregation", "lazy");
    Exception bad = assertThrows(Exception.class, misspelt::start);
    assertTrue(
        rootMessage(bad)
            .contains("slidingAggregation must be one of incremental, recompute, not 'lazy'"),
        rootMessage(bad));
  }

  private static String rootMessage(Throwable t) {
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage();
  }

  @Test
  void slidingTimeWindowAveragesTheLastFiveMinutesEverySecond() throws Exception {
    // stream<V> VMovingAverage = Aggregate(V) {
    //   window V: sliding, time(300.0), time(1.0); output VMovingAverage: price = Average(price); }
    AggregateRun run =
        AggregateRun.of(QUOTE, QUOTE, in -> in.sliding().evictTime(300.0).triggerTime(1.0))
            .output("price=Average(price)")
            .start();
    run.advance(0.5).submit("IBM", 100.0);
    assertEquals(List.of(), run.take(), "nothing until the trigger");
    run.advance(0.5);
    assertEquals(List.of("(IBM, 100.0)", "WINDOW_MARKER"), run.take());
    run.advance(0.5).submit("IBM", 103.0);
    run.advance(0.5);
    assertEquals(List.of("(IBM, 101.5)", "WINDOW_MARKER"), run.take());
    run.advance(298.0); // 298 triggers, at 3 s ... 300 s: both tuples are still in the window
    List<String> triggers = run.take();
    assertEquals(2 * 298, triggers.size());
    assertEquals(List.of("(IBM, 101.5)", "WINDOW_MARKER"), triggers.subList(594, 596));
    run.advance(1.0); // at 301 s the first tuple has been in the window 300.5 s > 300 s
    assertEquals(List.of("(IBM, 103.0)", "WINDOW_MARKER"), run.take());
    run.advance(1.0); // at 302 s the second one (inserted at 1.5 s) has left too
    assertEquals(List.of("WINDOW_MARKER"), run.take(), "an empty window submits only a marker");
    run.shutdown();
  }

  @Test
  void anEmptyTimeTumbleOrPunctTumbleSubmitsOnlyTheWindowMarker() throws Exception {
    AggregateRun time =
        AggregateRun.of(V, V, in -> in.tumbling().evictTime(10.0)).output("cost=Sum(cost)").start();
    time.advance(10.0);
    assertEquals(List.of("WINDOW_MARKER"), time.take());
    time.submit("A", 1.0).advance(10.0);
    assertEquals(List.of("(A, 1.0)", "WINDOW_MARKER"), time.take());
    time.shutdown();

    AggregateRun punct =
        AggregateRun.of(V, V, in -> in.tumbling().evictPunctuation())
            .output("cost=Sum(cost)")
            .start();
    punct.punctuate(Punctuation.WINDOW_MARKER);
    // One marker: the tumble's. The input marker itself is not forwarded as well.
    assertEquals(List.of("WINDOW_MARKER"), punct.take());
    punct.shutdown();
  }

  @Test
  void aWindowMarkerDoesNotTumbleACountWindowAndIsNotForwarded() throws Exception {
    AggregateRun run =
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(2)).output("cost=Sum(cost)").start();
    run.submit("A", 1.0).punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(List.of(), run.take());
    run.submit("B", 2.0);
    assertEquals(List.of("(B, 3.0)", "WINDOW_MARKER"), run.take());
    run.shutdown();
  }

  @Test
  void finalPunctuationDoesNotFlushTheWindow() throws Exception {
    AggregateRun run =
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(4)).output("cost=Sum(cost)").start();
    run.submit("A", 1.0).submit("B", 2.0).punctuate(Punctuation.FINAL_MARKER);
    assertEquals(List.of("FINAL_MARKER"), run.take(), "only the runtime's final marker");
    run.shutdown();
  }

  @Test
  void tumblingDeltaWindowAggregatesTheTuplesBeforeTheOneThatTumblesIt() throws Exception {
    AggregateRun run =
        AggregateRun.of(
                "tuple<int32 seq, float64 v>",
                "tuple<int32 seq, float64 v, int32 n>",
                in -> in.tumbling().evictDelta("seq", 2))
            .output("v=Sum(v)", "n=Count()")
            .start();
    run.submit(1, 1.0).submit(2, 2.0).submit(3, 4.0);
    assertEquals(List.of(), run.take());
    run.submit(4, 8.0); // 4 - 1 > 2
    assertEquals(List.of("(3, 7.0, 3)", "WINDOW_MARKER"), run.take());
    run.shutdown();
  }

  @Test
  void slidingWindowsSubmitNothingUntilFullUnlessIncompleteWindowsAreAggregated() throws Exception {
    Consumer<com.ibm.streams.flow.declare.InputPortDeclaration> window =
        in -> in.sliding().evictCount(3).triggerCount(1);
    AggregateRun full = AggregateRun.of(V, V, window).output("cost=Sum(cost)").start();
    full.submit("A", 1.0).submit("B", 2.0);
    assertEquals(List.of(), full.take(), "no trigger is aggregated before INITIAL_FULL");
    full.submit("C", 3.0).submit("D", 4.0);
    assertEquals(List.of("(C, 6.0)", "WINDOW_MARKER", "(D, 9.0)", "WINDOW_MARKER"), full.take());
    full.shutdown();

    AggregateRun incomplete =
        AggregateRun.of(V, V, window)
            .output("cost=Sum(cost)")
            .flag("aggregateIncompleteWindows", true)
            .start();
    incomplete.submit("A", 1.0).submit("B", 2.0).submit("C", 3.0);
    assertEquals(
        List.of(
            "(A, 1.0)", "WINDOW_MARKER", "(B, 3.0)", "WINDOW_MARKER", "(C, 6.0)", "WINDOW_MARKER"),
        incomplete.take());
    incomplete.shutdown();
  }

  @Test
  void anEvictedPartitionMustFillAgain() throws Exception {
    AggregateRun run =
        AggregateRun.of(
                QUOTE,
                QUOTE,
                in ->
                    in.sliding()
                        .evictCount(2)
                        .triggerCount(1)
                        .partitioned()
                        .partitionEvictionCount(1))
            .partitionBy("symbol")
            .output("price=Sum(price)")
            .start();
    run.submit("A", 1.0).submit("A", 2.0);
    assertEquals(List.of("(A, 3.0)", "WINDOW_MARKER"), run.take());
    run.submit("B", 10.0); // more than one partition: A, the least recently inserted, leaves
    run.submit("A", 4.0);
    assertEquals(List.of(), run.take(), "A came back as a new partition that is not full");
    run.submit("A", 8.0);
    assertEquals(List.of("(A, 12.0)", "WINDOW_MARKER"), run.take());
    run.shutdown();
  }

  @Test
  void evictedPartitionsAreAggregatedAsIfTheyHadTumbledWhenAsked() throws Exception {
    Consumer<com.ibm.streams.flow.declare.InputPortDeclaration> window =
        in -> in.tumbling().evictCount(3).partitioned().partitionEvictionCount(1);
    AggregateRun run =
        AggregateRun.of(QUOTE, QUOTE, window)
            .partitionBy("symbol")
            .output("price=Sum(price)")
            .flag("aggregateEvictedPartitions", true)
            .start();
    run.submit("A", 1.0).submit("A", 2.0).submit("B", 5.0);
    assertEquals(List.of("(A, 3.0)", "WINDOW_MARKER"), run.take());
    run.submit("B", 6.0).submit("B", 7.0); // B tumbles
    assertEquals(List.of("(B, 18.0)", "WINDOW_MARKER"), run.take());
    run.submit("C", 1.0); // B leaves empty: nothing to aggregate, only the marker
    assertEquals(List.of("WINDOW_MARKER"), run.take());
    run.shutdown();

    AggregateRun without =
        AggregateRun.of(QUOTE, QUOTE, window)
            .partitionBy("symbol")
            .output("price=Sum(price)")
            .start();
    without.submit("A", 1.0).submit("A", 2.0).submit("B", 5.0);
    assertEquals(List.of(), without.take(), "without the flag an evicted partition is dropped");
    without.shutdown();
  }

  @Test
  void whetherAPartitionWasFullSurvivesACheckpointAndAnInitialResetForgetsIt() throws Exception {
    AggregateRun run =
        AggregateRun.of(V, V, in -> in.sliding().evictCount(2).triggerCount(1))
            .output("cost=Sum(cost)")
            .start();
    HarnessControl control = run.control();
    run.submit("A", 1.0).submit("B", 2.0);
    assertEquals(List.of("(B, 3.0)", "WINDOW_MARKER"), run.take());
    control.drain();
    byte[] saved = control.checkpoint();
    control.resetToInitialState();
    run.submit("C", 4.0);
    assertEquals(List.of(), run.take(), "after an initial reset the window must fill again");
    control.reset(saved);
    run.submit("C", 4.0);
    assertEquals(List.of("(C, 6.0)", "WINDOW_MARKER"), run.take(), "restored as full");
    run.shutdown();
  }

  @Test
  void windowParametersThatDoNotFitTheWindowAreRefused() {
    assertRefused(
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(2))
            .output("cost=Sum(cost)")
            .flag("aggregateIncompleteWindows", true),
        IllegalArgumentException.class,
        "aggregateIncompleteWindows is only valid for sliding windows");
    assertRefused(
        AggregateRun.of(V, V, in -> in.sliding().evictCount(2).triggerCount(1))
            .output("cost=Sum(cost)")
            .flag("aggregateEvictedPartitions", true),
        IllegalArgumentException.class,
        "aggregateEvictedPartitions is only valid for tumbling windows");
    assertRefused(
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(2).partitioned())
            .partitionBy("name")
            .output("cost=Sum(cost)")
            .flag("aggregateEvictedPartitions", true),
        IllegalArgumentException.class,
        "needs a partitioned window with a partition eviction policy");
    assertRefused(
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(2))
            .partitionBy("name")
            .output("cost=Sum(cost)"),
        IllegalArgumentException.class,
        "partitionBy [name] needs a partitioned window");
  }

  @Test
  void outputsThatDoNotFitTheSchemasAreRefused() {
    assertRefused(
        AggregateRun.of(V, "tuple<float64 total>", in -> in.tumbling().evictCount(2))
            .output("cost=Sum(cost)"),
        OutputAssignmentException.class,
        "'cost' at position 0 is not an attribute of the output schema");
    assertRefused(
        AggregateRun.of(V, "tuple<int64 n>", in -> in.tumbling().evictCount(2)).output("n=Count()"),
        OutputAssignmentException.class,
        "output attribute 'n' is declared int64, but Count gives int32 here; declare it as int32");
    assertRefused(
        AggregateRun.of(V, "tuple<float64 c>", in -> in.tumbling().evictCount(2))
            .output("c=Sum(price)"),
        OutputAssignmentException.class,
        "unknown input attribute 'price' at position 6; the input attributes are [name, cost]");
    assertRefused(
        AggregateRun.of(V, "tuple<float64 c>", in -> in.tumbling().evictCount(2))
            .output("c=Average(name)"),
        OutputAssignmentException.class,
        "'name' at position 10 has type rstring, but Average(x) needs numeric");
    assertRefused(
        AggregateRun.of(V, "tuple<float64 total>", in -> in.tumbling().evictCount(2)),
        IllegalArgumentException.class,
        "output attribute 'total' has no assignment and the input has no attribute of that name");
    assertRefused(
        AggregateRun.of(V, "tuple<rstring cost>", in -> in.tumbling().evictCount(2)),
        IllegalArgumentException.class,
        "which is float64, but it is declared rstring");
    assertRefused(
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(2))
            .groupBy("region")
            .output("cost=Sum(cost)"),
        IllegalArgumentException.class,
        "groupBy attribute 'region' is not an input attribute");
    assertRefused(
        AggregateRun.of(V, V, in -> in.tumbling().evictCount(2)).output("cost=Sum(cost"),
        OutputAssignmentException.class,
        "expected ',' or ')' at position 13, found the end of the assignment");
  }

  @Test
  void expressionArgumentsAreComputedPerTupleAsSplsAggregateDoes() throws Exception {
    // IBM's VWAP sample: stream<rstring symbol, float64 vwap, float64 volume> Vwap =
    //   Aggregate(Trades) { window Trades: tumbling, count(3); param groupBy: symbol;
    //   output Vwap: vwap = Sum(price * volume) / Sum(volume), volume = Sum(volume); }
    // Here each output function is one assignment: the notional and the volume per group.
    String trades = "tuple<rstring symbol, float64 price, int32 volume>";
    AggregateRun run =
        AggregateRun.of(
                trades,
                "tuple<rstring symbol, float64 notional, int32 volume, float64 cheapest>",
                in -> in.tumbling().evictCount(3))
            .groupBy("symbol")
            .output(
                "notional=Sum(price * (float64)volume)",
                "volume=Sum(volume)",
                "cheapest = Min( price / 2.0 )")
            .start();
    run.submit("IBM", 100.0, 10).submit("HPQ", 20.0, 5).submit("IBM", 102.0, 30);
    assertEquals(
        List.of("(IBM, 4060.0, 40, 50.0)", "(HPQ, 100.0, 5, 10.0)", "WINDOW_MARKER"), run.take());
    run.shutdown();
  }

  @Test
  void aSlidingWindowComputesExpressionArgumentsIncrementallyAndByRecomputingAlike()
      throws Exception {
    String staff = "tuple<rstring name, int32 salary, int32 age>";
    for (String mode : List.of("incremental", "recompute")) {
      AggregateRun run =
          AggregateRun.of(
                  staff,
                  "tuple<rstring name, float64 ratio, int32 n>",
                  in -> in.sliding().evictCount(2).triggerCount(1))
              .output("ratio=Max((float64)salary / (float64)age)", "n=Count()")
              .parameter("slidingAggregation", mode)
              .flag("aggregateIncompleteWindows", true)
              .start();
      run.submit("a", 100, 50).submit("b", 90, 30).submit("c", 60, 60).submit("d", 80, 40);
      assertEquals(
          List.of(
              "(a, 2.0, 1)",
              "WINDOW_MARKER",
              "(b, 3.0, 2)",
              "WINDOW_MARKER",
              "(c, 3.0, 2)",
              "WINDOW_MARKER",
              "(d, 2.0, 2)",
              "WINDOW_MARKER"),
          run.take(),
          mode);
      run.shutdown();
    }
  }

  @Test
  void expressionArgumentsThatSplRefusesAreNamedWithTheirPosition() {
    String trades = "tuple<rstring symbol, float64 price, int32 volume>";
    assertRefused(
        AggregateRun.of(trades, "tuple<float64 v>", in -> in.tumbling().evictCount(2))
            .output("v=Sum(price * volume)"),
        OutputAssignmentException.class,
        "Sum's argument 'price * volume' at position 6: '*' at position 12: the operands are"
            + " float64 and int32");
    assertRefused(
        AggregateRun.of(trades, "tuple<float64 v>", in -> in.tumbling().evictCount(2))
            .output("v=Sum(price * qty)"),
        OutputAssignmentException.class,
        "Sum's argument 'price * qty' at position 6: ");
    assertRefused(
        AggregateRun.of(trades, "tuple<float64 v>", in -> in.tumbling().evictCount(2))
            .output("v=Average(symbol + \"!\")"),
        OutputAssignmentException.class,
        "'symbol + \"!\"' at position 10 has type rstring, but Average(x) needs numeric");
    assertRefused(
        AggregateRun.of(trades, "tuple<timestamp v>", in -> in.tumbling().evictCount(2))
            .output("v=Max(getTimestamp())"),
        OutputAssignmentException.class,
        "Max's argument 'getTimestamp()' at position 6 reads the clock");
  }

  @Test
  void anInputPortWithoutAWindowIsRefused() {
    assertRefused(
        AggregateRun.of(V, V, in -> {}).output("cost=Sum(cost)"),
        IllegalStateException.class,
        "Aggregate needs a windowed input port");
  }

  private static void assertRefused(
      AggregateRun run, Class<? extends Exception> type, String messagePart) {
    ExecutionException failure = assertThrows(ExecutionException.class, run::start);
    Throwable cause = failure;
    while (cause.getCause() != null && !type.isInstance(cause)) {
      cause = cause.getCause();
    }
    assertInstanceOf(type, cause, failure.toString());
    assertTrue(
        cause.getMessage().contains(messagePart),
        "message \"" + cause.getMessage() + "\" should contain \"" + messagePart + "\"");
  }
}
