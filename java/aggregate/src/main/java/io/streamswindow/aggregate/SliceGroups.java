package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code groupBy} groups of some slices of a pane's partition, each a {@link SliceGroup}: one
 * slice's (attached to the slice, with how many of its tuples are folded in) or a combination of
 * slices'. Groups are listed in the order their oldest tuple arrived, as the recomputing path lists
 * a firing's groups.
 */
final class SliceGroups {
  private static final Comparator<SliceGroup> BY_FIRST_ARRIVAL =
      Comparator.comparingLong(group -> group.firstArrival);

  /** Without groupBy: the one group, or null; with: null. */
  private SliceGroup single;

  private Map<Object, SliceGroup> byKey;

  /** How many of its slice's tuples a slice's groups hold. */
  int folded;

  /** Folds a tuple that arrived after every tuple held in. */
  void add(Tuple tuple, long arrival, AggregatePlan plan) {
    ValueReader[] groupBy = plan.groupBy();
    SliceFunction[] functions = plan.sliceFunctions();
    if (groupBy.length == 0) {
      if (single == null) {
        single = SliceGroup.of(null, tuple, arrival, functions);
      } else {
        single.add(tuple, arrival, functions);
      }
      return;
    }
    if (byKey == null) {
      byKey = new LinkedHashMap<>();
    }
    Object key = Firing.key(tuple, groupBy);
    SliceGroup group = byKey.get(key);
    if (group == null) {
      byKey.put(key, SliceGroup.of(key, tuple, arrival, functions));
    } else {
      group.add(tuple, arrival, functions);
    }
  }

  /** The groups of the tuples of both, a new object; either may be null (no tuples). */
  static SliceGroups combine(SliceGroups a, SliceGroups b, SliceFunction[] functions) {
    if (a == null || a.isEmpty()) {
      return b;
    }
    if (b == null || b.isEmpty()) {
      return a;
    }
    SliceGroups out = new SliceGroups();
    if (a.single != null || b.single != null) {
      out.single =
          a.single == null
              ? b.single
              : b.single == null ? a.single : SliceGroup.combine(a.single, b.single, functions);
      return out;
    }
    out.byKey = new LinkedHashMap<>(a.byKey);
    for (SliceGroup group : b.byKey.values()) {
      out.byKey.merge(group.key, group, (x, y) -> SliceGroup.combine(x, y, functions));
    }
    return out;
  }

  boolean isEmpty() {
    return single == null && (byKey == null || byKey.isEmpty());
  }

  /** The groups in the order their oldest tuple arrived. */
  List<SliceGroup> inArrivalOrder() {
    if (single != null) {
      return List.of(single);
    }
    if (byKey == null) {
      return List.of();
    }
    List<SliceGroup> groups = new ArrayList<>(byKey.values());
    groups.sort(BY_FIRST_ARRIVAL);
    return groups;
  }
}
