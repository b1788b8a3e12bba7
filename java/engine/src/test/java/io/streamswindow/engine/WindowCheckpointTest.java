package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowCheckpointTest extends WindowTestBase {

  static byte[] checkpoint(Window<Reading> w) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    w.checkpoint(new DataOutputStream(bytes), Reading.CODEC);
    return bytes.toByteArray();
  }

  static void reset(Window<Reading> w, byte[] data) throws IOException {
    w.reset(new DataInputStream(new ByteArrayInputStream(data)), Reading.CODEC);
  }

  @Test
  void restoredSlidingTuplesThatExpiredLeaveInOneEviction() throws Exception {
    // docs/semantics.md, Worked examples: checkpoint of a sliding time window.
    Window<Reading> w = window(WindowSpec.sliding(PolicySpec.time(5.0), PolicySpec.count(1000)));
    for (int i = 0; i < 20; i++) {
      w.insert(Reading.of("T" + i));
      clock.advance(0.01);
    }
    clock.advance(0.8);
    byte[] saved = checkpoint(w);
    trace.take();
    reset(w, saved); // no events
    clock.advance(10); // the operator was down; processing resumes
    List<String> events = trace.take();
    assertEquals(1, events.size(), events.toString());
    assertTrue(events.get(0).startsWith("EVICTION 0 [T0,T1,"));
    assertTrue(events.get(0).endsWith("T19]"));
  }

  @Test
  void overdueTumbleHappensOnceAtResumeAndKeepsItsGrid() throws Exception {
    // docs/semantics.md, Worked examples: checkpoint of a tumbling time window.
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.time(30.0)));
    clock.advance(10);
    w.insert(Reading.of("A"));
    byte[] saved = checkpoint(w);
    w.insert(Reading.of("B"));
    trace.take();
    reset(w, saved);
    assertEquals(List.of(), trace.take());
    clock.advance(45); // 55 s after the start: the 30 s tumble is overdue
    assertEquals(List.of("EVICTION 0 [A]"), trace.take());
    clock.advance(5); // 60 s: the grid continues
    assertEquals(List.of("EVICTION 0 []"), trace.take());
  }

  @Test
  void policyProgressSurvivesACheckpoint() throws Exception {
    Window<Reading> w =
        window(WindowSpec.sliding(PolicySpec.count(3), PolicySpec.count(2)).partitioned());
    w.insert(Reading.of("a1", "a", 0));
    w.insert(Reading.of("b1", "b", 0));
    byte[] saved = checkpoint(w);
    w.insert(Reading.of("a2", "a", 0));
    trace.take();
    reset(w, saved);
    w.insert(Reading.of("a3", "a", 0));
    assertEquals(List.of("INSERTION a [a3]", "TRIGGER a [a1,a3]"), trace.take());
    assertEquals(List.of("a", "b"), List.copyOf(w.getPartitions()));
  }

  @Test
  void resetToInitialStateDropsPartitionsWithoutEvents() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(2)).partitioned());
    w.insert(Reading.of("a1", "a", 0));
    trace.take();
    w.resetToInitialState();
    assertEquals(List.of(), List.copyOf(w.getPartitions()));
    w.insert(Reading.of("a2", "a", 0));
    assertEquals(List.of("INSERTION a [a2]"), trace.take());
  }

  @Test
  void aCheckpointOfAnotherWindowIsRefused() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(2)));
    byte[] saved = checkpoint(w);
    Window<Reading> other =
        new Window<>(WindowSpec.tumbling(PolicySpec.count(3)), null, null, clock, Reading.DELTAS);
    IOException e = assertThrows(IOException.class, () -> reset(other, saved));
    assertTrue(e.getMessage().contains("count(2)"), e.getMessage());
  }

  @Test
  void checkpointIsCompact() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(1000)));
    for (int i = 0; i < 100; i++) {
      w.insert(Reading.of("T" + i));
    }
    int bytes = checkpoint(w).length;
    // Per tuple: 8 bytes of time offset, 1 presence flag, and the codec's own ~16 bytes.
    assertTrue(bytes < 100 * 32, "checkpoint of 100 tuples took " + bytes + " bytes");
  }
}
