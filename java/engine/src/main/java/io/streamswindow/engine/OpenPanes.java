package io.streamswindow.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The open panes of a timeInterval window, in index (so start) order: an array kept sorted, with
 * the live panes in {@code [head, tail)}.
 *
 * <p>Why not a sorted map: panes are created mostly in increasing index order (a tuple's panes
 * follow the previous tuple's, event time growing) and leave in increasing order (they complete and
 * close by index), so a new pane is appended and a closed one taken from the front, and a lookup is
 * a binary search over primitive indexes. A pane created out of order (a late tuple's earlier pane)
 * is inserted in place. A sorted map rebalanced a tree and boxed an index for every lookup, a third
 * of a batch's time (docs/performance.md).
 *
 * @param <T> the tuple type
 */
final class OpenPanes<T> {
  @SuppressWarnings("unchecked")
  private Pane<T>[] panes = new Pane[16];

  private int head;
  private int tail;

  int size() {
    return tail - head;
  }

  boolean isEmpty() {
    return head == tail;
  }

  /** The pane of {@code index}, or null when it is not open. */
  Pane<T> get(long index) {
    int at = search(index);
    return at >= 0 ? panes[at] : null;
  }

  /** Adds a pane whose index is not open yet, keeping index order. */
  void add(Pane<T> pane) {
    if (tail == panes.length) {
      compact();
    }
    if (head == tail || panes[tail - 1].index < pane.index) {
      panes[tail++] = pane; // the common case: after every open pane
      return;
    }
    int at = -search(pane.index) - 1;
    System.arraycopy(panes, at, panes, at + 1, tail - at);
    panes[at] = pane;
    tail++;
  }

  /** Removes an open pane: the first one, as a rule (panes close in index order). */
  void remove(Pane<T> pane) {
    if (head < tail && panes[head] == pane) {
      panes[head++] = null;
      return;
    }
    int at = search(pane.index);
    if (at < 0) {
      return;
    }
    System.arraycopy(panes, at + 1, panes, at, tail - at - 1);
    panes[--tail] = null;
  }

  /** The pane of the smallest index, or null. */
  Pane<T> first() {
    return head < tail ? panes[head] : null;
  }

  /** The open pane of the smallest index above {@code index}, or null. */
  Pane<T> firstAfter(long index) {
    int at = search(index);
    int next = at >= 0 ? at + 1 : -at - 1;
    return next < tail ? panes[next] : null;
  }

  /** The open panes of index at most {@code last}, in index order (a copy). */
  List<Pane<T>> upTo(long last) {
    return copy(head, end(last));
  }

  /**
   * The open panes of index above {@code after} and at most {@code last}, in index order (a copy).
   */
  List<Pane<T>> between(long after, long last) {
    return copy(end(after), end(last));
  }

  /** Every open pane, in index order (a copy, safe against changes while it is walked). */
  List<Pane<T>> all() {
    return copy(head, tail);
  }

  void clear() {
    Arrays.fill(panes, head, tail, null);
    head = 0;
    tail = 0;
  }

  /** The position after the last pane of index at most {@code last}. */
  private int end(long last) {
    int at = search(last);
    return at >= 0 ? at + 1 : -at - 1;
  }

  private List<Pane<T>> copy(int from, int to) {
    List<Pane<T>> copy = new ArrayList<>(Math.max(0, to - from));
    for (int i = from; i < to; i++) {
      copy.add(panes[i]);
    }
    return copy;
  }

  /** Binary search in {@code [head, tail)}: the position, or {@code -(insertion point) - 1}. */
  private int search(long index) {
    int low = head;
    int high = tail - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      long at = panes[mid].index;
      if (at < index) {
        low = mid + 1;
      } else if (at > index) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -(low + 1);
  }

  /** Moves the live panes to the front, growing the array when they fill half of it. */
  private void compact() {
    int size = tail - head;
    Pane<T>[] target = size * 2 >= panes.length ? Arrays.copyOf(panes, panes.length * 2) : panes;
    System.arraycopy(panes, head, target, 0, size);
    if (target == panes) {
      Arrays.fill(panes, size, tail, null);
    } else {
      Arrays.fill(target, size, tail, null);
    }
    panes = target;
    head = 0;
    tail = size;
  }
}
