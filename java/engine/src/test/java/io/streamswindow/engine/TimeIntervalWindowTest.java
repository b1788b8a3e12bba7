package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.api.window.PaneTiming;
import io.streamswindow.api.window.TimeIntervalStreamWindow;
import io.streamswindow.api.window.TimeIntervalWindowEvent;
import io.streamswindow.api.window.WindowPane;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * Traces of timeInterval windows, worked out by hand from the rules (docs/conformance.md). A
 * reading's value is its event time in seconds; lines read "TYPE partition [start,end) index TIMING
 * [ids]".
 */
class TimeIntervalWindowTest {
  /** Event time is the attribute "value" of a reading, in seconds. */
  static final DeltaResolver<Reading> ATTRIBUTES =
      new DeltaResolver<>() {
        @Override
        public Delta<Reading> resolve(String attribute, Object delta) {
          throw new IllegalArgumentException("no delta policies here");
        }

        @Override
        public ToLongFunction<Reading> eventTime(String attribute) {
          if (!attribute.equals("value")) {
            throw new IllegalArgumentException("unknown attribute " + attribute);
          }
          return r -> Clock.secondsToNanos(r.value());
        }
      };

  private final PaneTrace trace = new PaneTrace();

  private static WindowSpec spec(TimeIntervalSpec panes) {
    return WindowSpec.timeInterval(panes).withEventTime("value");
  }

  private TimeIntervalWindow<Reading> window(WindowSpec spec, PaneTrace listener) {
    EngineWindow<Reading> w =
        EngineWindow.create(spec, null, null, ManualClock.create(), ATTRIBUTES);
    w.registerListener(listener, false);
    if (spec.isPartitioned()) {
      w.registerPartitioner(Reading::key);
    }
    return (TimeIntervalWindow<Reading>) w;
  }

  private TimeIntervalWindow<Reading> window(WindowSpec spec) {
    return window(spec, trace);
  }

  private static void watermark(EngineWindow<Reading> w, double seconds) throws Exception {
    w.advanceTo(TimeDomain.EVENT_TIME, Clock.secondsToNanos(seconds));
  }

  private static long nanos(double seconds) {
    return Clock.secondsToNanos(seconds);
  }

