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

  /** This store with every id prefixed by {@code prefix}: how one store serves several windows. */
  default TupleChunkStore scoped(String prefix) {
    TupleChunkStore inner = this;
    return new TupleChunkStore() {
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
    return new TupleChunkStore() {
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
