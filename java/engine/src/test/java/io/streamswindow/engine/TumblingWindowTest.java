package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.operator.StreamingData.Punctuation;
import java.util.List;
import org.junit.jupiter.api.Test;

class TumblingWindowTest extends WindowTestBase {

  @Test
  void countTumblesOnTheNthInsertion() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(4)));
    for (String id : List.of("A", "B", "C")) {
      w.insert(Reading.of(id));
    }
    assertEquals(List.of("INSERTION 0 [A]", "INSERTION 0 [B]", "INSERTION 0 [C]"), trace.take());
    w.insert(Reading.of("D"));
    assertEquals(List.of("INSERTION 0 [D]", "EVICTION 0 [A,B,C,D]"), trace.take());
    w.insert(Reading.of("E"));
    assertEquals(List.of("INSERTION 0 [E]"), trace.take());
  }

  @Test
  void deltaComparesOnlyTheOldestAndEvictsBeforeInserting() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.delta("value", 1.5)));
    w.insert(Reading.of("A", 16.0));
    w.insert(Reading.of("B", 16.4));
    w.insert(Reading.of("C", 17.1));
    trace.take();
    w.insert(Reading.of("D", 17.6));
    assertEquals(List.of("EVICTION 0 [A,B,C]", "INSERTION 0 [D]"), trace.take());
  }

  @Test
  void deltaDoesNotTumbleWhenTheOldestIsWithinRange() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.delta("value", 1.5)));
    w.insert(Reading.of("A", 16.4));
    w.insert(Reading.of("B", 16.0));
    w.insert(Reading.of("C", 17.1));
    w.insert(Reading.of("D", 17.6));
    assertEquals(4, trace.take().size());
  }

  @Test
  void timeTumblesEveryPeriodAlsoWhenEmpty() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.time(5.0)));
    clock.advance(1);
    w.insert(Reading.of("A"));
    clock.advance(4);
    assertEquals(List.of("INSERTION 0 [A]", "EVICTION 0 [A]"), trace.take());
    clock.advance(10);
    assertEquals(List.of("EVICTION 0 []", "EVICTION 0 []"), trace.take());
  }

  @Test
  void punctTumblesOnWindowMarkerOnly() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.punct()));
    w.insert(Reading.of("A"));
    w.punctuate(Punctuation.WINDOW_MARKER);
    w.punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(List.of("INSERTION 0 [A]", "EVICTION 0 [A]", "EVICTION 0 []"), trace.take());
  }

  @Test
  void windowMarkerDoesNothingForOtherPolicies() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(2)));
    w.insert(Reading.of("A"));
    w.punctuate(Punctuation.WINDOW_MARKER);
    assertEquals(List.of("INSERTION 0 [A]"), trace.take());
  }

  @Test
  void finalDeliversContentsWithoutEviction() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(3)));
    w.insert(Reading.of("A"));
    w.punctuate(Punctuation.FINAL_MARKER);
    assertEquals(List.of("INSERTION 0 [A]", "FINAL 0 [A]"), trace.take());
  }

  @Test
  void partitionsTumbleIndependently() throws Exception {
    // docs/semantics.md, Worked examples: partitioned tumbling count(3).
    // A345 holds one tuple, B823 two.
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(3)).partitioned());
    w.insert(Reading.of("a1", "A345", 0));
    w.insert(Reading.of("b1", "B823", 0));
    w.insert(Reading.of("b2", "B823", 0));
    trace.take();
    w.insert(Reading.of("b3", "B823", 0));
    assertEquals(List.of("INSERTION B823 [b3]", "EVICTION B823 [b1,b2,b3]"), trace.take());
    w.insert(Reading.of("a2", "A345", 0));
    assertEquals(List.of("INSERTION A345 [a2]"), trace.take());
  }
}
