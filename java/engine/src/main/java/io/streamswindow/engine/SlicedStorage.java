package io.streamswindow.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link PaneStorage} of a window that slices its tuples ({@link
 * TimeIntervalWindow#sliceTuples()}): each partition's tuples once, in {@link KeySlices} by the
 * slice of width gcd(D, P) their event time falls in, keys in creation order (docs/architecture.md,
 * "Stream slicing"). A pane's partition shows the tuples of its slices, read-only; no INSERTION is
 * delivered. A partition's slices leave as the panes holding them close.
 *
 * @param <T> the tuple type
 */
final class SlicedStorage<T> implements PaneStorage<T> {
  private final PaneLayout layout;
  private final PaneStorage.Panes<T> panes;
  private final Map<Object, KeySlices<T>> keys = new LinkedHashMap<>();

  SlicedStorage(PaneLayout layout, PaneStorage.Panes<T> panes) {
    this.layout = layout;
    this.panes = panes;
  }

  /**
   * Stores the tuple once, in the slice of its partition that holds its event time. Only the
   * slice's first tuple creates the panes holding the slice and their partitions (in pane order, as
   * per-pane insertions would); a tuple marks late triggers pending only in the panes already
   * complete, since an incomplete pane's partitions trigger all at completion.
   */
  @Override
  public void insert(T tuple, Object key, long time) {
    long first = layout.firstPane(time);
    long last = layout.lastPane(time);
    if (first > last) {
      return; // between panes (P > D): in none
    }
    KeySlices<T> partition = keys.get(key);
    if (partition == null) {
      partition = new KeySlices<>(key, panes.nextPartitionNumber());
      keys.put(key, partition);
    }
    long j = layout.slice(time);
    TupleSlice<T> slice = partition.slice(j);
    if (slice == null) {
      slice = partition.create(j);
      for (long k = first; k <= last; k++) {
        panes.partition(panes.open(k), key).updated = true;
      }
    }
    partition.add(slice, new Entry<>(tuple, time, 0));
    long lastComplete = Math.min(last, layout.lastPaneEndingBy(panes.watermark()));
    for (long k = first; k <= lastComplete; k++) {
      Pane<T> pane = panes.get(k);
      if (pane != null && pane.state == PaneState.COMPLETE) {
        panes.partition(pane, key).updated = true;
      }
    }
  }

  @Override
  public Iterable<T> tuplesOf(Pane<T> pane, PanePartition<T> p) {
    KeySlices<T> partition = keys.get(p.key);
    return partition == null
        ? List.of()
        : new SlicedPaneTuples<>(
            partition, pane.interval.getStartNanos(), pane.interval.getEndNanos());
  }

  /** Each tuple once. */
  @Override
  public long tupleCount() {
    long count = 0;
    for (KeySlices<T> partition : keys.values()) {
      count += partition.held();
    }
    return count;
  }

  /** Discards the slices before the next pane's first: they are in no open pane now. */
  @Override
  public void closed(Pane<T> pane) {
    long keep = layout.firstSlice(pane.index + 1);
    for (Object key : pane.partitions.keySet()) {
      KeySlices<T> partition = keys.get(key);
      if (partition != null) {
        partition.discardBefore(keep);
        if (partition.holdsNothing()) {
          keys.remove(key);
        }
      }
    }
  }

  @Override
  public void evicted(Object key) {
    keys.remove(key);
  }

  @Override
  public void clear() {
    keys.clear();
  }

  @Override
  public List<NumberedEntries<T>> checkpointed() {
    return new ArrayList<>(keys.values());
  }

  @Override
  public Collection<KeySlices<T>> slices() {
    return keys.values();
  }

  @Override
  public KeySlices<T> keySlices(Object key) {
    return keys.get(key);
  }

  /**
   * Takes the restored slices, or moves the tuples restored per pane into slices: each tuple once,
   * in an arrival order that keeps every pane's ({@link ArrivalOrderMerge}).
   */
  @Override
  public void restored(Collection<KeySlices<T>> slices) {
    keys.clear();
    if (slices != null) {
      for (KeySlices<T> partition : slices) {
        keys.put(partition.key, partition);
      }
      return;
    }
    Map<Object, ArrivalOrderMerge<T>> merges = new LinkedHashMap<>();
    for (Pane<T> pane : panes.all()) {
      for (PanePartition<T> p : pane.partitions.values()) {
        merges.computeIfAbsent(p.key, k -> new ArrivalOrderMerge<>(layout::slice)).chain(p.entries);
        p.entries = new ArrayDeque<>();
        p.nextEntrySequence = 0;
      }
    }
    for (Map.Entry<Object, ArrivalOrderMerge<T>> merge : merges.entrySet()) {
      KeySlices<T> partition = new KeySlices<>(merge.getKey(), panes.nextPartitionNumber());
      for (Entry<T> e : merge.getValue().order()) {
        if (e.tuple != null) {
          long j = layout.slice(e.insertedAt);
          TupleSlice<T> slice = partition.slice(j);
          partition.add(slice == null ? partition.create(j) : slice, e);
        }
      }
      if (!partition.holdsNothing()) {
        keys.put(partition.key, partition);
      }
    }
  }
}
