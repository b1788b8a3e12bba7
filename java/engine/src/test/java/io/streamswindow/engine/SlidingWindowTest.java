package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.operator.StreamingData.Punctuation;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlidingWindowTest extends WindowTestBase {

  @Test
  void countEvictsTheOldestOnceFullAndSignalsInitialFullOnce() throws Exception {
    Window<Reading> w = window(WindowSpec.sliding(PolicySpec.count(3), PolicySpec.count(1)));
    w.insert(Reading.of("A"));
    w.insert(Reading.of("B"));
    assertEquals(
        List.of("INSERTION 0 [A]", "TRIGGER 0 [A]", "INSERTION 0 [B]", "TRIGGER 0 [A,B]"),
        trace.take());
    w.insert(Reading.of("C"));
    assertEquals(
        List.of("INSERTION 0 [C]", "INITIAL_FULL 0 [A,B,C]", "TRIGGER 0 [A,B,C]"), trace.take());
    w.insert(Reading.of("D"));
    assertEquals(List.of("EVICTION 0 [A]", "INSERTION 0 [D]", "TRIGGER 0 [B,C,D]"), trace.take());
  }

  @Test
  void countTriggerFiresEveryMthInsertion() throws Exception {
    Window<Reading> w = window(WindowSpec.sliding(PolicySpec.count(10), PolicySpec.count(2)));
    w.insert(Reading.of("A"));
    w.insert(Reading.of("B"));
    w.insert(Reading.of("C"));
    w.insert(Reading.of("D"));
    assertEquals(
        List.of(
            "INSERTION 0 [A]",
            "INSERTION 0 [B]",
            "TRIGGER 0 [A,B]",
            "INSERTION 0 [C]",
            "INSERTION 0 [D]",
            "TRIGGER 0 [A,B,C,D]"),
        trace.take());
  }

  @Test
  void timeEvictionWorkedExample() throws Exception {
    Window<Reading> w = window(WindowSpec.sliding(PolicySpec.time(5.0), PolicySpec.count(100)));
    assertEquals(List.of("INITIAL_FULL 0 []"), trace.take());
    w.insert(Reading.of("A")); // t
    clock.advance(1);
    w.insert(Reading.of("B")); // t+1
    clock.advance(2.5);
    w.insert(Reading.of("C")); // t+3.5
    clock.advance(0.5); // t+4: all three still in
    assertEquals(List.of("INSERTION 0 [A]", "INSERTION 0 [B]", "INSERTION 0 [C]"), trace.take());
    clock.advance(2); // t+6: A has been in 6 s
    assertEquals(List.of("EVICTION 0 [A]"), trace.take());
    w.insert(Reading.of("D"));
    clock.advance(1); // t+7: B has been in 6 s
    assertEquals(List.of("INSERTION 0 [D]", "EVICTION 0 [B]"), trace.take());
  }

  @Test
  void aTupleExactlyTOldIsStillShownByATrigger() throws Exception {
    Window<Reading> w = window(WindowSpec.sliding(PolicySpec.time(2.0), PolicySpec.time(2.0)));
    trace.take();
    w.insert(Reading.of("A"));
    clock.advance(2.0);
    assertEquals(List.of("INSERTION 0 [A]", "TRIGGER 0 [A]"), trace.take());
    clock.advance(2.0);
    assertEquals(List.of("EVICTION 0 [A]", "TRIGGER 0 []"), trace.take());
  }

  @Test
  void deltaEvictionRemovesEveryTupleOutOfRangeEvenWhenNotOldest() throws Exception {
    // docs/semantics.md, Worked examples: sliding delta out of order.
    Window<Reading> w =
        window(WindowSpec.sliding(PolicySpec.delta("value", 1.5), PolicySpec.count(100)));
    w.insert(Reading.of("A", 16.4));
    w.insert(Reading.of("B", 16.0));
    w.insert(Reading.of("C", 17.1));
    trace.take();
    w.insert(Reading.of("D", 17.6));
    assertEquals(
        List.of("INITIAL_FULL 0 [A,B,C]", "EVICTION 0 [B]", "INSERTION 0 [D]"), trace.take());
    w.insert(Reading.of("E", 14.0));
    assertEquals(List.of("INSERTION 0 [E]"), trace.take());
  }

  @Test
  void deltaEvictionInIbmRuntimeModeEvictsFromTheFrontOnly() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.sliding(PolicySpec.delta("value", 1.5), PolicySpec.count(100))
                .withDeltaEvictionMode(DeltaEvictionMode.OLDEST_FIRST));
    w.insert(Reading.of("A", 16.4));
    w.insert(Reading.of("B", 16.0));
    w.insert(Reading.of("C", 17.1));
    trace.take();
    w.insert(Reading.of("D", 17.6));
    assertEquals(List.of("INSERTION 0 [D]"), trace.take());
  }

  @Test
  void deltaTriggerShowsTheWindowBeforeTheTriggeringTuple() throws Exception {
    Window<Reading> w =
        window(WindowSpec.sliding(PolicySpec.count(2), PolicySpec.delta("value", 1.0)));
    w.insert(Reading.of("A", 1.0)); // boundary 2.0
    w.insert(Reading.of("B", 2.0)); // not above
    trace.take();
    w.insert(Reading.of("C", 2.5)); // above: TRIGGER [A,B], then eviction of A
    assertEquals(List.of("TRIGGER 0 [A,B]", "EVICTION 0 [A]", "INSERTION 0 [C]"), trace.take());
  }

  @Test
  void finalDeliversPendingEvictionsFirst() throws Exception {
    Window<Reading> w = window(WindowSpec.sliding(PolicySpec.time(1.0), PolicySpec.count(100)));
    trace.take();
    w.insert(Reading.of("A"));
    clock.setNanos(clock.nanos() + 2_000_000_000L);
    trace.take();
    w.insert(Reading.of("B"));
    w.punctuate(Punctuation.FINAL_MARKER);
    assertEquals(List.of("INSERTION 0 [B]", "FINAL 0 [B]"), trace.take());
  }

  @Test
  void removedTuplesStillCountButTheirSilentEvictionIsNotDelivered() throws Exception {
    Window<Reading> w = window(WindowSpec.sliding(PolicySpec.count(2), PolicySpec.count(1)));
    w.registerListener(
        e -> {
          trace.handleEvent(e);
          if (e.getType() == com.ibm.streams.operator.window.StreamWindowEvent.Type.INSERTION) {
            var it = e.getTuples().iterator();
            it.next();
            it.remove();
          }
        },
        false);
    w.insert(Reading.of("A"));
    w.insert(Reading.of("B"));
    w.insert(Reading.of("C"));
    assertEquals(
        List.of(
            "INSERTION 0 [A]",
            "TRIGGER 0 []",
            "INSERTION 0 [B]",
            "INITIAL_FULL 0 []",
            "TRIGGER 0 []",
            "INSERTION 0 [C]",
            "TRIGGER 0 []"),
        trace.take());
  }

  @Test
  void removedByListenersCountsEachIteratorRemoveAndNothingElse() throws Exception {
    Window<Reading> w = window(WindowSpec.sliding(PolicySpec.count(2), PolicySpec.count(1)));
    w.registerListener(
        e -> {
          if (e.getType() == com.ibm.streams.operator.window.StreamWindowEvent.Type.TRIGGER) {
            for (var it = e.getTuples().iterator(); it.hasNext(); ) {
              if (it.next().id().equals("B")) {
                it.remove();
              }
            }
          }
        },
        false);
    w.insert(Reading.of("A"));
    w.insert(Reading.of("C"));
    w.insert(Reading.of("D")); // A leaves by eviction: not a removal
    assertEquals(0, w.removedByListeners());
    w.insert(Reading.of("B")); // removed at its trigger
    w.insert(Reading.of("E"));
    assertEquals(1, w.removedByListeners());
  }

  @Test
  void deltaEvictionSignalsInitialFullOnlyBeforeTheFirstEviction() throws Exception {
    Window<Reading> w =
        window(WindowSpec.sliding(PolicySpec.delta("value", 1.0), PolicySpec.count(100)));
    w.insert(Reading.of("A", 1.0));
    w.insert(Reading.of("B", 2.5));
    w.insert(Reading.of("C", 4.0));
    assertEquals(
        List.of(
            "INSERTION 0 [A]",
            "INITIAL_FULL 0 [A]",
            "EVICTION 0 [A]",
            "INSERTION 0 [B]",
            "EVICTION 0 [B]",
            "INSERTION 0 [C]"),
        trace.take());
  }

  @Test
  void timeTriggerRunsFromTheWindowStartWithoutAnyTuple() throws Exception {
    window(WindowSpec.sliding(PolicySpec.count(5), PolicySpec.time(3.0)));
    clock.advance(7);
    assertEquals(List.of("TRIGGER 0 []", "TRIGGER 0 []"), trace.take());
  }
}
