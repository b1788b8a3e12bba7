package com.ibm.streams.operator.window.sort;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A window listener that keeps each partition's tuples sorted. Each inserted tuple goes in at the
 * index {@link Collections#binarySearch(List, Object, Comparator)} returns for it (for a tuple that
 * compares equal to one already there, the index of the equal tuple the search finds, so the new
 * tuple lands before it): equal tuples are not kept in arrival order, exactly as in IBM's runtime.
 * For a sliding window, evicted tuples are removed from the sorted list; for a tumbling window, the
 * list is emptied after each eviction. Subclasses read the sorted tuples with {@code
 * getPartitionState(partition)} and call {@code super.handleEvent(event)} to keep the lists up to
 * date.
 *
 * <pre>{@code
 * class TopThree extends SortedTupleWindow {
 *   TopThree(StreamWindow<Tuple> window) { super(window, false, "score"); }
 *
 *   public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
 *     super.handleEvent(event);
 *     if (event.getType() == StreamWindowEvent.Type.TRIGGER) {
 *       List<Tuple> best = getPartitionState(event.getPartition());
 *       report(best.subList(0, Math.min(3, best.size())));
 *     }
 *   }
 * }
 * }</pre>
 */
public abstract class SortedTupleWindow extends StatefulWindowListener<List<Tuple>, Tuple> {

  private final Comparator<Tuple> comparator;

  /**
   * Creates a listener sorting on attributes of the window's tuples.
   *
   * @param window the window
   * @param ascending true for ascending order, false for descending
   * @param attributeNames the attributes to sort on, most significant first; none means every
   *     attribute whose Java type is {@code Comparable}, lower index first, the others skipped (see
   *     {@link StreamSchema#getAttributesComparator})
   * @throws IllegalArgumentException when a named attribute is unknown or cannot be sorted on
   */
  protected SortedTupleWindow(
      StreamWindow<Tuple> window, boolean ascending, String... attributeNames) {
    this(window, attributesComparator(window, ascending, attributeNames));
  }

  /**
   * Creates a listener sorting on attributes of the window's tuples.
   *
   * @param window the window
   * @param ascending true for ascending order, false for descending
   * @param attributeNames the attributes to sort on, most significant first; an empty list means
   *     every attribute whose Java type is {@code Comparable}, lower index first, the others
   *     skipped (see {@link StreamSchema#getAttributesComparator})
   * @throws IllegalArgumentException when a named attribute is unknown or cannot be sorted on
   */
  protected SortedTupleWindow(
      StreamWindow<Tuple> window, boolean ascending, List<String> attributeNames) {
    this(window, attributesComparator(window, ascending, attributeNames.toArray(new String[0])));
  }

  /**
   * Creates a listener sorting with a comparator.
   *
   * @param window the window
   * @param comparator the order of the tuples
   */
  protected SortedTupleWindow(StreamWindow<Tuple> window, Comparator<Tuple> comparator) {
    super(window);
    this.comparator = Objects.requireNonNull(comparator, "comparator");
  }

  /**
   * Returns an empty list for a new partition, or {@code state} emptied after a tumble.
   *
   * @param partition the partition's key
   * @param state the previous list, or null
   * @return an empty list
   */
  @Override
  protected List<Tuple> getInitializedState(Object partition, List<Tuple> state) {
    if (state == null) {
      return new ArrayList<>();
    }
    state.clear();
    return state;
  }

  /**
   * Keeps the partition's sorted list up to date: inserted tuples are added in order and, for a
   * sliding window, evicted tuples are removed. Subclasses that override this call it first.
   *
   * @param event the event
   * @throws Exception from subclasses
   */
  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    switch (event.getType()) {
      case INSERTION:
        List<Tuple> sorted = getPartitionState(event.getPartition());
        for (Tuple tuple : event.getTuples()) {
          int found = Collections.binarySearch(sorted, tuple, comparator);
          sorted.add(found >= 0 ? found : -(found + 1), tuple);
        }
        break;
      case EVICTION:
        // A tumbling window's list is emptied by the bookkeeping after the event.
        if (getWindow().getType() == StreamWindow.Type.SLIDING) {
          List<Tuple> remaining = getPartitionState(event.getPartition());
          for (Tuple tuple : event.getTuples()) {
            remove(remaining, tuple);
          }
        }
        break;
      default:
        break;
    }
  }

  /**
   * Removes an evicted tuple from the sorted list: the tuple itself or, where the list holds a copy
   * of it (a list restored from a checkpoint holds copies of the window's tuples), an equal tuple.
   * It is looked for among the run of elements that compare equal to it around the one the binary
   * search finds, and in the whole list should the comparator be inconsistent.
   */
  private void remove(List<Tuple> sorted, Tuple tuple) {
    int found = Collections.binarySearch(sorted, tuple, comparator);
    int from = Math.max(found, 0);
    int to = found < 0 ? 0 : found + 1;
    while (from > 0 && comparator.compare(sorted.get(from - 1), tuple) == 0) {
      from--;
    }
    while (to > 0 && to < sorted.size() && comparator.compare(sorted.get(to), tuple) == 0) {
      to++;
    }
    int at = indexOf(sorted, tuple, from, to);
    if (at < 0) {
      at = indexOf(sorted, tuple, 0, sorted.size());
    }
    if (at >= 0) {
      sorted.remove(at);
    }
  }

  /** The index of {@code tuple} itself in {@code [from, to)}, else of an equal tuple, else -1. */
  private static int indexOf(List<Tuple> sorted, Tuple tuple, int from, int to) {
    int equal = -1;
    for (int i = from; i < to; i++) {
      Tuple candidate = sorted.get(i);
      if (candidate == tuple) {
        return i;
      }
      if (equal < 0 && candidate.equals(tuple)) {
        equal = i;
      }
    }
    return equal;
  }

  /** The schema's comparator: with no names, every attribute whose Java type is Comparable. */
  private static Comparator<Tuple> attributesComparator(
      StreamWindow<Tuple> window, boolean ascending, String[] attributeNames) {
    return window
        .getInputPort()
        .getStreamSchema()
        .getAttributesComparator(ascending, attributeNames);
  }
}
