package io.streamswindow.engine;

import java.io.IOException;

/**
 * Where a window keeps the tuples of its large partitions, in chunks, beside its checkpoint: a
 * checkpoint then writes the chunks that changed since the previous one instead of every tuple, so
 * that saving a window costs what changed, not what it holds (docs/architecture.md, "State
 * layout"). The Spark adapter stores chunks as entries of a key's map state; tests use a map.
 *
 * <p>A store belongs to one window. Ids are short strings the window makes; a checkpoint and the
 * chunks written with it form one consistent state, so the store must be versioned with the
 * checkpoint (as Spark's state store is) when a failure can come between them.
 *
 * <p>Example, an in-memory store:
 *
 * <pre>{@code
 * Map<String, byte[]> chunks = new HashMap<>();
 * TupleChunkStore store = TupleChunkStore.of(chunks);
 * window.checkpoint(out, codec, store);   // small partitions inline, large ones in chunks
 * window.reset(in, codec, store);
 * }</pre>
 */
public interface TupleChunkStore {
  /**
   * The chunk saved under {@code id}.
   *
   * @return its bytes, or null when there is none
   */
  byte[] read(String id) throws IOException;

  /** Saves {@code chunk} under {@code id}, replacing what was there. */
  void write(String id, byte[] chunk) throws IOException;

  /** Removes the chunk saved under {@code id}, if any. */
  void remove(String id) throws IOException;

  /** The entries a window puts in a chunk by default: a checkpoint rewrites at most two chunks. */
  int DEFAULT_ENTRIES_PER_CHUNK = 1024;

  /**
   * How many entries a window puts in one chunk, and so how large a partition must be to go into
   * chunks: what a checkpoint rewrites of a partition that grows at one end and shrinks at the
   * other is at most two chunks, plus their list. A store saved into after every tuple (Spark's
   * real-time mode) takes small chunks; one saved after every micro-batch, large ones. The
   * checkpoint records the size it used, so a store of another size still reads it.
   *
   * @return the entries per chunk, 1 or more; {@value #DEFAULT_ENTRIES_PER_CHUNK} unless the store
   *     says otherwise
   */
  default int entriesPerChunk() {
    return DEFAULT_ENTRIES_PER_CHUNK;
  }

  /** This store with every id prefixed by {@code prefix}: how one store serves several windows. */
  default TupleChunkStore scoped(String prefix) {
    TupleChunkStore inner = this;
    return new TupleChunkStore() {
      @Override
      public int entriesPerChunk() {
        return inner.entriesPerChunk();
      }

      @Override
      public byte[] read(String id) throws IOException {
        return inner.read(prefix + id);
      }

      @Override
      public void write(String id, byte[] chunk) throws IOException {
        inner.write(prefix + id, chunk);
      }

      @Override
      public void remove(String id) throws IOException {
        inner.remove(prefix + id);
      }
    };
  }

  /** A store over a map the caller owns. */
  static TupleChunkStore of(java.util.Map<String, byte[]> chunks) {
    return of(chunks, DEFAULT_ENTRIES_PER_CHUNK);
  }

  /** A store over a map the caller owns, putting {@code entriesPerChunk} entries in a chunk. */
  static TupleChunkStore of(java.util.Map<String, byte[]> chunks, int entriesPerChunk) {
    if (entriesPerChunk < 1) {
      throw new IllegalArgumentException("entriesPerChunk is " + entriesPerChunk + ": 1 or more");
    }
    return new TupleChunkStore() {
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
        chunks.put(id, chunk);
      }

      @Override
      public void remove(String id) {
        chunks.remove(id);
      }
    };
  }
}
