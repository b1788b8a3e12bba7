package io.streamswindow.spark;

import io.streamswindow.runtime.OperatorHost;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Row;

/**
 * The operator hosts of an executor's keys kept alive between micro-batches, so that a key's next
 * call carries on with its live operator and window instead of rebuilding them from the state
 * store: a micro-batch then reads nothing of a key's window and writes only what changed
 * (docs/architecture.md, "State layout").
 *
 * <p>A host is valid only for the state it saved: each save stores a fresh random generation beside
 * the checkpoint, and a call takes the cached host only when the store holds that same generation.
 * A micro-batch that failed and was retried, a restart from the checkpoint, or a task moved to
 * another executor therefore always rebuilds the host from the store. A call takes its host out of
 * the cache and puts it back after saving, so no two calls share one.
 *
 * <p>The cache is bounded by weight (tuples held, plus a fixed cost per host); the least recently
 * used hosts go first and are shut down. Thread-safe.
 */
final class OperatorHostCache {
  /** What a host costs beside its tuples, in tuples' worth: its operator, window and maps. */
  static final long HOST_WEIGHT = 64;

  /** A rough size of a held tuple in the heap, for the default budget. */
  private static final long BYTES_PER_TUPLE = 128;

  private static final OperatorHostCache SHARED =
      new OperatorHostCache(Runtime.getRuntime().maxMemory() / 4 / BYTES_PER_TUPLE);

  /** A cached host: its operator host, the clock and output it was built on, and its generation. */
  record Entry(
      OperatorHost host, BatchClock clock, CallOutput output, long generation, long weight) {}

  private record Key(String plan, Row key) {}

  private final long budget;
  private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long weight;

  OperatorHostCache(long budget) {
    this.budget = budget;
  }

  /** The executor's cache, a quarter of the heap at about 128 bytes per held tuple. */
  static OperatorHostCache shared() {
    return SHARED;
  }

  /**
   * Takes the host cached for {@code key} of {@code plan} if it saved {@code generation}; a host
   * cached with another generation is stale and shut down.
   *
   * @return the entry, now owned by the caller, or null
   */
  Entry take(String plan, Row key, long generation) {
    Entry entry;
    synchronized (this) {
      entry = entries.remove(new Key(plan, key));
      if (entry != null) {
        weight -= entry.weight();
      }
    }
    if (entry == null || entry.generation() == generation) {
      return entry;
    }
    shutDown(List.of(entry));
    return null;
  }

  /** Caches {@code entry} for {@code key} of {@code plan}, shutting down what no longer fits. */
  void put(String plan, Row key, Entry entry) {
    List<Entry> evicted = new ArrayList<>();
    synchronized (this) {
      Entry previous = entries.put(new Key(plan, Objects.requireNonNull(key)), entry);
      if (previous != null) {
        weight -= previous.weight();
        evicted.add(previous);
      }
      weight += entry.weight();
      for (Iterator<Map.Entry<Key, Entry>> it = entries.entrySet().iterator();
          weight > budget && it.hasNext(); ) {
        Entry oldest = it.next().getValue();
        it.remove();
        weight -= oldest.weight();
        evicted.add(oldest);
      }
    }
    shutDown(evicted);
  }

  /** The number of cached hosts. */
  synchronized int size() {
    return entries.size();
  }

  private static void shutDown(List<Entry> gone) {
    for (Entry entry : gone) {
      try {
        entry.host().shutdown();
      } catch (Exception | LinkageError ignored) {
        // A host leaving the cache has saved its state; its shutdown has nothing left to lose.
      }
    }
  }
}
