package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Large partitions saved in chunks: same events after a reset, and writes that follow change. */
class PartitionChunksTest {
  private static final int CHUNK = TupleChunkStore.DEFAULT_ENTRIES_PER_CHUNK;

  /** A map store that counts what a checkpoint writes and removes. */
  static final class CountingStore implements TupleChunkStore {
    final Map<String, byte[]> chunks = new HashMap<>();
    final int entriesPerChunk;
    int writes;
    int removes;

    CountingStore() {
      this(CHUNK);
    }

    CountingStore(int entriesPerChunk) {
      this.entriesPerChunk = entriesPerChunk;
    }

    @Override
    public int entriesPerChunk() {
      return entriesPerChunk;
    }

    @Override
    public byte[] read(String id) {
      return chunks.get(id);
    }

    @Override
    public void write(String id, byte[] chunk) {
      writes++;
      chunks.put(id, chunk);
    }

    @Override
    public void remove(String id) {
      removes++;
      chunks.remove(id);
    }

    void resetCounts() {
      writes = 0;
      removes = 0;
    }
  }

  private final ManualClock clock = ManualClock.startingAt(1000.0);

  private Window<Reading> window(WindowSpec spec, StreamWindowListener<Reading> listener)
      throws Exception {
    Window<Reading> w = new Window<>(spec, null, null, clock, Reading.DELTAS);
    w.registerListener(listener, false);
    if (spec.isPartitioned()) {
      w.registerPartitioner(Reading::key);
    }
    w.start();
    return w;
  }

