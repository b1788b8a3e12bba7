package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CountDistinct, CountByDistinct and CollectDistinct over a sliding window's group: a counted
 * multiset of the attribute's values, each with the arrival numbers of its occurrences, so that the
 * values can be listed in the order they first appear in the window, as the recomputing fold lists
 * them.
 *
 * <p>An arrival or departure is O(1); a result is O(d log d) for d distinct values (CountDistinct:
 * O(1)), against the fold's O(n).
 */
final class DistinctAccumulator extends InvertibleAccumulator {
  /** What the accumulator gives. */
  enum Result {
    /** CountDistinct(x): the number of distinct values. */
    COUNT,
    /** CountByDistinct(x): the occurrences of each distinct value, in order of first appearance. */
    COUNT_BY,
    /** CollectDistinct(x): the distinct values, in order of first appearance. */
    COLLECT
  }

  private static final Comparator<Map.Entry<Object, Occurrences>> BY_FIRST_APPEARANCE =
      Comparator.comparingLong(entry -> entry.getValue().first());

  private final ValueReader reader;
  private final Result result;
  private final Map<Object, Occurrences> values = new HashMap<>();
  private long arrivals;

  DistinctAccumulator(ValueReader reader, Result result) {
    this.reader = reader;
    this.result = result;
  }

  @Override
  public void push(Tuple tuple) {
    values.computeIfAbsent(reader.read(tuple), value -> new Occurrences()).add(arrivals++);
  }

  @Override
  public void pop(Tuple tuple) {
    Object value = reader.read(tuple);
    Occurrences occurrences = values.get(value);
    if (occurrences.removeFirst()) {
      values.remove(value);
    }
  }

  @Override
  public Object result(int frontSlot, Group group) {
    if (result == Result.COUNT) {
      return values.size();
    }
    List<Map.Entry<Object, Occurrences>> ordered = new ArrayList<>(values.entrySet());
    ordered.sort(BY_FIRST_APPEARANCE);
    Object[] out = new Object[ordered.size()];
    for (int i = 0; i < out.length; i++) {
      Map.Entry<Object, Occurrences> entry = ordered.get(i);
      out[i] = result == Result.COLLECT ? entry.getKey() : (Object) entry.getValue().count();
    }
    return Collections.unmodifiableList(Arrays.asList(out));
  }

  /** The arrival numbers of one value's occurrences in the group, oldest first: a ring. */
  private static final class Occurrences {
    private long[] arrivals = new long[2];
    private int head;
    private int size;

    void add(long arrival) {
      if (size == arrivals.length) {
        long[] grown = new long[2 * size];
        for (int i = 0; i < size; i++) {
          grown[i] = arrivals[(head + i) % size];
        }
        arrivals = grown;
        head = 0;
      }
      arrivals[(head + size) % arrivals.length] = arrival;
      size++;
    }

    /** Forgets the oldest occurrence; true when none is left. */
    boolean removeFirst() {
      head = (head + 1) % arrivals.length;
      size--;
      return size == 0;
    }

    long first() {
      return arrivals[head];
    }

    int count() {
      return size;
    }
  }
}