  @Test
  void theWorkedExample() throws Exception {
    // intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0): panes [5k, 5k + 10).
    TimeIntervalWindow<Reading> w =
        window(spec(TimeIntervalSpec.of(10).withCreationPeriod(5).withDiscardAge(15)));
    w.insert(Reading.of("A", 7));
    assertEquals(
        List.of("INSERTION 0 [0,10) 0 ON_COMPLETE [A]", "INSERTION 0 [5,15) 0 ON_COMPLETE [A]"),
        trace.take(),
        "T(7) is in [0,10) and [5,15)");
    w.insert(Reading.of("B", 10));
    assertEquals(
        List.of("INSERTION 0 [5,15) 0 ON_COMPLETE [B]", "INSERTION 0 [10,20) 0 ON_COMPLETE [B]"),
        trace.take(),
        "T(10) is not in [0,10)");
    w.insert(Reading.of("C", 0));
    assertEquals(
        List.of("INSERTION 0 [-5,5) 0 ON_COMPLETE [C]", "INSERTION 0 [0,10) 0 ON_COMPLETE [C]"),
        trace.take(),
        "T(0) is in [0,10)");
    assertEquals(nanos(5), w.nextDeadline(TimeDomain.EVENT_TIME));

    watermark(w, 10);
    assertEquals(
        List.of(
            "INITIAL_FULL 0 [-5,5) 0 ON_COMPLETE [C]",
            "TRIGGER 0 [-5,5) 0 ON_COMPLETE [C]",
            "INITIAL_FULL 0 [0,10) 0 ON_COMPLETE [A,C]",
            "TRIGGER 0 [0,10) 0 ON_COMPLETE [A,C]"),
        trace.take());
    assertEquals(nanos(15), w.nextDeadline(TimeDomain.EVENT_TIME));

    w.insert(Reading.of("D", 8));
    assertEquals(
        List.of("INSERTION 0 [0,10) 1 LATE [D]", "INSERTION 0 [5,15) 0 ON_COMPLETE [D]"),
        trace.take());
    assertEquals(
        nanos(10) + 1,
        w.nextDeadline(TimeDomain.EVENT_TIME),
        "a late trigger waits for the next watermark received, any later one");

    watermark(w, 15);
    assertEquals(
        List.of(
            "TRIGGER 0 [0,10) 1 LATE [A,C,D]",
            "INITIAL_FULL 0 [5,15) 0 ON_COMPLETE [A,B,D]",
            "TRIGGER 0 [5,15) 0 ON_COMPLETE [A,B,D]"),
        trace.take());

    watermark(w, 25);
    assertEquals(
        List.of(
            "EVICTION 0 [-5,5) 1 LATE [C]",
            "EVICTION 0 [0,10) 2 LATE [A,C,D]",
            "INITIAL_FULL 0 [10,20) 0 ON_COMPLETE [B]",
            "TRIGGER 0 [10,20) 0 ON_COMPLETE [B]"),
        trace.take(),
        "one pane after the other, in start order");
    assertEquals(
        List.of(new WindowPane(nanos(5), nanos(15)), new WindowPane(nanos(10), nanos(20))),
        w.openPanes());

    w.insert(Reading.of("E", 3)); // [-5,5) and [0,10) have closed
    assertEquals(List.of(), trace.take());
    assertEquals(1, w.droppedCount());
    w.insert(Reading.of("F", 9)); // [5,15) is open, but 9 is earlier than 25 - 15
    assertEquals(List.of(), trace.take());
    assertEquals(2, w.getDroppedTupleCount());
    w.insert(Reading.of("G", 10)); // at the drop point: kept, late in both its panes
    assertEquals(
        List.of("INSERTION 0 [5,15) 1 LATE [G]", "INSERTION 0 [10,20) 1 LATE [G]"), trace.take());
    assertEquals(2, w.getDroppedTupleCount());
  }

  @Test
  void anOffsetShiftsEveryPane() throws Exception {
    WindowSpec spec = spec(TimeIntervalSpec.of(10).withIntervalOffset(3));
    assertEquals("timeInterval, intervalDuration(10.0), intervalOffset(3.0)", spec.toString());
    TimeIntervalWindow<Reading> w = window(spec);
    w.insert(Reading.of("A", 2));
    w.insert(Reading.of("B", 3));
    w.insert(Reading.of("C", 12.5));
    assertEquals(
        List.of(
            "INSERTION 0 [-7,3) 0 ON_COMPLETE [A]",
            "INSERTION 0 [3,13) 0 ON_COMPLETE [B]",
            "INSERTION 0 [3,13) 0 ON_COMPLETE [C]"),
        trace.take());
    watermark(w, 12.999);
    assertEquals(
        List.of(
            "INITIAL_FULL 0 [-7,3) 0 ON_COMPLETE [A]",
            "TRIGGER 0 [-7,3) 0 ON_COMPLETE [A]",
            "EVICTION 0 [-7,3) 1 LATE [A]"),
        trace.take(),
        "discardAge 0: a pane closes as soon as it is complete");
    watermark(w, 13);
    assertEquals(
        List.of(
            "INITIAL_FULL 0 [3,13) 0 ON_COMPLETE [B,C]",
            "TRIGGER 0 [3,13) 0 ON_COMPLETE [B,C]",
            "EVICTION 0 [3,13) 1 LATE [B,C]"),
        trace.take());
  }

