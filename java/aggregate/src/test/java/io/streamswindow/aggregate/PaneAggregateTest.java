package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Aggregate} on a timeInterval window: one row per pane trigger, with the pane functions.
 */
class PaneAggregateTest {
  private static final SplSchema IN =
      SplSchema.parse("tuple<rstring id, float64 ts, float64 cost>");
  private static final SplSchema OUT =
      SplSchema.parse(
          "tuple<timestamp start, timestamp end, int64 index, rstring timing, float64 total, int32 n>");
  private static final List<String> OUTPUT =
      List.of(
          "start=intervalStart()",
          "end=intervalEnd()",
          "index=paneIndex()",
          "timing=paneTiming()",
          "total=Sum(cost)",
          "n=Count()");

  private final List<String> rows = new ArrayList<>();

  private OperatorHost running(String clause, List<String> output) throws Exception {
    WindowSpec spec = WindowClauseParser.parse(clause).withEventTime("ts");
    OperatorHost host =
        OperatorHost.builder(Aggregate.class)
            .clock(ManualClock.create())
            .input("in", IN, spec)
            .output("out", OUT, OutputSink.of((port, tuple) -> rows.add(row(tuple))))
            .parameter("output", output)
            .build();
    host.initialize();
    host.allPortsReady();
    return host;
  }

  private static String row(Tuple t) {
    return "["
        + t.getTimestamp("start").getSeconds()
        + ", "
        + t.getTimestamp("end").getSeconds()
        + ") "
        + t.getLong("index")
        + " "
        + t.getString("timing")
        + " "
        + t.getDouble("total")
        + " "
        + t.getInt("n");
  }

  private static void submit(OperatorHost host, String id, double ts, double cost)
      throws Exception {
    host.submit(0, IN.getTuple(new Object[] {id, ts, cost}));
  }

  private static long seconds(long s) {
    return TimeUnit.SECONDS.toNanos(s);
  }

  private List<String> take() {
    List<String> taken = new ArrayList<>(rows);
    rows.clear();
    return taken;
  }

  @Test
  void eachTriggerOfAPaneIsOneRowWithThePaneItFiredFor() throws Exception {
    // The panes of docs/semantics.md's timeInterval worked examples: [0, 10), [5, 15), [10, 20)...;
    // closed 15 s after their end.
    OperatorHost host =
        running(
            "timeInterval, intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0)", OUTPUT);
    submit(host, "A", 7, 1.0); // in [0, 10) and [5, 15)
    submit(host, "B", 12, 2.0); // in [5, 15) and [10, 20)

    host.advanceWatermark(seconds(10)); // [0, 10) is complete
    assertEquals(List.of("[0, 10) 0 paneOnComplete 1.0 1"), take());

    // Late: in [0, 10), complete but open until 25, and in [-5, 5), past its end already but new
    // (so the next watermark completes it: its first trigger is on complete) and open until 20.
    // Panes trigger in start order.
    submit(host, "C", 3, 4.0);
    host.advanceWatermark(seconds(11));
    assertEquals(List.of("[-5, 5) 0 paneOnComplete 4.0 1", "[0, 10) 1 paneLate 5.0 2"), take());

    host.advanceWatermark(seconds(20)); // [5, 15) then [10, 20) complete, in start order
    assertEquals(
        List.of("[5, 15) 0 paneOnComplete 3.0 2", "[10, 20) 0 paneOnComplete 2.0 1"), take());
    host.shutdown();
  }

  @Test
  void paneFunctionsAreRefusedOnOtherWindows() {
    WindowSpec spec = WindowClauseParser.parse("sliding, count(2)");
    OperatorHost host =
        OperatorHost.builder(Aggregate.class)
            .clock(ManualClock.create())
            .input("in", IN, spec)
            .output("out", OUT, OutputSink.discard())
            .parameter("output", OUTPUT)
            .build();
    Exception e = assertThrows(Exception.class, host::initialize);
    assertTrue(
        e.getMessage()
            .contains(
                "intervalStart() gives the pane a timeInterval window triggered for,"
                    + " but the window is sliding"),
        e.getMessage());
  }

  @Test
  void whenFiringsCountDoesNotApplyToPanes() throws Exception {
    WindowSpec spec =
        WindowClauseParser.parse("timeInterval, intervalDuration(10.0)").withEventTime("ts");
    OperatorHost host =
        OperatorHost.builder(Aggregate.class)
            .clock(ManualClock.create())
            .input("in", IN, spec)
            .output("out", OUT, OutputSink.discard())
            .parameter("output", OUTPUT)
            .parameter("aggregateIncompleteWindows", "true")
            .build();
    Exception e = assertThrows(Exception.class, host::initialize);
    assertTrue(e.getMessage().contains("do not apply to a timeInterval window"), e.getMessage());
  }
}
