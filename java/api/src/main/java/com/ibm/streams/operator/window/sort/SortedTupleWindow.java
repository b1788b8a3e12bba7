package com.ibm.streams.operator.window.sort;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A window listener that keeps each partition's tuples sorted. Each inserted tuple is placed by
 * binary search after every tuple that compares equal to it, so equal tuples stay in arrival
 * order. For a sliding window, evicted tuples are removed from the sorted list; for a tumbling
 * window, the list is emptied after each eviction. Subclasses read the sorted tuples with {@code
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

  /** Attribute types that have a natural order and are sorted on when no attribute is named. */
  private static final Set<MetaType> SORTABLE_TYPES =
      EnumSet.of(
          MetaType.BOOLEAN,
          MetaType.INT8,
          MetaType.INT16,
          MetaType.INT32,
          MetaType.INT64,
          MetaType.UINT8,
          MetaType.UINT16,
          MetaType.UINT32,
          MetaType.UINT64,
          MetaType.FLOAT32,
          MetaType.FLOAT64,
          MetaType.DECIMAL32,
          MetaType.DECIMAL64,
          MetaType.DECIMAL128,
          MetaType.TIMESTAMP,
          MetaType.RSTRING,
          MetaType.USTRING,
          MetaType.BSTRING);

  private final Comparator<Tuple> comparator;

  /**
   * Creates a listener sorting on attributes of the window's tuples.
   *
   * @param window the window
   * @param ascending true for ascending order, false for descending
   * @param attributeNames the attributes to sort on, most significant first; none means every
   *     attribute of a sortable type (numbers, strings, booleans, timestamps), lower index first
   * @throws IllegalArgumentException when an attribute is unknown or cannot be sorted on
   */
  protected SortedTupleWindow(
      StreamWindow<Tuple> window, boolean ascending, String... attributeNames) {
    this(window, ascending, Arrays.asList(attributeNames));
  }

  /**
   * Creates a listener sorting on attributes of the window's tuples.
   *
   * @param window the window
   * @param ascending true for ascending order, false for descending
   * @param attributeNames the attributes to sort on, most significant first; an empty list means
   *     every attribute of a sortable type (numbers, strings, booleans, timestamps), lower index
   *     first
   * @throws IllegalArgumentException when an attribute is unknown or cannot be sorted on
   */
  protected SortedTupleWindow(
      StreamWindow<Tuple> window, boolean ascending, List<String> attributeNames) {
    this(window, attributesComparator(window, ascending, attributeNames));
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
          sorted.add(insertionPoint(sorted, tuple), tuple);
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

  /** Returns the index after every element that compares less than or equal to {@code tuple}. */
  private int insertionPoint(List<Tuple> sorted, Tuple tuple) {
    int low = 0;
    int high = sorted.size();
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (comparator.compare(sorted.get(middle), tuple) <= 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  /** Removes {@code tuple} itself (not merely an equal tuple) from the run of equal elements. */
  private void remove(List<Tuple> sorted, Tuple tuple) {
    for (int i = insertionPoint(sorted, tuple) - 1; i >= 0; i--) {
      Tuple candidate = sorted.get(i);
      if (candidate == tuple) {
        sorted.remove(i);
        return;
      }
      if (comparator.compare(candidate, tuple) != 0) {
        break;
      }
    }
    // Not found where the order says it should be (the comparator is inconsistent): search all.
    for (int i = 0; i < sorted.size(); i++) {
      if (sorted.get(i) == tuple) {
        sorted.remove(i);
        return;
      }
    }
  }

  private static Comparator<Tuple> attributesComparator(
      StreamWindow<Tuple> window, boolean ascending, List<String> attributeNames) {
    StreamSchema schema = window.getInputPort().getStreamSchema();
    List<String> names = new ArrayList<>(attributeNames);
    if (names.isEmpty()) {
      for (Attribute attribute : schema) {
        if (SORTABLE_TYPES.contains(attribute.getType().getMetaType())) {
          names.add(attribute.getName());
        }
      }
      if (names.isEmpty()) {
        throw new IllegalArgumentException(
            "No attribute to sort on: none of the attributes of "
                + schema.getLanguageType()
                + " is a number, string, boolean or timestamp");
      }
    }
    return schema.getAttributesComparator(ascending, names.toArray(new String[0]));
  }
}
