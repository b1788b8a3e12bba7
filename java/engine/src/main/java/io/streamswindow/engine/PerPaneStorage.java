package io.streamswindow.engine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The default {@link PaneStorage}: every pane's partition holds its own copy of each tuple whose
 * event time the pane holds, a tuple in D/P panes, with an INSERTION event in each.
 *
 * @param <T> the tuple type
 */
final class PerPaneStorage<T> implements PaneStorage<T> {
  private final PaneLayout layout;
  private final PaneStorage.Panes<T> panes;
  private final ListenerRemovals removals;

  /**
   * @param removals counts the tuples listeners remove through the events' tuples
   */
  PerPaneStorage(PaneLayout layout, PaneStorage.Panes<T> panes, ListenerRemovals removals) {
    this.layout = layout;
    this.panes = panes;
    this.removals = removals;
  }

  /**
   * Appends the tuple to its partition in every pane holding its event time, one INSERTION each.
   */
  @Override
  public void insert(T tuple, Object key, long time) throws Exception {
    for (long k = layout.firstPane(time); k <= layout.lastPane(time); k++) {
      Pane<T> pane = panes.open(k);
      PanePartition<T> p = panes.partition(pane, key);
      Entry<T> entry = new Entry<>(tuple, time, 0);
      p.append(entry);
      p.updated = true;
      panes.inserted(pane, p, entry);
    }
  }

  @Override
  public Iterable<T> tuplesOf(Pane<T> pane, PanePartition<T> p) {
    return EntryTuples.of(removals, p.entries);
  }

  @Override
  public long tupleCount() {
    long count = 0;
    for (Pane<T> pane : panes.all()) {
      for (PanePartition<T> p : pane.partitions.values()) {
        count += p.entries.size();
      }
    }
    return count;
  }

  /** Nothing to do: the closed pane's partitions held its tuples. */
  @Override
  public void closed(Pane<T> pane) {}

  /** Nothing to do: the evicted partitions held their tuples. */
  @Override
  public void evicted(Object key) {}

  @Override
  public void clear() {}

  @Override
  public List<NumberedEntries<T>> checkpointed() {
    List<NumberedEntries<T>> all = new ArrayList<>();
    for (Pane<T> pane : panes.all()) {
      all.addAll(pane.partitions.values());
    }
    return all;
  }

  @Override
  public Collection<KeySlices<T>> slices() {
    return null;
  }

  @Override
  public KeySlices<T> keySlices(Object key) {
    return null;
  }

  /** Copies the tuples of restored slices into every open pane's partition that holds them. */
  @Override
  public void restored(Collection<KeySlices<T>> slices) {
    if (slices == null) {
      return; // the panes' partitions hold their tuples already
    }
    for (KeySlices<T> partition : slices) {
      for (Entry<T> e : partition.entries) {
        if (e.tuple == null) {
          continue;
        }
        for (long k = layout.firstPane(e.insertedAt); k <= layout.lastPane(e.insertedAt); k++) {
          Pane<T> pane = panes.get(k);
          PanePartition<T> p = pane == null ? null : pane.partitions.get(partition.key);
          if (p != null) {
            p.append(new Entry<>(e.tuple, e.insertedAt, 0));
          }
        }
      }
    }
  }
}
