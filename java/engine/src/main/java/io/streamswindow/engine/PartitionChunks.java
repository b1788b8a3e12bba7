package io.streamswindow.engine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tuples of one large partition as saved in a {@link TupleChunkStore}: entry number {@code s}
 * of the partition lives in chunk {@code s / n}, n being the store's {@link
 * TupleChunkStore#entriesPerChunk()} when the partition went into chunks, and this object remembers
 * n and what the last checkpoint saved of each chunk (how many entries, how many of them without a
 * tuple). A store of another n rewrites the partition's chunks at its next checkpoint.
 *
 * <p>A checkpoint rewrites only the chunks that changed since: entries are only appended (with new
 * numbers) or removed, and a listener can only empty a tuple slot, so a chunk's content changed
 * exactly when new entries were numbered into it or its two counts differ. Chunks left empty are
 * removed. For a window that appends and evicts in arrival order (count, time, tumbling) that is
 * the tail chunk, the head chunk when part of it left, and the chunks evicted whole: a checkpoint
 * writes what arrived plus at most two chunks, not what the partition holds. The checkpoint itself
 * lists the chunks with their counts, so a reset reads exactly those chunks and checks them.
 */
final class PartitionChunks {
  /**
   * Entries per chunk in checkpoints that did not record it (window formats before chunk sizes).
   */
  static final int UNRECORDED_ENTRIES_PER_CHUNK = TupleChunkStore.DEFAULT_ENTRIES_PER_CHUNK;

  /** Entries per chunk: a tail rewrite costs at most this many tuples (docs/architecture.md). */
  private final int entriesPerChunk;

  /** Chunk index to {entries, entries without a tuple}, as saved. */
  private final TreeMap<Long, int[]> saved;

  /** The partition's next entry number when it was saved: chunks at or past it got new entries. */
  private long savedNextSequence;

  private PartitionChunks(int entriesPerChunk, TreeMap<Long, int[]> saved, long savedNextSequence) {
    this.entriesPerChunk = entriesPerChunk;
    this.saved = saved;
    this.savedNextSequence = savedNextSequence;
  }

  /** The id of one chunk of the partition with creation number {@code partition}. */
  static String id(long partition, long chunk) {
    return partition + "." + chunk;
  }

  /**
   * Brings the store up to date with {@code p}'s entries and writes the chunk list to {@code out}:
   * the entries per chunk, the next entry number, then each chunk's index and counts.
   */
  static <T> void save(
      NumberedEntries<T> p,
      DataOutput out,
      TupleCodec<T> codec,
      boolean deltaValues,
      TupleChunkStore store)
      throws IOException {
    int size = store.entriesPerChunk();
    PartitionChunks before = p.savedChunks;
    if (before != null && before.entriesPerChunk != size) {
      // Saved in chunks of another size (a query that changed how often it saves): every chunk
      // is written again in this size, and the others go.
      before.removeAll(p.sequence, store);
      before = null;
    }
    TreeMap<Long, int[]> now = countByChunk(p.entries, size);
    if (before != null) {
      for (Long chunk : before.saved.keySet()) {
        if (!now.containsKey(chunk)) {
          store.remove(id(p.sequence, chunk));
        }
      }
    }
    long firstNew = before == null ? Long.MIN_VALUE : before.savedNextSequence;
    boolean appended = before == null || p.nextEntrySequence > before.savedNextSequence;
    TreeMap<Long, int[]> dirty = new TreeMap<>();
    for (Map.Entry<Long, int[]> chunk : now.entrySet()) {
      long index = chunk.getKey();
      int[] old = before == null ? null : before.saved.get(index);
      boolean gotNewEntries = appended && (index + 1) * size > firstNew;
      if (old == null
          || gotNewEntries
          || old[0] != chunk.getValue()[0]
          || old[1] != chunk.getValue()[1]) {
        dirty.put(index, chunk.getValue());
      }
    }
    writeChunks(p, dirty, size, codec, deltaValues, store);
    p.savedChunks = new PartitionChunks(size, now, p.nextEntrySequence);
    out.writeInt(size);
    out.writeLong(p.nextEntrySequence);
    out.writeInt(now.size());
    for (Map.Entry<Long, int[]> chunk : now.entrySet()) {
      out.writeLong(chunk.getKey());
      out.writeInt(chunk.getValue()[0]);
      out.writeInt(chunk.getValue()[1]);
    }
  }

  /** Removes every chunk the last checkpoint saved of the partition numbered {@code partition}. */
  void removeAll(long partition, TupleChunkStore store) throws IOException {
    for (Long chunk : saved.keySet()) {
      store.remove(id(partition, chunk));
    }
  }

