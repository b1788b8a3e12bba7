package io.streamswindow.engine;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The tuples an event of a sliced timeInterval window shows for one pane's partition: a read-only
 * view over the partition's tuples in arrival order, those whose event time lies in the pane. A
 * view, not a copy, so an event costs nothing unless its listener iterates; {@code
 * Iterator.remove()} is not supported (docs/architecture.md, "Stream slicing").
 *
 * @param <T> the tuple type
 */
final class SlicedPaneTuples<T> implements Iterable<T> {
  private final KeySlices<T> partition;
  private final long start;
  private final long end;

  SlicedPaneTuples(KeySlices<T> partition, long start, long end) {
    this.partition = partition;
    this.start = start;
    this.end = end;
  }

  @Override
  public Iterator<T> iterator() {
    Iterator<Entry<T>> it = partition.entries.iterator();
    return new Iterator<>() {
      private T next = advance();

      private T advance() {
        while (it.hasNext()) {
          Entry<T> e = it.next();
          if (e.tuple != null && e.insertedAt >= start && e.insertedAt < end) {
            return e.tuple;
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
        T out = next;
        next = advance();
        return out;
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
