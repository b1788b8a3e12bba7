package io.streamswindow.engine;

import java.util.Collection;
import java.util.List;

/**
 * Where a {@link TimeIntervalWindow} keeps its panes' tuples: a copy in every pane that holds it
 * ({@link PerPaneStorage}), or each tuple once, in the slice of its partition that holds its event
 * time ({@link SlicedStorage}; docs/architecture.md, "Stream slicing"). The window owns the panes,
 * their partitions and when they complete, trigger and close; it asks its storage to place an
 * arriving tuple and what a pane's partition shows, and tells it when a pane closes or a partition
 * is evicted. Panes, triggers and checkpointed state are the same with either storage.
 *
 * <p>Not thread-safe: the window's host serialises every call.
 *
 * @param <T> the tuple type
 */
interface PaneStorage<T> {
  /** What a storage asks of its window's panes; implemented by the window. */
  interface Panes<T> {
    /** The open pane of index {@code k}, created (incomplete) when it is not open. */
    Pane<T> open(long k);

    /** The open pane of index {@code k}, or null. */
    Pane<T> get(long k);

    /** Every open pane, in start order (a copy). */
    List<Pane<T>> all();

    /** The partition of {@code key} in {@code pane}, created (last in order) when new. */
    PanePartition<T> partition(Pane<T> pane, Object key);

    /** A new partition's creation number, which names its chunks in a store. */
    long nextPartitionNumber();

    /** The last watermark the window received. */
    long watermark();

    /**
     * Delivers INSERTION of {@code entry}, new in {@code pane}'s partition {@code p}, if wanted.
     */
    void inserted(Pane<T> pane, PanePartition<T> p, Entry<T> entry) throws Exception;
  }

  /**
   * Stores a tuple that is on time (not dropped) in the panes holding its event time, creating the
   * panes and partitions that do not exist yet and marking triggers pending where the tuple shows.
   *
   * @param key the tuple's partition
   * @param time the tuple's event time
   */
  void insert(T tuple, Object key, long time) throws Exception;

  /** The tuples an event of {@code pane}'s partition {@code p} shows, in arrival order. */
  Iterable<T> tuplesOf(Pane<T> pane, PanePartition<T> p);

  /** The tuples held: a tuple in several panes counts once per pane unless it is stored once. */
  long tupleCount();

  /** {@code pane} closed (panes close in start order): tuples only it held may go. */
  void closed(Pane<T> pane);

  /** The partition {@code key} was evicted from every open pane. */
  void evicted(Object key);

  /** Forgets every tuple (the panes are cleared by the window). */
  void clear();

  /** The partitions whose tuples a checkpoint writes, the ones it may keep in chunks. */
  List<NumberedEntries<T>> checkpointed();

  /**
   * The sliced partitions, in creation order, which a checkpoint writes after the panes; null when
   * the tuples are in the panes' partitions.
   */
  Collection<KeySlices<T>> slices();

  /**
   * The slices of partition {@code key}, or null when it holds no tuples or the storage does not
   * slice.
   */
  KeySlices<T> keySlices(Object key);

  /**
   * Takes over the tuples of a restored checkpoint, after the window reopened its panes: the sliced
   * partitions it held, or (when {@code slices} is null) the tuples it held in the panes'
   * partitions. A checkpoint of either storage restores into either.
   */
  void restored(Collection<KeySlices<T>> slices);
}