  private static byte[] checkpoint(Window<Reading> w, TupleChunkStore store) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    w.checkpoint(new DataOutputStream(bytes), Reading.CODEC, store);
    return bytes.toByteArray();
  }

  private static void reset(Window<Reading> w, byte[] saved, TupleChunkStore store)
      throws IOException {
    w.reset(new DataInputStream(new ByteArrayInputStream(saved)), Reading.CODEC, store);
  }

  private static void insert(Window<Reading> w, String key, int from, int to) throws Exception {
    for (int i = from; i < to; i++) {
      w.insert(Reading.of(key + i, key, i));
    }
  }

  @Test
  void aSlidingWindowRestoredFromChunksCarriesOnLikeOneNeverSaved() throws Exception {
    WindowSpec spec =
        WindowSpec.sliding(PolicySpec.count(3 * CHUNK + 7), PolicySpec.count(CHUNK)).partitioned();
    Trace savedTrace = new Trace();
    Trace plainTrace = new Trace();
    Window<Reading> saved = window(spec, savedTrace);
    Window<Reading> plain = window(spec, plainTrace);
    CountingStore store = new CountingStore();
    for (int round = 0; round < 6; round++) {
      int from = round * CHUNK * 2 / 3;
      int to = from + CHUNK * 2 / 3;
      insert(saved, "a", from, to);
      insert(plain, "a", from, to);
      insert(saved, "b", from, from + 10);
      insert(plain, "b", from, from + 10);
      // Save and restore into the same window: its state must come back whole from the store.
      reset(saved, checkpoint(saved, store), store);
    }
    assertEquals(plainTrace.take(), savedTrace.take());
    // Partition a, created first (number 0), is in chunks; b, under a chunk's worth, is inline.
    assertTrue(
        store.chunks.keySet().stream().allMatch(id -> id.startsWith("0.")),
        store.chunks.keySet().toString());
    assertEquals(4, store.chunks.size());
  }

  @Test
  void aStoreOfSmallChunksSavedAfterEveryTupleWritesAFewTuplesEachTimeAndReadsBackInAnySize()
      throws Exception {
    // A store saved after every tuple (real-time mode): 16 entries a chunk, so a window of 3,000
    // tuples per partition costs each save its tail chunk and the chunk its oldest tuple left.
    WindowSpec spec = WindowSpec.sliding(PolicySpec.count(3000), PolicySpec.count(1)).partitioned();
    Trace savedTrace = new Trace();
    Trace plainTrace = new Trace();
    Window<Reading> saved = window(spec, savedTrace);
    Window<Reading> plain = window(spec, plainTrace);
    CountingStore small = new CountingStore(16);
    insert(saved, "a", 0, 3100);
    insert(plain, "a", 0, 3100);
    checkpoint(saved, small);
    int most = 0;
    for (int i = 3100; i < 3200; i++) {
      insert(saved, "a", i, i + 1);
      insert(plain, "a", i, i + 1);
      small.resetCounts();
      byte[] bytes = checkpoint(saved, small);
      most = Math.max(most, small.writes);
      reset(saved, bytes, small);
    }
    assertTrue(most <= 2, "chunks written by one save: " + most);
    // The window holds entries 200 to 3199: chunks 12 to 199.
    assertEquals(3199 / 16 - 200 / 16 + 1, small.chunks.size(), small.chunks.keySet().toString());

    // The same state read by a store of the default size, whose next save writes it in its size.
    CountingStore large = new CountingStore();
    large.chunks.putAll(small.chunks);
    reset(saved, checkpoint(saved, small), large);
    insert(saved, "a", 3200, 3210);
    insert(plain, "a", 3200, 3210);
    reset(saved, checkpoint(saved, large), large);
    assertTrue(large.chunks.keySet().stream().noneMatch(id -> id.endsWith(".199")));
    // Entries 210 to 3209, in chunks of the default size, and none of the small ones left.
    assertEquals(3209 / CHUNK - 210 / CHUNK + 1, large.chunks.size(), large.chunks.toString());
    insert(saved, "a", 3210, 3220);
    insert(plain, "a", 3210, 3220);
    assertEquals(plainTrace.take(), savedTrace.take());
  }

  @Test
  void aCheckpointWritesTheChunksThatChangedNotTheWholePartition() throws Exception {
    // Every arrival triggers over 50 chunks of tuples: no trace of those, only of what follows.
    Window<Reading> w =
        window(WindowSpec.sliding(PolicySpec.count(50 * CHUNK), PolicySpec.count(1)), event -> {});
    CountingStore store = new CountingStore();
    insert(w, "k", 0, 60 * CHUNK); // full, then sliding: entries 10C..60C held
    checkpoint(w, store);
    assertEquals(50, store.writes);
    assertEquals(50, store.chunks.size());
    store.resetCounts();

    insert(w, "k", 60 * CHUNK, 60 * CHUNK + CHUNK / 2); // half a chunk arrives, half a chunk leaves
    checkpoint(w, store);
    assertEquals(
        2, store.writes, "the new tail chunk 60 and the head chunk 10, half of which left");
    assertEquals(0, store.removes);
    store.resetCounts();

    insert(w, "k", 60 * CHUNK + CHUNK / 2, 62 * CHUNK);
    byte[] saved = checkpoint(w, store);
    // Chunks 10 and 11 leave whole, 60 is completed and 61 is new; the head chunk 12 lost nothing.
    assertEquals(2, store.writes);
    assertEquals(2, store.removes);

    Trace after = new Trace();
    Window<Reading> restored =
        window(WindowSpec.sliding(PolicySpec.count(50 * CHUNK), PolicySpec.count(1)), after);
    reset(restored, saved, store);
    restored.insert(Reading.of("next", "k", 0));
    assertEquals(
        List.of("EVICTION 0 [k" + 12 * CHUNK + "]", "INSERTION 0 [next]"),
        after.take().subList(0, 2));
  }

  @Test
  void aTupleAListenerRemovesRewritesItsChunkAndStaysRemoved() throws Exception {
    WindowSpec spec = WindowSpec.tumbling(PolicySpec.count(10 * CHUNK));
    Trace trace = new Trace();
    Window<Reading> w = new Window<>(spec, null, null, clock, Reading.DELTAS);
    boolean[] removeNext = {false};
    w.registerListener(
        event -> {
          trace.handleEvent(event);
          if (removeNext[0] && event.getType() == StreamWindowEvent.Type.INSERTION) {
            Iterator<Reading> it = event.getTuples().iterator();
            it.next();
            it.remove();
          }
        },
        false);
    w.start();
    CountingStore store = new CountingStore();
    insert(w, "k", 0, 3 * CHUNK);
    checkpoint(w, store);
    store.resetCounts();
    removeNext[0] = true;
    w.insert(Reading.of("gone", "k", 0)); // its own tuple is removed by the listener
    removeNext[0] = false;
    byte[] saved = checkpoint(w, store);
    assertEquals(1, store.writes);

    Trace after = new Trace();
    Window<Reading> restored = window(spec, after);
    reset(restored, saved, store);
    insert(restored, "k", 3 * CHUNK + 1, 10 * CHUNK); // the tumble shows every tuple but "gone"
    List<String> events = after.take();
    String eviction = events.get(events.size() - 1);
    assertTrue(eviction.startsWith("EVICTION 0 [k0,k1,"), eviction);
    assertTrue(
        !eviction.contains("gone")
            && eviction.contains("k" + (3 * CHUNK - 1) + ",k" + (3 * CHUNK + 1)),
        eviction);
  }

  @Test
  void aTumbleOrAnEvictedPartitionRemovesItsChunks() throws Exception {
    Window<Reading> w =
        window(WindowSpec.tumbling(PolicySpec.count(3 * CHUNK)).partitioned(), new Trace());
    CountingStore store = new CountingStore();
    insert(w, "a", 0, 2 * CHUNK + 5);
    insert(w, "b", 0, 2 * CHUNK + 5);
    checkpoint(w, store);
    assertEquals(6, store.chunks.size());
    insert(w, "a", 2 * CHUNK + 5, 3 * CHUNK); // a tumbles: empty, inline again
    w.evictPartition("b");
    byte[] saved = checkpoint(w, store);
    assertEquals(Map.of(), store.chunks);

    Window<Reading> restored =
        window(WindowSpec.tumbling(PolicySpec.count(3 * CHUNK)).partitioned(), new Trace());
    reset(restored, saved, store);
    assertEquals(List.of("a"), List.copyOf(restored.getPartitions()));
  }

  @Test
  void aMissingOrAlteredChunkFailsTheResetNamingIt() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(3 * CHUNK)), new Trace());
    CountingStore store = new CountingStore();
    insert(w, "k", 0, 2 * CHUNK);
    byte[] saved = checkpoint(w, store);
    Window<Reading> restored =
        window(WindowSpec.tumbling(PolicySpec.count(3 * CHUNK)), new Trace());

    store.chunks.put("0.1", store.chunks.get("0.0"));
    IOException altered = assertThrows(IOException.class, () -> reset(restored, saved, store));
    assertEquals(
        "Window state is corrupt: chunk 0.1 of partition 0 does not match its checkpoint",
        altered.getMessage());

    store.chunks.remove("0.1");
    IOException missing = assertThrows(IOException.class, () -> reset(restored, saved, store));
    assertEquals(
        "Window state is incomplete: chunk 0.1 of partition 0 is missing from the state store",
        missing.getMessage());

    IOException noStore = assertThrows(IOException.class, () -> reset(restored, saved, null));
    assertEquals(
        "The checkpoint keeps tuples in chunks, and no chunk store was given",
        noStore.getMessage());
  }
}
