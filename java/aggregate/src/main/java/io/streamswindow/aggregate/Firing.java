package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tuples of one window firing (a tumble, a trigger, or an evicted partition that is
 * aggregated), split into {@code groupBy} groups. Groups are in the order their first tuple
 * arrived, and so are the output tuples made from them.
 */
final class Firing {
  private final List<Group> groups;
  private final int tupleCount;

  /** The pane of a timeInterval window's trigger, or null for other windows. */
  private PaneTrigger pane;

  private Firing(List<Group> groups, int tupleCount) {
    this.groups = groups;
    this.tupleCount = tupleCount;
    for (Group group : groups) {
      group.attachTo(this);
    }
  }

  /**
   * Splits the tuples of a window event into groups.
   *
   * @param tuples the event's tuples, oldest first
   * @param groupBy the readers of the groupBy attributes; empty for one group
   */
  static Firing of(Iterable<Tuple> tuples, ValueReader[] groupBy) {
    List<Tuple> all = new ArrayList<>();
    for (Tuple tuple : tuples) {
      all.add(tuple);
    }
    if (all.isEmpty()) {
      return new Firing(List.of(), 0);
    }
    if (groupBy.length == 0) {
      return new Firing(List.of(new Group(all)), all.size());
    }
    Map<Object, List<Tuple>> byKey = new LinkedHashMap<>();
    for (Tuple tuple : all) {
      byKey.computeIfAbsent(key(tuple, groupBy), k -> new ArrayList<>()).add(tuple);
    }
    List<Group> groups = new ArrayList<>(byKey.size());
    for (List<Tuple> members : byKey.values()) {
      groups.add(new Group(members));
    }
    return new Firing(groups, all.size());
  }

  /**
   * A firing of groups kept by a sliding window's incremental aggregation.
   *
   * @param groups the groups, in the order their oldest tuple arrived; none empty
   * @param tupleCount the number of tuples of all groups together
   */
  static Firing ofGroups(List<Group> groups, int tupleCount) {
    return new Firing(groups, tupleCount);
  }

  /** The key of a tuple's group: its groupBy values (one value, or a list of them). */
  static Object key(Tuple tuple, ValueReader[] groupBy) {
    if (groupBy.length == 1) {
      return groupBy[0].read(tuple);
    }
    Object[] values = new Object[groupBy.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = groupBy[i].read(tuple);
    }
    return Arrays.asList(values);
  }

  /** This firing as the trigger of a timeInterval window's pane. */
  Firing forPane(PaneTrigger trigger) {
    this.pane = trigger;
    return this;
  }

  /**
   * The pane this firing is the trigger of.
   *
   * @throws IllegalStateException when the window is not a timeInterval one (the operator refuses
   *     pane functions on other windows when it is initialized, so this does not happen)
   */
  PaneTrigger pane() {
    if (pane == null) {
      throw new IllegalStateException("A pane function needs a timeInterval window");
    }
    return pane;
  }

  /** The groups, in the order their first tuple arrived; empty when the window was empty. */
  List<Group> groups() {
    return groups;
  }

  /** True when the window held no tuples. */
  boolean isEmpty() {
    return tupleCount == 0;
  }

  /** The number of tuples in the window, all groups together. */
  int tupleCount() {
    return tupleCount;
  }

  /** The number of groups. */
  int groupCount() {
    return groups.size();
  }

  /** The size of each group, in group order. */
  List<Integer> groupSizes() {
    Integer[] sizes = new Integer[groups.size()];
    for (int i = 0; i < sizes.length; i++) {
      sizes[i] = groups.get(i).size();
    }
    return Collections.unmodifiableList(Arrays.asList(sizes));
  }
}
