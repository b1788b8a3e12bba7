package io.streamswindow.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The tuples of one partition of a sliced timeInterval window whose event times fall in one slice
 * of the time line, in arrival order (docs/architecture.md, "Stream slicing"). Slice j covers
 * {@code [O + j·g, O + (j+1)·g)}, g being the window's slice width: every pane is a run of whole
 * slices, so a pane's tuples are its slices' tuples.
 *
 * <p>A slice only grows until the last pane holding it closes, when it leaves whole. Each tuple
 * carries its arrival number in the partition ({@link #arrival}), which orders tuples across slices
 * as they arrived. A reader may hang its own cache on the slice ({@link #attach}); the cache leaves
 * with the slice and is never checkpointed.
 *
 * <pre>{@code
 * for (TupleSlice<Tuple> slice : window.keySlices(key).between(from, to)) {
 *   for (int i = 0; i < slice.size(); i++) {
 *     fold(slice.tuple(i), slice.arrival(i));
 *   }
 * }
 * }</pre>
 *
 * @param <T> the tuple type
 */
public final class TupleSlice<T> {
  private final long index;
  private final List<Entry<T>> entries = new ArrayList<>(4);
  private Object attachment;

  TupleSlice(long index) {
    this.index = index;
  }

  /** The slice's index j. */
  public long index() {
    return index;
  }

  /** The number of tuples in the slice. */
  public int size() {
    return entries.size();
  }

  /** The i-th tuple to arrive in the slice. */
  public T tuple(int i) {
    return entries.get(i).tuple;
  }

  /** The i-th tuple's arrival number in its partition: tuples arrived in this order. */
  public long arrival(int i) {
    return entries.get(i).sequence;
  }

  /** The i-th tuple's event time, in nanoseconds. */
  public long eventTime(int i) {
    return entries.get(i).insertedAt;
  }

  /** What a reader attached to this slice, or null. */
  public Object attachment() {
    return attachment;
  }

  /** Attaches a reader's cache to this slice; it leaves with the slice. */
  public void attach(Object value) {
    this.attachment = value;
  }

  void add(Entry<T> entry) {
    entries.add(entry);
  }

  /** Empties every tuple slot: the slice leaves its partition's entries. */
  void discard() {
    for (Entry<T> e : entries) {
      e.tuple = null;
    }
    entries.clear();
    attachment = null;
  }
}