  @Test
  void omittingInsertionEventsLeavesEveryOtherEventAsItWas() throws Exception {
    WindowSpec spec = spec(TimeIntervalSpec.of(10).withCreationPeriod(5).withDiscardAge(20));
    PaneTrace all = new PaneTrace();
    PaneTrace omitted = new PaneTrace();
    TimeIntervalWindow<Reading> full = window(spec, all);
    TimeIntervalWindow<Reading> quiet = window(spec, omitted);
    quiet.omitInsertionEvents();
    for (TimeIntervalWindow<Reading> w : List.of(full, quiet)) {
      w.insert(Reading.of("A", 1));
      w.insert(Reading.of("B", 7));
      watermark(w, 12);
      w.insert(Reading.of("C", 3)); // late: its panes trigger again at the next watermark
      watermark(w, 40);
    }
    List<String> expected = all.take();
    assertTrue(expected.stream().anyMatch(line -> line.startsWith("INSERTION")), "" + expected);
    assertTrue(expected.stream().anyMatch(line -> line.contains("LATE")), "" + expected);
    assertEquals(
        expected.stream().filter(line -> !line.startsWith("INSERTION")).toList(), omitted.take());
  }

  @Test
  void emptyPanesAreNeverCreatedAndNeverTrigger() throws Exception {
    TimeIntervalWindow<Reading> w = window(spec(TimeIntervalSpec.of(5)));
    w.insert(Reading.of("A", 1));
    w.insert(Reading.of("B", 21));
    trace.take();
    assertEquals(
        List.of(new WindowPane(0, nanos(5)), new WindowPane(nanos(20), nanos(25))), w.openPanes());
    assertEquals(nanos(5), w.nextDeadline(TimeDomain.EVENT_TIME));
    watermark(w, 30);
    assertEquals(
        List.of(
            "INITIAL_FULL 0 [0,5) 0 ON_COMPLETE [A]",
            "TRIGGER 0 [0,5) 0 ON_COMPLETE [A]",
            "EVICTION 0 [0,5) 1 LATE [A]",
            "INITIAL_FULL 0 [20,25) 0 ON_COMPLETE [B]",
            "TRIGGER 0 [20,25) 0 ON_COMPLETE [B]",
            "EVICTION 0 [20,25) 1 LATE [B]"),
        trace.take());
    assertEquals(Long.MAX_VALUE, w.nextDeadline(TimeDomain.EVENT_TIME));
  }

  @Test
  void lateTuplesTriggerAgainOnlyTheirPartitions() throws Exception {
    TimeIntervalWindow<Reading> w =
        window(spec(TimeIntervalSpec.of(10).withDiscardAge(20)).partitioned());
    w.insert(Reading.of("a1", "a", 1));
    w.insert(Reading.of("b1", "b", 2));
    trace.take();
    watermark(w, 10);
    assertEquals(
        List.of(
            "INITIAL_FULL a [0,10) 0 ON_COMPLETE [a1]",
            "INITIAL_FULL b [0,10) 0 ON_COMPLETE [b1]",
            "TRIGGER a [0,10) 0 ON_COMPLETE [a1]",
            "TRIGGER b [0,10) 0 ON_COMPLETE [b1]"),
        trace.take());
    w.insert(Reading.of("a2", "a", 5));
    assertEquals(List.of("INSERTION a [0,10) 1 LATE [a2]"), trace.take());
    watermark(w, 11);
    assertEquals(List.of("TRIGGER a [0,10) 1 LATE [a1,a2]"), trace.take(), "b was not updated");
    watermark(w, 12);
    assertEquals(List.of(), trace.take());

    // A partition born late: its first trigger is late, with the pane's next index (the index is
    // the pane's, not the partition's: docs/decisions.md, "timeInterval windows").
    w.insert(Reading.of("c1", "c", 3));
    w.insert(Reading.of("a3", "a", 4));
    assertEquals(
        List.of("INSERTION c [0,10) 2 LATE [c1]", "INSERTION a [0,10) 2 LATE [a3]"), trace.take());
    watermark(w, 12); // the same watermark again is not received: nothing, not even what is pending
    assertEquals(List.of(), trace.take());
    watermark(w, 13);
    assertEquals(
        List.of("TRIGGER a [0,10) 2 LATE [a1,a2,a3]", "TRIGGER c [0,10) 2 LATE [c1]"),
        trace.take(),
        "partitions in creation order: a, b, c");
    assertEquals(List.of("a", "b", "c"), new ArrayList<>(w.getPartitions()));

    watermark(w, 30);
    assertEquals(
        List.of(
            "EVICTION a [0,10) 3 LATE [a1,a2,a3]",
            "EVICTION b [0,10) 3 LATE [b1]",
            "EVICTION c [0,10) 3 LATE [c1]"),
        trace.take());
    assertEquals(List.of(), new ArrayList<>(w.getPartitions()));
  }

