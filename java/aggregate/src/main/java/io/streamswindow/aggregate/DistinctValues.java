package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The output functions about the distinct values of an attribute in a group: CountDistinct,
 * CollectDistinct and CountByDistinct.
 *
 * <p>Distinct values are listed in the order they first appear in the window, and CountByDistinct's
 * counts follow that same order, so that {@code CollectDistinct(x)} and {@code CountByDistinct(x)}
 * line up element by element (SPL pairs them the same way).
 */
final class DistinctValues {
  private DistinctValues() {}

  /** CountDistinct(x): the number of distinct values. */
  static GroupAggregator count(ValueReader reader) {
    return group -> counts(group, reader).size();
  }

  /** CollectDistinct(x): the distinct values, in order of first appearance. */
  static GroupAggregator collect(ValueReader reader) {
    return group -> Collections.unmodifiableList(new ArrayList<>(counts(group, reader).keySet()));
  }

  /** CountByDistinct(x): how often each distinct value occurs, in order of first appearance. */
  static GroupAggregator countBy(ValueReader reader) {
    return group -> {
      List<Integer> counts = new ArrayList<>();
      for (int[] count : counts(group, reader).values()) {
        counts.add(count[0]);
      }
      return Collections.unmodifiableList(counts);
    };
  }

  private static Map<Object, int[]> counts(Group group, ValueReader reader) {
    Map<Object, int[]> counts = new LinkedHashMap<>();
    for (Tuple tuple : group.tuples()) {
      counts.computeIfAbsent(reader.read(tuple), value -> new int[1])[0]++;
    }
    return counts;
  }
}
