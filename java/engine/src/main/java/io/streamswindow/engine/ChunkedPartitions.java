package io.streamswindow.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Which partitions of a window keep their tuples in chunks of a {@link TupleChunkStore}: those
 * holding more entries than the store puts in a chunk ({@link TupleChunkStore#entriesPerChunk()}).
 * It remembers the ones the last checkpoint (or restore) had in chunks, so that a partition gone
 * since (evicted, its pane closed, or discarded by a reset), or now small enough to be written
 * inline, leaves the store with its chunks (docs/architecture.md, "State layout").
 *
 * @param <P> the kind of partition
 */
final class ChunkedPartitions<P extends NumberedEntries<?>> {
  /** The partitions the last checkpoint saved in chunks, or the last restore read from chunks. */
  private List<P> saved = List.of();

  /**
   * Chooses the partitions a checkpoint about to be written with {@code store} keeps in chunks, and
   * removes from the store the chunks of every partition saved in chunks before and not now. First,
   * so that nothing the checkpoint writes is removed.
   *
   * @param partitions every partition the checkpoint writes
   * @param store the checkpoint's store; null when it writes every tuple inline
   * @return the partitions to save in chunks (compared by identity); empty without a store
   */
  Set<P> choose(Iterable<? extends P> partitions, TupleChunkStore store) throws IOException {
    Set<P> chunked = Collections.newSetFromMap(new IdentityHashMap<>());
    if (store == null) {
      return chunked;
    }
    int inline = store.entriesPerChunk();
    for (P p : partitions) {
      if (p.size() > inline) {
        chunked.add(p);
      }
    }
    for (P before : saved) {
      if (!chunked.contains(before)) {
        before.removeSavedChunks(store);
      }
    }
    saved = new ArrayList<>(chunked);
    return chunked;
  }

  /** A restore read {@code loaded} from chunks and discarded every partition before it. */
  void restored(List<P> loaded) {
    saved = loaded;
  }
}