  @Test
  void aLateTriggerComesBeforeTheCloseOfTheSameAdvance() throws Exception {
    TimeIntervalWindow<Reading> w = window(spec(TimeIntervalSpec.of(10).withDiscardAge(5)));
    w.insert(Reading.of("A", 1));
    watermark(w, 10);
    w.insert(Reading.of("B", 6)); // not earlier than 10 - 5: late, not dropped
    trace.take();
    watermark(w, 100);
    assertEquals(
        List.of("TRIGGER 0 [0,10) 1 LATE [A,B]", "EVICTION 0 [0,10) 2 LATE [A,B]"), trace.take());
    w.insert(Reading.of("C", 3));
    assertEquals(List.of(), trace.take());
    assertEquals(1, w.droppedCount());
  }

  @Test
  void aPaneClosesWhenTheWatermarkReachesEndPlusDiscardAge() throws Exception {
    TimeIntervalWindow<Reading> w = window(spec(TimeIntervalSpec.of(10)));
    watermark(w, 10);
    w.insert(Reading.of("X", 9.5)); // [0,10) closed at 10 + 0
    w.insert(Reading.of("Y", 10)); // [10,20) is open
    assertEquals(List.of("INSERTION 0 [10,20) 0 ON_COMPLETE [Y]"), trace.take());
    assertEquals(1, w.droppedCount());

    TimeIntervalWindow<Reading> aged = window(spec(TimeIntervalSpec.of(10).withDiscardAge(2)));
    watermark(aged, 11.5);
    aged.insert(Reading.of("Z", 9.4)); // earlier than 11.5 - 2: dropped
    assertEquals(List.of(), trace.take());
    assertEquals(1, aged.droppedCount());
    aged.insert(Reading.of("Z", 9.6)); // a pane created after the watermark passed its end
    assertEquals(List.of("INSERTION 0 [0,10) 0 ON_COMPLETE [Z]"), trace.take());
    assertEquals(nanos(11.5) + 1, aged.nextDeadline(TimeDomain.EVENT_TIME));
    watermark(aged, 12);
    assertEquals(
        List.of(
            "INITIAL_FULL 0 [0,10) 0 ON_COMPLETE [Z]",
            "TRIGGER 0 [0,10) 0 ON_COMPLETE [Z]",
            "EVICTION 0 [0,10) 1 LATE [Z]"),
        trace.take(),
        "the next watermark received completes it, then closes it");
  }

  @Test
  void aWatermarkOfLongMaxValueCompletesAndClosesEveryPaneAndReturns() throws Exception {
    // The end of a batch input: the watermark is +infinity.
    TimeIntervalWindow<Reading> w =
        window(spec(TimeIntervalSpec.of(10).withCreationPeriod(5).withDiscardAge(15)));
    w.insert(Reading.of("A", 7));
    trace.take();
    w.advanceTo(TimeDomain.EVENT_TIME, Long.MAX_VALUE);
    assertEquals(
        List.of(
            "INITIAL_FULL 0 [0,10) 0 ON_COMPLETE [A]",
            "TRIGGER 0 [0,10) 0 ON_COMPLETE [A]",
            "EVICTION 0 [0,10) 1 LATE [A]",
            "INITIAL_FULL 0 [5,15) 0 ON_COMPLETE [A]",
            "TRIGGER 0 [5,15) 0 ON_COMPLETE [A]",
            "EVICTION 0 [5,15) 1 LATE [A]"),
        trace.take());
    assertEquals(Long.MAX_VALUE, w.nextDeadline(TimeDomain.EVENT_TIME));
    w.advanceTo(TimeDomain.EVENT_TIME, Long.MAX_VALUE); // nothing open: returns at once
    assertEquals(List.of(), trace.take());
  }

