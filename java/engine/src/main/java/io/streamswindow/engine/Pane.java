package io.streamswindow.engine;

import io.streamswindow.api.window.WindowPane;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One open pane of a timeInterval window: its index k, its interval, whether it is complete, and
 * its partitions in creation order. Created when its first tuple arrives.
 *
 * @param <T> the tuple type
 */
final class Pane<T> {
  final long index;
  final WindowPane interval;
  PaneState state;

  /**
   * How many triggers the pane has delivered, each to the partitions updated then: the next
   * trigger's index, shared by all its partitions.
   */
  long triggers;

  final Map<Object, PanePartition<T>> partitions = new LinkedHashMap<>();

  /**
   * The partition found last by key, tried before the map: a partition's tuples mostly come
   * together (on Spark an operator instance has one key), so most lookups end here. Checked for
   * eviction.
   */
  PanePartition<T> lastFound;

  Pane(long index, WindowPane interval, PaneState state) {
    this.index = index;
    this.interval = interval;
    this.state = state;
  }

  /** A snapshot of the partitions in creation order, safe against listeners evicting partitions. */
  List<PanePartition<T>> snapshot() {
    return new ArrayList<>(partitions.values());
  }

  boolean hasPendingTrigger() {
    for (PanePartition<T> p : partitions.values()) {
      if (p.updated) {
        return true;
      }
    }
    return false;
  }
}