  /**
   * Reads the chunk list {@link #save} wrote and appends the chunks' entries to {@code p}, in
   * order, checking each chunk against its counts and the whole against the size the checkpoint
   * gave ({@code size}, of the partition {@code where} names).
   *
   * @param sizeRecorded whether the list starts with its entries per chunk (window formats since
   *     chunk sizes were recorded); else they are {@value #UNRECORDED_ENTRIES_PER_CHUNK}
   * @throws IOException when no store is given, or a chunk is missing or does not match the
   *     checkpoint
   */
  static <T> void load(
      NumberedEntries<T> p,
      DataInput in,
      TupleCodec<T> codec,
      boolean deltaValues,
      TupleChunkStore store,
      int size,
      String where,
      boolean sizeRecorded)
      throws IOException {
    if (store == null) {
      throw new IOException("The checkpoint keeps tuples in chunks, and no chunk store was given");
    }
    int entriesPerChunk = sizeRecorded ? in.readInt() : UNRECORDED_ENTRIES_PER_CHUNK;
    if (entriesPerChunk < 1) {
      throw new IOException(
          "Window state is corrupt: " + where + " has " + entriesPerChunk + " entries per chunk");
    }
    long nextSequence = in.readLong();
    int chunks = in.readInt();
    TreeMap<Long, int[]> saved = new TreeMap<>();
    for (int i = 0; i < chunks; i++) {
      long index = in.readLong();
      int[] counts = {in.readInt(), in.readInt()};
      saved.put(index, counts);
      String id = id(p.sequence, index);
      byte[] bytes = store.read(id);
      if (bytes == null) {
        throw new IOException(
            "Window state is incomplete: chunk "
                + id
                + " of partition "
                + p.key
                + " is missing from the state store");
      }
      readChunk(p, index, counts, bytes, entriesPerChunk, codec, deltaValues);
    }
    p.nextEntrySequence = nextSequence;
    p.savedChunks = new PartitionChunks(entriesPerChunk, saved, nextSequence);
    if (p.size() != size) {
      throw new IOException(
          "Window state is corrupt: " + where + " holds " + p.size() + " tuples, not " + size);
    }
  }

  private static <T> TreeMap<Long, int[]> countByChunk(
      ArrayDeque<Entry<T>> entries, int entriesPerChunk) {
    TreeMap<Long, int[]> counts = new TreeMap<>();
    long current = Long.MIN_VALUE;
    int[] count = null;
    for (Entry<T> e : entries) {
      long chunk = e.sequence / entriesPerChunk;
      if (chunk != current) {
        current = chunk;
        count = new int[2];
        counts.put(chunk, count);
      }
      count[0]++;
      if (e.tuple == null) {
        count[1]++;
      }
    }
    return counts;
  }

  /** Encodes and writes the chunks in {@code dirty}, in one pass over the entries. */
  private static <T> void writeChunks(
      NumberedEntries<T> p,
      TreeMap<Long, int[]> dirty,
      int entriesPerChunk,
      TupleCodec<T> codec,
      boolean deltaValues,
      TupleChunkStore store)
      throws IOException {
    if (dirty.isEmpty()) {
      return;
    }
    // The dirty chunks are mostly the last ones: walk from the end and stop before the first.
    long first = dirty.firstKey();
    ArrayDeque<Entry<T>> chunk = new ArrayDeque<>();
    long current = Long.MIN_VALUE;
    for (Iterator<Entry<T>> it = p.entries.descendingIterator(); it.hasNext(); ) {
      Entry<T> e = it.next();
      long index = e.sequence / entriesPerChunk;
      if (index < first) {
        break;
      }
      if (index != current) {
        flush(p, current, chunk, dirty, codec, deltaValues, store);
        current = index;
      }
      if (dirty.containsKey(index)) {
        chunk.addFirst(e);
      }
    }
    flush(p, current, chunk, dirty, codec, deltaValues, store);
  }

  private static <T> void flush(
      NumberedEntries<T> p,
      long index,
      ArrayDeque<Entry<T>> chunk,
      TreeMap<Long, int[]> dirty,
      TupleCodec<T> codec,
      boolean deltaValues,
      TupleChunkStore store)
      throws IOException {
    if (chunk.isEmpty() || !dirty.containsKey(index)) {
      chunk.clear();
      return;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    // The first entry's number and time in full: a chunk read under another id never passes.
    long previousSequence = 0;
    long previousTime = 0;
    for (Entry<T> e : chunk) {
      VarLong.write(out, e.sequence - previousSequence);
      previousSequence = e.sequence;
      VarLong.write(out, e.insertedAt - previousTime);
      previousTime = e.insertedAt;
      if (deltaValues) {
        out.writeDouble(e.deltaValue);
      }
      out.writeBoolean(e.tuple != null);
      if (e.tuple != null) {
        codec.write(out, e.tuple);
      }
    }
    out.flush();
    store.write(id(p.sequence, index), bytes.toByteArray());
    chunk.clear();
  }

  private static <T> void readChunk(
      NumberedEntries<T> p,
      long index,
      int[] counts,
      byte[] bytes,
      int entriesPerChunk,
      TupleCodec<T> codec,
      boolean deltaValues)
      throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    long sequence = 0;
    long time = 0;
    int nulls = 0;
    boolean misplaced = false;
    for (int i = 0; i < counts[0]; i++) {
      sequence += VarLong.read(in);
      misplaced |= sequence / entriesPerChunk != index;
      time += VarLong.read(in);
      double value = deltaValues ? in.readDouble() : 0;
      T tuple = in.readBoolean() ? codec.read(in) : null;
      if (tuple == null) {
        nulls++;
      }
      Entry<T> e = new Entry<>(tuple, time, value);
      e.sequence = sequence;
      p.entries.addLast(e);
    }
    if (misplaced || nulls != counts[1] || in.available() != 0) {
      throw new IOException(
          "Window state is corrupt: chunk "
              + id(p.sequence, index)
              + " of partition "
              + p.key
              + " does not match its checkpoint");
    }
  }
}