  @Test
  void theWatermarkNeverMovesBackAndProcessingTimeIsIgnored() throws Exception {
    TimeIntervalWindow<Reading> w = window(spec(TimeIntervalSpec.of(10)));
    w.insert(Reading.of("A", 1));
    trace.take();
    w.advanceTo(TimeDomain.PROCESSING_TIME, nanos(1_000_000));
    assertEquals(Long.MAX_VALUE, w.nextDeadline(TimeDomain.PROCESSING_TIME));
    assertEquals(List.of(), trace.take());
    watermark(w, 5);
    watermark(w, 2);
    assertEquals(nanos(5), w.watermark());
    w.drain();
    assertEquals(List.of(), trace.take());
  }

  @Test
  void aWatermarkIsReceivedOnlyWhenLaterThanTheLastOne() throws Exception {
    TimeIntervalWindow<Reading> w = window(spec(TimeIntervalSpec.of(10).withDiscardAge(10)));
    w.insert(Reading.of("A", 1));
    watermark(w, 10);
    w.insert(Reading.of("B", 2)); // late: its trigger waits for a watermark received
    trace.take();
    watermark(w, 10);
    watermark(w, 4);
    assertEquals(List.of(), trace.take(), "a repeated or earlier watermark is not received");
    assertEquals(nanos(10), w.watermark());
    assertEquals(nanos(10) + 1, w.nextDeadline(TimeDomain.EVENT_TIME));
    w.advanceTo(TimeDomain.EVENT_TIME, nanos(10) + 1);
    assertEquals(List.of("TRIGGER 0 [0,10) 1 LATE [A,B]"), trace.take());
    assertEquals(nanos(20), w.nextDeadline(TimeDomain.EVENT_TIME), "then its close");
  }

  @Test
  void oneWatermarkWalksThePanesOneAfterTheOther() throws Exception {
    // Each pane the watermark reached, in start order: complete, trigger what is pending, close.
    // With overlapping panes and a long discard age, a pane closes before the next one completes.
    WindowSpec spec =
        spec(TimeIntervalSpec.of(10).withCreationPeriod(3).withDiscardAge(4)).partitioned();
    TimeIntervalWindow<Reading> w = window(spec);
    w.insert(Reading.of("a1", "a", 1));
    w.insert(Reading.of("b1", "b", 4));
    trace.take();
    watermark(w, 40);
    assertEquals(
        List.of(
            "INITIAL_FULL a [-6,4) 0 ON_COMPLETE [a1]",
            "TRIGGER a [-6,4) 0 ON_COMPLETE [a1]",
            "EVICTION a [-6,4) 1 LATE [a1]",
            "INITIAL_FULL a [-3,7) 0 ON_COMPLETE [a1]",
            "INITIAL_FULL b [-3,7) 0 ON_COMPLETE [b1]",
            "TRIGGER a [-3,7) 0 ON_COMPLETE [a1]",
            "TRIGGER b [-3,7) 0 ON_COMPLETE [b1]",
            "EVICTION a [-3,7) 1 LATE [a1]",
            "EVICTION b [-3,7) 1 LATE [b1]",
            "INITIAL_FULL a [0,10) 0 ON_COMPLETE [a1]",
            "INITIAL_FULL b [0,10) 0 ON_COMPLETE [b1]",
            "TRIGGER a [0,10) 0 ON_COMPLETE [a1]",
            "TRIGGER b [0,10) 0 ON_COMPLETE [b1]",
            "EVICTION a [0,10) 1 LATE [a1]",
            "EVICTION b [0,10) 1 LATE [b1]",
            "INITIAL_FULL b [3,13) 0 ON_COMPLETE [b1]",
            "TRIGGER b [3,13) 0 ON_COMPLETE [b1]",
            "EVICTION b [3,13) 1 LATE [b1]"),
        trace.take());
  }

