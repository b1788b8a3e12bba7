package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.window.StreamWindowEvent;
import io.streamswindow.engine.PartitionChunksTest.CountingStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Large timeInterval panes saved in chunks: the same events after a reset, writes that follow what
 * arrived, and chunks that leave with their pane.
 */
class PaneChunksTest {
  private static final int CHUNK = TupleChunkStore.DEFAULT_ENTRIES_PER_CHUNK;

  /**
   * One pane [0, 1000000), complete at watermark 1000000 and closed at 2000000: every reading below
   * lands in it, in arrival order.
   */
  private static final WindowSpec ONE_LARGE_PANE =
      WindowSpec.timeInterval(TimeIntervalSpec.of(1_000_000).withDiscardAge(1_000_000))
          .withEventTime("value");

  private static TimeIntervalWindow<Reading> window(WindowSpec spec, PaneTrace trace) {
    EngineWindow<Reading> w =
        EngineWindow.create(
            spec, null, null, ManualClock.create(), TimeIntervalWindowTest.ATTRIBUTES);
    w.registerListener(trace, false);
    if (spec.isPartitioned()) {
      w.registerPartitioner(Reading::key);
    }
    return (TimeIntervalWindow<Reading>) w;
  }

  private static byte[] checkpoint(EngineWindow<Reading> w, TupleChunkStore store)
      throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    w.checkpoint(new DataOutputStream(bytes), Reading.CODEC, store);
    return bytes.toByteArray();
  }

  private static void reset(EngineWindow<Reading> w, byte[] saved, TupleChunkStore store)
      throws IOException {
    w.reset(new DataInputStream(new ByteArrayInputStream(saved)), Reading.CODEC, store);
  }

  private static void insert(EngineWindow<Reading> w, String key, int from, int to)
      throws Exception {
    for (int i = from; i < to; i++) {
      w.insert(Reading.of(key + i, key, i % 1000 + 0.5));
    }
  }

  private static void watermark(EngineWindow<Reading> w, double seconds) throws Exception {
    w.advanceTo(TimeDomain.EVENT_TIME, Clock.secondsToNanos(seconds));
  }

  @Test
  void panesRestoredFromChunksCarryOnLikeOnesNeverSaved() throws Exception {
    // Panes of 100 s every 50 s: each reading lands in two panes; a in chunks, b inline.
    WindowSpec spec =
        WindowSpec.timeInterval(TimeIntervalSpec.of(100).withCreationPeriod(50).withDiscardAge(50))
            .withEventTime("value")
            .partitioned();
    PaneTrace savedTrace = new PaneTrace();
    PaneTrace plainTrace = new PaneTrace();
    TimeIntervalWindow<Reading> saved = window(spec, savedTrace);
    TimeIntervalWindow<Reading> plain = window(spec, plainTrace);
    CountingStore store = new CountingStore();
    for (int round = 0; round < 8; round++) {
      for (EngineWindow<Reading> w : List.of(saved, plain)) {
        // 1,000 readings of a spread over 25 s per round, 10 of b; the watermark trails by 30 s.
        for (int i = 0; i < 1000; i++) {
          w.insert(Reading.of("a" + round + "." + i, "a", round * 25 + i * 0.025));
          if (i % 100 == 0) {
            w.insert(Reading.of("b" + round + "." + i, "b", round * 25 + i * 0.025));
          }
        }
        watermark(w, round * 25 - 30);
      }
      // Save and restore into the same window: its state must come back whole from the store.
      reset(saved, checkpoint(saved, store), store);
    }
    watermark(saved, 1000);
    watermark(plain, 1000);
    List<String> expected = plainTrace.take();
    assertTrue(expected.size() > 16_000, "the run delivers every insertion and trigger");
    assertEquals(expected, savedTrace.take());
    assertEquals(0, checkpointedChunks(saved, store), "closed panes leave no chunk behind");
  }

  private static int checkpointedChunks(EngineWindow<Reading> w, CountingStore store)
      throws IOException {
    checkpoint(w, store);
    return store.chunks.size();
  }

  @Test
  void aCheckpointWritesWhatArrivedAndAClosedPaneRemovesItsChunks() throws Exception {
    TimeIntervalWindow<Reading> w = window(ONE_LARGE_PANE, new PaneTrace());
    CountingStore store = new CountingStore();
    insert(w, "k", 0, 10 * CHUNK);
    checkpoint(w, store);
    assertEquals(10, store.writes);
    store.resetCounts();

    insert(w, "k", 10 * CHUNK, 10 * CHUNK + CHUNK / 2);
    checkpoint(w, store);
    assertEquals(1, store.writes, "the new tail chunk only");
    store.resetCounts();

    checkpoint(w, store);
    assertEquals(0, store.writes, "nothing arrived, nothing written");

    insert(w, "k", 10 * CHUNK + CHUNK / 2, 12 * CHUNK + 1);
    byte[] saved = checkpoint(w, store);
    assertEquals(3, store.writes, "chunk 10 completed, 11 new, 12 begun");
    assertEquals(13, store.chunks.size());

    PaneTrace restoredTrace = new PaneTrace();
    TimeIntervalWindow<Reading> restored = window(ONE_LARGE_PANE, restoredTrace);
    reset(restored, saved, store);
    assertEquals(12L * CHUNK + 1, restored.tupleCount());
    store.resetCounts();
    watermark(restored, 2_000_000); // the pane completes and closes
    assertEquals(
        List.of("INITIAL_FULL", "TRIGGER", "EVICTION"),
        restoredTrace.take().stream().map(line -> line.split(" ")[0]).toList());
    checkpoint(restored, store);
    assertEquals(13, store.removes);
    assertTrue(store.chunks.isEmpty(), store.chunks.keySet().toString());
  }

  @Test
  void aTupleAListenerRemovesRewritesItsChunkAndStaysRemoved() throws Exception {
    PaneTrace trace = new PaneTrace();
    TimeIntervalWindow<Reading> w = window(ONE_LARGE_PANE, trace);
    w.registerListener(
        event -> {
          if (event.getType() == StreamWindowEvent.Type.TRIGGER) {
            for (Iterator<Reading> it = event.getTuples().iterator(); it.hasNext(); ) {
              if (it.next().id().equals("k5")) {
                it.remove();
              }
            }
          }
          trace.handleEvent(event);
        },
        false);
    CountingStore store = new CountingStore();
    insert(w, "k", 0, 3 * CHUNK);
    checkpoint(w, store);
    store.resetCounts();
    watermark(w, 1_000_000); // complete, not closed: the trigger's listener removes k5
    trace.take();
    byte[] saved = checkpoint(w, store);
    assertEquals(1, store.writes, "chunk 0, where k5 was");

    PaneTrace restoredTrace = new PaneTrace();
    TimeIntervalWindow<Reading> restored = window(ONE_LARGE_PANE, restoredTrace);
    reset(restored, saved, store);
    restored.insert(Reading.of("late", "k", 1.0));
    watermark(restored, 1_000_001);
    List<String> lines = restoredTrace.take();
    String trigger = lines.stream().filter(l -> l.startsWith("TRIGGER")).findFirst().orElseThrow();
    assertTrue(trigger.contains("[k0,k1,k2,k3,k4,k6,"), trigger.substring(0, 60));
    assertTrue(trigger.endsWith(",late]"));
  }

  @Test
  void aMissingOrAlteredChunkIsRefusedNamingIt() throws Exception {
    TimeIntervalWindow<Reading> w = window(ONE_LARGE_PANE, new PaneTrace());
    CountingStore store = new CountingStore();
    insert(w, "k", 0, 2 * CHUNK + 3);
    byte[] saved = checkpoint(w, store);

    byte[] second = store.chunks.get("0.1");
    store.chunks.remove("0.1");
    IOException missing =
        assertThrows(
            IOException.class, () -> reset(window(ONE_LARGE_PANE, new PaneTrace()), saved, store));
    assertTrue(missing.getMessage().contains("chunk 0.1"), missing.getMessage());
    assertTrue(missing.getMessage().contains("missing"), missing.getMessage());

    store.chunks.put("0.1", store.chunks.get("0.0"));
    IOException corrupt =
        assertThrows(
            IOException.class, () -> reset(window(ONE_LARGE_PANE, new PaneTrace()), saved, store));
    assertTrue(corrupt.getMessage().contains("chunk 0.1"), corrupt.getMessage());
    assertTrue(corrupt.getMessage().contains("does not match"), corrupt.getMessage());

    store.chunks.put("0.1", second);
    TimeIntervalWindow<Reading> restored = window(ONE_LARGE_PANE, new PaneTrace());
    reset(restored, saved, store);
    assertEquals(2L * CHUNK + 3, restored.tupleCount());
  }

  @Test
  void aVersionOneCheckpointWithEveryTupleInlineStillReads() throws Exception {
    // Written as the previous version did: no partition numbers, no chunk flag.
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(0x53575449);
    out.writeByte(1);
    out.writeUTF(ONE_LARGE_PANE.toString());
    out.writeUTF("value");
    out.writeBoolean(false); // finished
    out.writeLong(Long.MIN_VALUE); // watermark
    out.writeLong(0); // dropped
    out.writeInt(1); // panes
    out.writeLong(0); // pane index
    out.writeByte(PaneState.INCOMPLETE.ordinal());
    out.writeInt(1); // partitions
    PartitionKeyCodec.write(out, Window.SOLE_PARTITION);
    out.writeLong(0); // triggers
    out.writeBoolean(true); // updated
    out.writeInt(2);
    for (String id : List.of("x", "y")) {
      VarLong.write(out, Clock.secondsToNanos(3));
      out.writeBoolean(true);
      Reading.CODEC.write(out, Reading.of(id, 3));
    }
    out.flush();

    PaneTrace trace = new PaneTrace();
    TimeIntervalWindow<Reading> w = window(ONE_LARGE_PANE, trace);
    reset(w, bytes.toByteArray(), new CountingStore());
    w.insert(Reading.of("z", 4));
    watermark(w, 2_000_000);
    assertEquals(
        List.of(
            "INSERTION 0 [0,1000000) 0 ON_COMPLETE [z]",
            "INITIAL_FULL 0 [0,1000000) 0 ON_COMPLETE [x,y,z]",
            "TRIGGER 0 [0,1000000) 0 ON_COMPLETE [x,y,z]",
            "EVICTION 0 [0,1000000) 1 LATE [x,y,z]"),
        trace.take());
  }
}
