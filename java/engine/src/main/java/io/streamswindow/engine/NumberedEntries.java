package io.streamswindow.engine;

import java.io.IOException;
import java.util.ArrayDeque;

/**
 * The tuples of one partition in arrival order, oldest first, each entry numbered as it is
 * appended: what a window partition and a pane's partition share, and what {@link PartitionChunks}
 * saves in chunks (the number names the chunk an entry lives in).
 *
 * <p>Entries are appended at the end and leave from the front; a listener can empty a tuple slot
 * but never move an entry. That is what lets a checkpoint find the chunks that changed.
 *
 * @param <T> the tuple type
 */
abstract class NumberedEntries<T> {
  final Object key;

  /**
   * The partition's creation number in its window: it breaks ties between timers due at the same
   * instant and names the partition's chunks in a store.
   */
  final long sequence;

  ArrayDeque<Entry<T>> entries = new ArrayDeque<>();

  /** The number of the next entry appended: every entry ever appended counts. */
  long nextEntrySequence;

  /** What the last checkpoint saved of these tuples in chunks; null if none. */
  PartitionChunks savedChunks;

  NumberedEntries(Object key, long sequence) {
    this.key = key;
    this.sequence = sequence;
  }

  /** Appends a newly arrived entry at the end, numbering it. */
  final void append(Entry<T> entry) {
    entry.sequence = nextEntrySequence++;
    entries.addLast(entry);
  }

  final int size() {
    return entries.size();
  }

  final boolean isEmpty() {
    return entries.isEmpty();
  }

  /** Removes the chunks the last checkpoint saved of these tuples, and forgets them. */
  final void removeSavedChunks(TupleChunkStore store) throws IOException {
    if (savedChunks != null) {
      savedChunks.removeAll(sequence, store);
      savedChunks = null;
    }
  }
}