  @Test
  void finalDeliversEveryPartitionOfEveryOpenPaneAndStopsTime() throws Exception {
    TimeIntervalWindow<Reading> w =
        window(spec(TimeIntervalSpec.of(10).withCreationPeriod(5).withDiscardAge(5)));
    w.insert(Reading.of("A", 7));
    watermark(w, 10);
    trace.take();
    w.punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(List.of(), trace.take());
    w.punctuate(Punctuation.FINAL_MARKER);
    assertEquals(
        List.of("FINAL 0 [0,10) 1 LATE [A]", "FINAL 0 [5,15) 0 ON_COMPLETE [A]"), trace.take());
    assertEquals(Long.MAX_VALUE, w.nextDeadline(TimeDomain.EVENT_TIME));
    watermark(w, 100);
    assertEquals(List.of(), trace.take());
  }

  @Test
  void evictPartitionRemovesItFromEveryPane() throws Exception {
    TimeIntervalWindow<Reading> w =
        window(spec(TimeIntervalSpec.of(10).withCreationPeriod(5)).partitioned());
    w.insert(Reading.of("a1", "a", 7));
    w.insert(Reading.of("b1", "b", 8));
    trace.take();
    w.evictPartition("a");
    assertEquals(
        List.of(
            "PARTITION_EVICTION a [0,10) 0 ON_COMPLETE [a1]",
            "PARTITION_EVICTION a [5,15) 0 ON_COMPLETE [a1]"),
        trace.take());
    assertEquals(List.of("b"), new ArrayList<>(w.getPartitions()));
  }

  @Test
  void throughIbmsApiItIsASlidingTimeWindowAndOurExtensionTellsThePanes() throws Exception {
    TimeIntervalWindow<Reading> w = window(spec(TimeIntervalSpec.of(10, 5, 15, 2)));
    assertEquals(StreamWindow.Type.SLIDING, w.getType());
    assertEquals(StreamWindow.Policy.TIME, w.getEvictionPolicy());
    assertEquals(StreamWindow.Policy.TIME, w.getTriggerPolicy());
    StreamWindow<Reading> ibm = w;
    assertTrue(ibm instanceof TimeIntervalStreamWindow<?>);
    TimeIntervalStreamWindow<?> ti = (TimeIntervalStreamWindow<?>) ibm;
    assertEquals(10.0, ti.getIntervalDuration());
    assertEquals(5.0, ti.getCreationPeriod());
    assertEquals(15.0, ti.getDiscardAge());
    assertEquals(2.0, ti.getIntervalOffset());
    assertEquals("value", ti.getEventTimeAttribute());

    List<TimeIntervalWindowEvent<Reading>> events = new ArrayList<>();
    w.registerListener(e -> events.add((TimeIntervalWindowEvent<Reading>) e), false);
    w.insert(Reading.of("A", 3)); // panes [-3,7) and [2,12)
    watermark(w, 7);
    TimeIntervalWindowEvent<Reading> trigger = events.get(events.size() - 1);
    assertEquals("TRIGGER", trigger.getType().name());
    assertEquals(new Timestamp(-3, 0), trigger.getPane().getStart());
    assertEquals(new Timestamp(7, 0), trigger.getPane().getEnd());
    assertEquals(7.0, trigger.getPane().getEndSeconds());
    assertEquals(0, trigger.getPaneIndex());
    assertEquals(PaneTiming.PANE_ON_COMPLETE, trigger.getPaneTiming());
  }

  // ------------------------------------------------------------------ checkpoint and reset

