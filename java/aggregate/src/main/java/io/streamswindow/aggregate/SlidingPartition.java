package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One partition of a sliding window as {@link Aggregate} keeps it between firings: its {@code
 * groupBy} groups ({@link SlidingGroup}), each with its own accumulators, kept up to date by every
 * insertion and eviction, so that a trigger reads the aggregates instead of going over the window.
 *
 * <p>Groups are reported in the order their oldest tuple arrived, as the recomputing path orders
 * them (by first appearance in the window): a group whose oldest tuple left moves back. The order
 * is restored at a firing, by a sort of the groups that is linear when few moved; groups that
 * became empty are dropped then.
 */
final class SlidingPartition {
  private static final Comparator<SlidingGroup> BY_OLDEST_ARRIVAL =
      Comparator.comparingLong(SlidingGroup::oldestArrival);

  private final AggregatePlan plan;
  private final ValueReader[] groupBy;

  /** Without groupBy: the one group. */
  private final SlidingGroup only;

  /** With groupBy: the groups by key, and in order of their oldest tuple's arrival. */
  private final Map<Object, SlidingGroup> groups;

  private final List<SlidingGroup> order;
  private boolean reorder;

  private long arrivals;
  private int size;

  /**
   * With expression arguments: the tuple the groups hold for each window tuple held (the window's
   * tuple with its computed values, {@link AggregatePlan#extend}), so that an eviction finds the
   * one its group holds; null without.
   */
  private final Map<Tuple, Tuple> extendedOf;

  private SlidingPartition(AggregatePlan plan) {
    this.plan = plan;
    this.groupBy = plan.groupBy();
    if (groupBy.length == 0) {
      this.only = new SlidingGroup(plan.newAccumulators());
      this.groups = null;
      this.order = null;
    } else {
      this.only = null;
      this.groups = new HashMap<>();
      this.order = new ArrayList<>();
    }
    this.extendedOf = plan.readsTuplesAsTheyAre() ? null : new IdentityHashMap<>();
  }

  /**
   * The partition holding {@code tuples}, the window's tuples oldest first: O(n), done when the
   * partition fires first (and after a reset, or when the window stopped being first in, first
   * out).
   */
  static SlidingPartition of(AggregatePlan plan, Iterable<Tuple> tuples) {
    SlidingPartition partition = new SlidingPartition(plan);
    for (Tuple tuple : tuples) {
      partition.insert(tuple);
    }
    return partition;
  }

  /** A tuple arrives. */
  void insert(Tuple tuple) {
    if (extendedOf != null) {
      Tuple extended = plan.extend(tuple);
      extendedOf.put(tuple, extended);
      tuple = extended;
    }
    groupOf(tuple).push(tuple, arrivals++);
    size++;
  }

  /**
   * A tuple leaves.
   *
   * @return false, changing nothing, when it is not the oldest of its group: the window is not
   *     first in, first out, and this partition no longer mirrors it
   */
  boolean evict(Tuple tuple) {
    Tuple held = tuple;
    if (extendedOf != null) {
      tuple = extendedOf.get(held);
      if (tuple == null) {
        return false;
      }
    }
    SlidingGroup group;
    if (only != null) {
      group = only;
    } else {
      group = groups.get(Firing.key(tuple, groupBy));
      if (group == null) {
        return false;
      }
    }
    if (!group.popIfOldest(tuple)) {
      return false;
    }
    if (extendedOf != null) {
      extendedOf.remove(held);
    }
    size--;
    reorder = only == null;
    return true;
  }

  /** The partition's groups as a firing, in the order their oldest tuple arrived. */
  Firing firing() {
    if (size == 0) {
      return Firing.ofGroups(List.of(), 0);
    }
    if (only != null) {
      return Firing.ofGroups(List.of(only.group()), size);
    }
    if (reorder) {
      // O(groups), as the firing's output is.
      groups.values().removeIf(group -> group.size() == 0);
      order.removeIf(group -> group.size() == 0);
      order.sort(BY_OLDEST_ARRIVAL);
      reorder = false;
    }
    List<Group> firing = new ArrayList<>(order.size());
    for (SlidingGroup group : order) {
      firing.add(group.group());
    }
    return Firing.ofGroups(firing, size);
  }

  private SlidingGroup groupOf(Tuple tuple) {
    if (only != null) {
      return only;
    }
    Object key = Firing.key(tuple, groupBy);
    SlidingGroup group = groups.get(key);
    if (group == null) {
      group = new SlidingGroup(plan.newAccumulators());
      groups.put(key, group);
      order.add(group); // its oldest tuple is the newest of the partition: last in order
    } else if (group.size() == 0) {
      reorder = true; // emptied earlier and not yet dropped: it moves to the end
    }
    return group;
  }
}
