package io.streamswindow.engine;

import java.util.Collection;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The tuples an event shows: a live view over entries, skipping those whose tuple a listener
 * removed. {@code Iterator.remove()} empties the entry's tuple slot (the entry still counts for the
 * policies, but later events do not show the tuple), as IBM's API describes.
 *
 * <p>A view, not a copy, so that a trigger over a large sliding window costs nothing unless the
 * listener iterates.
 *
 * @param <T> the tuple type
 */
final class EntryTuples<T> implements Iterable<T> {
  /** The entries shown, or null when the view shows {@link #single}. */
  private final Collection<Entry<T>> entries;

  /** The one entry of an insertion or single eviction: the hot path allocates no collection. */
  private final Entry<T> single;

  /** The window's count of removed tuples, which {@code Iterator.remove()} adds to. */
  private final ListenerRemovals removals;

  private EntryTuples(Collection<Entry<T>> entries, Entry<T> single, ListenerRemovals removals) {
    this.entries = entries;
    this.single = single;
    this.removals = removals;
  }

  static <T> EntryTuples<T> of(ListenerRemovals removals, Collection<Entry<T>> entries) {
    return new EntryTuples<>(entries, null, removals);
  }

  static <T> EntryTuples<T> of(ListenerRemovals removals, Entry<T> entry) {
    return new EntryTuples<>(null, entry, removals);
  }

  /** True when no entry shows a tuple. */
  boolean isEmpty() {
    if (entries == null) {
      return single.tuple == null;
    }
    for (Entry<T> e : entries) {
      if (e.tuple != null) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Iterator<T> iterator() {
    return new Iterator<>() {
      // The single entry of an insertion needs no collection to iterate: every INSERTION event
      // comes here once, so a singleton list and its iterator per tuple add up.
      private final Iterator<Entry<T>> it = entries != null ? entries.iterator() : null;
      private Entry<T> next = first();
      private Entry<T> last;

      private Entry<T> first() {
        return it != null ? advance() : single.tuple != null ? single : null;
      }

      private Entry<T> advance() {
        if (it == null) {
          return null;
        }
        while (it.hasNext()) {
          Entry<T> e = it.next();
          if (e.tuple != null) {
            return e;
          }
        }
        return null;
      }

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public T next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        last = next;
        next = advance();
        return last.tuple;
      }

      @Override
      public void remove() {
        if (last == null) {
          throw new IllegalStateException("remove() before next()");
        }
        last.tuple = null;
        last = null;
        removals.record();
      }
    };
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("[");
    for (T t : this) {
      if (b.length() > 1) {
        b.append(", ");
      }
      b.append(t);
    }
    return b.append(']').toString();
  }
}