  private static byte[] checkpoint(EngineWindow<Reading> w) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    w.checkpoint(new DataOutputStream(bytes), Reading.CODEC);
    return bytes.toByteArray();
  }

  private static void reset(EngineWindow<Reading> w, byte[] saved) throws IOException {
    w.reset(new DataInputStream(new ByteArrayInputStream(saved)), Reading.CODEC);
  }

  @Test
  void aRestoredWindowCarriesOnBetweenTheOnCompleteAndALateTrigger() throws Exception {
    WindowSpec spec = spec(TimeIntervalSpec.of(10).withCreationPeriod(5).withDiscardAge(10));
    TimeIntervalWindow<Reading> w = window(spec);
    w.insert(Reading.of("A", 7));
    watermark(w, 10);
    w.insert(Reading.of("B", 8));
    w.insert(Reading.of("Z", -20)); // panes [-25,-15) and [-20,-10) have closed
    assertEquals(
        List.of(
            "INSERTION 0 [0,10) 0 ON_COMPLETE [A]",
            "INSERTION 0 [5,15) 0 ON_COMPLETE [A]",
            "INITIAL_FULL 0 [0,10) 0 ON_COMPLETE [A]",
            "TRIGGER 0 [0,10) 0 ON_COMPLETE [A]",
            "INSERTION 0 [0,10) 1 LATE [B]",
            "INSERTION 0 [5,15) 0 ON_COMPLETE [B]"),
        trace.take());
    byte[] saved = checkpoint(w);

    PaneTrace restoredTrace = new PaneTrace();
    TimeIntervalWindow<Reading> restored = window(spec, restoredTrace);
    reset(restored, saved);
    assertEquals(List.of(), restoredTrace.take(), "a reset delivers no events");
    assertEquals(nanos(10), restored.watermark());
    assertEquals(1, restored.droppedCount());
    assertEquals(
        w.nextDeadline(TimeDomain.EVENT_TIME), restored.nextDeadline(TimeDomain.EVENT_TIME));
    assertEquals(w.openPanes(), restored.openPanes());

    List<String> expected =
        List.of(
            "TRIGGER 0 [0,10) 1 LATE [A,B]",
            "EVICTION 0 [0,10) 2 LATE [A,B]",
            "INITIAL_FULL 0 [5,15) 0 ON_COMPLETE [A,B]",
            "TRIGGER 0 [5,15) 0 ON_COMPLETE [A,B]");
    watermark(w, 20);
    watermark(restored, 20);
    assertEquals(expected, trace.take());
    assertEquals(expected, restoredTrace.take());
    assertArrayEquals(checkpoint(w), checkpoint(restored), "the same state writes the same bytes");
  }

  @Test
  void aRestoredPartitionedWindowKeepsPartitionOrderAndPendingTriggers() throws Exception {
    WindowSpec spec = spec(TimeIntervalSpec.of(10).withDiscardAge(10)).partitioned();
    TimeIntervalWindow<Reading> w = window(spec);
    w.insert(Reading.of("b1", "b", 1));
    w.insert(Reading.of("a1", "a", 2));
    watermark(w, 10);
    w.insert(Reading.of("a2", "a", 3));
    w.insert(Reading.of("c1", "c", 4));
    trace.take();
    TimeIntervalWindow<Reading> restored = window(spec);
    reset(restored, checkpoint(w));
    assertEquals(List.of(), trace.take());
    assertEquals(List.of("b", "a", "c"), new ArrayList<>(restored.getPartitions()));
    watermark(restored, 20);
    assertEquals(
        List.of(
            "TRIGGER a [0,10) 1 LATE [a1,a2]",
            "TRIGGER c [0,10) 1 LATE [c1]",
            "EVICTION b [0,10) 2 LATE [b1]",
            "EVICTION a [0,10) 2 LATE [a1,a2]",
            "EVICTION c [0,10) 2 LATE [c1]"),
        trace.take());
  }

  @Test
  void aVersionTwoCheckpointCountedTriggersPerPartitionAndThePaneGoesOnFromTheLargest()
      throws Exception {
    WindowSpec spec = spec(TimeIntervalSpec.of(10).withDiscardAge(10)).partitioned();
    // Version 2 wrote each pane partition's own trigger count: here a has had two triggers of pane
    // 0 and b one, and both hold a late tuple not triggered yet.
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(0x53575449);
    out.writeByte(2);
    out.writeUTF(spec.toString());
    out.writeUTF(spec.eventTime());
    out.writeBoolean(false); // finished
    out.writeLong(TimeUnit.SECONDS.toNanos(11)); // watermark
    out.writeLong(0); // dropped
    out.writeLong(2); // partition sequence
    out.writeInt(1); // panes
    out.writeLong(0); // pane index
    out.writeByte(PaneState.COMPLETE.ordinal());
    out.writeInt(2); // partitions
    long[] triggers = {2, 1};
    String[] keys = {"a", "b"};
    for (int i = 0; i < 2; i++) {
      PartitionKeyCodec.write(out, keys[i]);
      out.writeLong(i); // sequence
      out.writeLong(triggers[i]);
      out.writeBoolean(true); // updated
      out.writeInt(1);
      out.writeBoolean(false); // inline
      VarLong.write(out, TimeUnit.SECONDS.toNanos(i + 1));
      out.writeBoolean(true);
      Reading.CODEC.write(out, Reading.of(keys[i] + "1", keys[i], i + 1));
    }
    TimeIntervalWindow<Reading> restored = window(spec);
    reset(restored, bytes.toByteArray());
    watermark(restored, 12);
    assertEquals(
        List.of("TRIGGER a [0,10) 2 LATE [a1]", "TRIGGER b [0,10) 2 LATE [b1]"), trace.take());
  }

  @Test
  void aCheckpointOfAnotherDeclarationIsRefused() throws Exception {
    TimeIntervalWindow<Reading> w = window(spec(TimeIntervalSpec.of(10)));
    w.insert(Reading.of("A", 1));
    byte[] saved = checkpoint(w);
    TimeIntervalWindow<Reading> other = window(spec(TimeIntervalSpec.of(5)));
    IOException e = assertThrows(IOException.class, () -> reset(other, saved));
    assertTrue(e.getMessage().contains("intervalDuration(10.0)"), e.getMessage());
    Window<Reading> tumbling =
        new Window<>(
            WindowSpec.tumbling(PolicySpec.count(2)),
            null,
            null,
            ManualClock.create(),
            Reading.DELTAS);
    assertThrows(IOException.class, () -> reset(w, checkpoint(tumbling)));
  }

  @Test
  void resetToInitialStateForgetsEverythingWithoutEvents() throws Exception {
    TimeIntervalWindow<Reading> w = window(spec(TimeIntervalSpec.of(10)));
    w.insert(Reading.of("A", 1));
    watermark(w, 20);
    w.insert(Reading.of("B", 1));
    trace.take();
    w.resetToInitialState();
    assertEquals(List.of(), trace.take());
    assertEquals(List.of(), w.openPanes());
    assertEquals(0, w.droppedCount());
    assertEquals(Long.MIN_VALUE, w.watermark());
    w.insert(Reading.of("C", 1)); // on time again
    assertEquals(List.of("INSERTION 0 [0,10) 0 ON_COMPLETE [C]"), trace.take());
  }

  // ------------------------------------------------------------------ declaration errors

  @Test
  void aWindowNeedsItsEventTimeAttributeAndItMustResolve() {
    WindowSpec noEventTime = WindowSpec.timeInterval(TimeIntervalSpec.of(10));
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> EngineWindow.create(noEventTime, null, null, ManualClock.create(), ATTRIBUTES));
    assertTrue(missing.getMessage().contains("withEventTime"), missing.getMessage());
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                EngineWindow.create(
                    noEventTime.withEventTime("ts"), null, null, ManualClock.create(), ATTRIBUTES));
    assertTrue(unknown.getMessage().contains("ts"), unknown.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            EngineWindow.create(
                noEventTime.withEventTime("value"),
                null,
                null,
                ManualClock.create(),
                Reading.DELTAS),
        "a resolver that knows no event time refuses it");
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Window<>(
                noEventTime.withEventTime("value"), null, null, ManualClock.create(), ATTRIBUTES));
  }

  @Test
  void aPartitionedWindowNeedsAPartitioner() throws Exception {
    EngineWindow<Reading> w =
        EngineWindow.create(
            spec(TimeIntervalSpec.of(10)).partitioned(),
            null,
            null,
            ManualClock.create(),
            ATTRIBUTES);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> w.insert(Reading.of("A", 1)));
    assertTrue(e.getMessage().contains("registerPartitioner"), e.getMessage());
    EngineWindow<Reading> plain =
        EngineWindow.create(
            spec(TimeIntervalSpec.of(10)), null, null, ManualClock.create(), ATTRIBUTES);
    assertThrows(IllegalStateException.class, () -> plain.registerPartitioner(Reading::key));
  }
}
