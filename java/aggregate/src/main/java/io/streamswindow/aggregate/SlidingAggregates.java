package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.engine.EngineWindow;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The incremental aggregation of a sliding window: a {@link SlidingPartition} per window partition,
 * mirroring the partition's tuples and kept up to date by the window's INSERTION and EVICTION
 * events, so that a TRIGGER costs O(1) per output function instead of a pass over the window.
 *
 * <p>A partition's mirror is a cache of what the window holds, never saved:
 *
 * <ul>
 *   <li>It is built from the window's tuples at a TRIGGER of a partition that has none (the first,
 *       and the first after a reset: on Spark, the first of each micro-batch), in O(n).
 *   <li>An eviction of a tuple that is not the oldest of its group (a {@code delta} eviction with
 *       values out of order) drops it; the next trigger rebuilds it from the window.
 *   <li>A listener's {@code Iterator.remove()} takes tuples out of the window without an EVICTION
 *       ({@link EngineWindow#removedByListeners()}): every mirror is dropped.
 *   <li>A partition eviction, a reset and a reset to the initial state drop mirrors too.
 * </ul>
 *
 * <p>So whatever the window does, a trigger aggregates exactly the tuples the window shows, and a
 * window that is first in, first out (count and time eviction, delta eviction of ordered values) is
 * aggregated in amortised O(1) per tuple.
 */
final class SlidingAggregates {
  private final AggregatePlan plan;
  private final EngineWindow<?> window;
  private final Map<Object, SlidingPartition> partitions = new HashMap<>();
  private long removalsSeen;

  /** The partition of the previous event: consecutive events of one partition skip the lookup. */
  private Object lastKey;

  private SlidingPartition last;

  SlidingAggregates(AggregatePlan plan, EngineWindow<?> window) {
    this.plan = plan;
    this.window = window;
    this.removalsSeen = window.removedByListeners();
  }

  /** Before every event: drops every mirror when a listener removed tuples since the last one. */
  void checkRemovals() {
    long removals = window.removedByListeners();
    if (removals != removalsSeen) {
      removalsSeen = removals;
      clear();
    }
  }

  /** Tuples arrived in a partition (INSERTION). */
  void inserted(Object partition, Iterable<Tuple> tuples) {
    SlidingPartition mirror = find(partition);
    if (mirror != null) {
      for (Tuple tuple : tuples) {
        mirror.insert(tuple);
      }
    }
  }

  /** Tuples left a partition (EVICTION); a departure that is not first in, first out drops it. */
  void evicted(Object partition, Iterable<Tuple> tuples) {
    SlidingPartition mirror = find(partition);
    if (mirror != null) {
      for (Tuple tuple : tuples) {
        if (!mirror.evict(tuple)) {
          forget(partition);
          return;
        }
      }
    }
  }

  /**
   * The partition at a TRIGGER, built from {@code tuples}, the window's tuples, when it has no
   * mirror.
   */
  SlidingPartition triggered(Object partition, Iterable<Tuple> tuples) {
    SlidingPartition mirror = find(partition);
    if (mirror == null) {
      mirror = SlidingPartition.of(plan, tuples);
      partitions.put(partition, mirror);
      lastKey = partition;
      last = mirror;
    }
    return mirror;
  }

  /** Drops a partition's mirror (PARTITION_EVICTION, or a departure out of order). */
  void forget(Object partition) {
    partitions.remove(partition);
    if (Objects.equals(lastKey, partition)) {
      last = null;
    }
  }

  /** Drops every mirror (a reset, or a listener's removal). */
  void clear() {
    partitions.clear();
    last = null;
  }

  private SlidingPartition find(Object partition) {
    if (last != null && Objects.equals(lastKey, partition)) {
      return last;
    }
    SlidingPartition mirror = partitions.get(partition);
    if (mirror != null) {
      lastKey = partition;
      last = mirror;
    }
    return mirror;
  }
}
