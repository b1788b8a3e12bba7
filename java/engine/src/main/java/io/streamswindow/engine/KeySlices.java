package io.streamswindow.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One partition's tuples in a sliced timeInterval window: every tuple once, in arrival order (the
 * entries a checkpoint saves, inline or in chunks, as a pane partition's), and the same tuples
 * indexed by the slice their event time falls in ({@link TupleSlice}), slices in index order
 * (docs/architecture.md, "Stream slicing").
 *
 * <p>Slices leave from the front as panes close (panes close in start order); a slice that leaves
 * empties its tuples' slots, and the emptied entries at the front of the arrival order go. A tuple
 * that arrived out of order keeps its emptied entry until the entries before it go: the partition
 * holds the disorder of its input, no more.
 *
 * <p>A reader keeps what it computed from the slices it read ({@link #attach}); {@link
 * #lateAppends()} tells it when a slice it has read got more tuples since.
 *
 * @param <T> the tuple type
 */
public final class KeySlices<T> extends NumberedEntries<T> {
  @SuppressWarnings("unchecked")
  private TupleSlice<T>[] slices = new TupleSlice[8];

  private int head;
  private int tail;

  /** The slice index a reader has read slices up to (excluded), {@link Long#MIN_VALUE} before. */
  private long readUpTo = Long.MIN_VALUE;

  private long lateAppends;
  private long held;
  private Object attachment;

  KeySlices(Object key, long sequence) {
    super(key, sequence);
  }

  /** The partition's key. */
  public Object key() {
    return key;
  }

  /**
   * The slices of index {@code from} (included) to {@code to} (excluded) that hold tuples, in index
   * order. Reading them marks them read: a tuple arriving in one later counts as a late append.
   */
  public List<TupleSlice<T>> between(long from, long to) {
    readUpTo = Math.max(readUpTo, to);
    int at = position(from);
    List<TupleSlice<T>> out = new ArrayList<>();
    for (int i = at; i < tail && slices[i].index() < to; i++) {
      out.add(slices[i]);
    }
    return out;
  }

  /**
   * How many tuples arrived in slices that had been read ({@link #between}) before they came: when
   * this moves, what a reader computed from the slices it read may be out of date.
   */
  public long lateAppends() {
    return lateAppends;
  }

  /** What a reader attached to this partition's slices, or null. */
  public Object attachment() {
    return attachment;
  }

  /** Attaches a reader's cache; it leaves with the partition. */
  public void attach(Object value) {
    this.attachment = value;
  }

  /** The tuples held, each once. */
  long held() {
    return held;
  }

  boolean holdsNothing() {
    return head == tail;
  }

  /** The slice of index {@code j}, or null. */
  TupleSlice<T> slice(long j) {
    if (head < tail && slices[tail - 1].index() == j) {
      return slices[tail - 1]; // the common case: the newest slice
    }
    int at = search(j);
    return at >= 0 ? slices[at] : null;
  }

  /** Creates the slice of index {@code j}, which does not exist yet, in index order. */
  TupleSlice<T> create(long j) {
    TupleSlice<T> slice = new TupleSlice<>(j);
    if (tail == slices.length) {
      compact();
    }
    if (head == tail || slices[tail - 1].index() < j) {
      slices[tail++] = slice;
      return slice;
    }
    int at = -search(j) - 1;
    System.arraycopy(slices, at, slices, at + 1, tail - at);
    slices[at] = slice;
    tail++;
    return slice;
  }

  /** Appends a newly arrived tuple to its slice and to the arrival order. */
  void add(TupleSlice<T> slice, Entry<T> entry) {
    append(entry);
    slice.add(entry);
    held++;
    if (slice.index() < readUpTo) {
      lateAppends++;
    }
  }

  /**
   * Indexes restored entries (in arrival order, numbered) by slice: {@code sliceOf} an event time.
   */
  void indexSlices(java.util.function.LongUnaryOperator sliceOf) {
    for (Entry<T> e : entries) {
      if (e.tuple != null) {
        long j = sliceOf.applyAsLong(e.insertedAt);
        TupleSlice<T> slice = slice(j);
        (slice == null ? create(j) : slice).add(e);
        held++;
      }
    }
  }

  /** Discards the slices of index below {@code j}: the panes holding them have all closed. */
  void discardBefore(long j) {
    while (head < tail && slices[head].index() < j) {
      held -= slices[head].size();
      slices[head].discard();
      slices[head++] = null;
    }
    while (!entries.isEmpty() && entries.peekFirst().tuple == null) {
      entries.pollFirst();
    }
  }

  /** The slices in index order (a copy). */
  List<TupleSlice<T>> all() {
    return new ArrayList<>(Arrays.asList(slices).subList(head, tail));
  }

  private int position(long from) {
    int at = search(from);
    return at >= 0 ? at : -at - 1;
  }

  private int search(long j) {
    int low = head;
    int high = tail - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      long at = slices[mid].index();
      if (at < j) {
        low = mid + 1;
      } else if (at > j) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -(low + 1);
  }

  private void compact() {
    int size = tail - head;
    @SuppressWarnings("unchecked")
    TupleSlice<T>[] target =
        new TupleSlice[size * 2 >= slices.length ? slices.length * 2 : slices.length];
    System.arraycopy(slices, head, target, 0, size);
    slices = target;
    head = 0;
    tail = size;
  }
}
