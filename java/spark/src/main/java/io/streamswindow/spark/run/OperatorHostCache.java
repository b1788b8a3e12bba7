package io.streamswindow.spark.run;

import io.streamswindow.runtime.OperatorHost;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.apache.spark.sql.Row;

/**
 * The operator hosts of an executor's keys kept alive between micro-batches, so that a key's next
 * call carries on with its live operator and window instead of rebuilding them from the state
 * store: a micro-batch then reads nothing of a key's window and writes only what changed
 * (docs/architecture.md, "State layout").
 *
 * <p>A host is valid only for the state it saved: each save stores a fresh random generation with
 * the checkpoint, and a call takes the cached host only when the store holds that same generation.
 * A micro-batch that failed and was retried, a restart from the checkpoint, or a task moved to
 * another executor therefore always rebuilds the host from the store. A call takes its host out of
 * the cache and puts it back after saving, so no two calls share one.
 *
 * <p>Hosts belong to the run of the streaming query that built them (its run id, which a restart
 * changes): {@link #release} shuts down a run's hosts when the query stops, and a run no call has
 * used for {@link #IDLE_RELEASE_NANOS} is released at the next call of any run, or by the shared
 * cache's sweeper (a daemon thread that looks once a minute), so that a query stopped where the
 * driver cannot tell this executor (a cluster) leaves nothing behind for long, calls or none. The
 * cache is bounded by weight (tuples held, plus a fixed cost per host); the least recently used
 * hosts go first and are shut down. Thread-safe.
 */
public final class OperatorHostCache {
  /** What a host costs beside its tuples, in tuples' worth: its operator, window and maps. */
  static final long HOST_WEIGHT = 64;

  /** How long a run's hosts outlive its last call: a run idle this long has most likely ended. */
  static final long IDLE_RELEASE_NANOS = 10L * 60 * 1_000_000_000L;

  /** How often the shared cache's sweeper looks for idle runs. */
  static final long SWEEP_SECONDS = 60;

  /** Whether the shared cache's sweeper has been started: at its first cached host. */
  private static final AtomicBoolean SWEEPING = new AtomicBoolean();

  /** A rough size of a held tuple in the heap, for the default budget. */
  private static final long BYTES_PER_TUPLE = 128;

  private static final OperatorHostCache SHARED =
      new OperatorHostCache(
          Runtime.getRuntime().maxMemory() / 4 / BYTES_PER_TUPLE, System::nanoTime);

  /**
   * A cached host: its operator host, the clock and output it was built on, its generation, and the
   * {@code order_by} values of the last tuple its key processed ({@code OrderValues}), or null.
   */
  record Entry(
      OperatorHost host,
      BatchClock clock,
      CallOutput output,
      long generation,
      long weight,
      Object[] lastOrder) {
    /** An entry whose key has processed no tuple with {@code order_by} values yet. */
    Entry(OperatorHost host, BatchClock clock, CallOutput output, long generation, long weight) {
      this(host, clock, output, generation, weight, null);
    }
  }

  /** A host's place: the query run, the plan within it, and the key. */
  private record Key(String run, String plan, Row key) {}

  private final long budget;
  private final LongSupplier nanos;
  private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);

  /** When each run with hosts here was last used. */
  private final Map<String, Long> lastUse = new HashMap<>();

  private long weight;

  OperatorHostCache(long budget, LongSupplier nanos) {
    this.budget = budget;
    this.nanos = nanos;
  }

  /** The executor's cache, a quarter of the heap at about 128 bytes per held tuple. */
  public static OperatorHostCache shared() {
    return SHARED;
  }

  /**
   * Takes the host cached for {@code key} of {@code plan} in query run {@code run} if it saved
   * {@code generation}; a host cached with another generation is stale and shut down.
   *
   * @return the entry, now owned by the caller, or null
   */
  Entry take(String run, String plan, Row key, long generation) {
    List<Entry> gone = new ArrayList<>();
    Entry entry;
    synchronized (this) {
      gone.addAll(touch(run));
      entry = entries.remove(new Key(run, plan, key));
      if (entry != null) {
        weight -= entry.weight();
      }
    }
    if (entry != null && entry.generation() != generation) {
      gone.add(entry);
      entry = null;
    }
    shutDown(gone);
    return entry;
  }

  /**
   * Caches {@code entry} for {@code key} of {@code plan} in {@code run}, shutting down what no
   * longer fits.
   */
  void put(String run, String plan, Row key, Entry entry) {
    if (this == SHARED && SWEEPING.compareAndSet(false, true)) {
      startSweeper();
    }
    List<Entry> evicted = new ArrayList<>();
    synchronized (this) {
      evicted.addAll(touch(run));
      Entry previous = entries.put(new Key(run, plan, Objects.requireNonNull(key)), entry);
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

  /** Shuts down every host of query run {@code run}: the query stopped (docs/architecture.md). */
  void release(String run) {
    List<Entry> gone;
    synchronized (this) {
      gone = removeRun(run);
    }
    shutDown(gone);
  }

  /**
   * Shuts down the hosts of every run idle for longer than {@link #IDLE_RELEASE_NANOS}, without a
   * call of any run: what the sweeper does.
   */
  void releaseIdle() {
    List<Entry> gone;
    synchronized (this) {
      gone = removeIdle(nanos.getAsLong());
    }
    shutDown(gone);
  }

  /** Runs {@link #releaseIdle} on the shared cache every {@link #SWEEP_SECONDS}, in a daemon. */
  private static void startSweeper() {
    ScheduledExecutorService sweeper =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "streams-window-host-sweeper");
              thread.setDaemon(true);
              return thread;
            });
    sweeper.scheduleWithFixedDelay(
        SHARED::releaseIdle, SWEEP_SECONDS, SWEEP_SECONDS, TimeUnit.SECONDS);
  }

  /** The number of cached hosts. */
  public synchronized int size() {
    return entries.size();
  }

  /** The number of cached hosts of query run {@code run}. */
  public synchronized int size(String run) {
    int count = 0;
    for (Key key : entries.keySet()) {
      if (key.run().equals(run)) {
        count++;
      }
    }
    return count;
  }

  /** Marks {@code run} used now and removes the hosts of the runs idle too long; holds the lock. */
  private List<Entry> touch(String run) {
    long now = nanos.getAsLong();
    lastUse.put(run, now);
    return removeIdle(now);
  }

  /** Removes the hosts of the runs idle too long at {@code now}; holds the lock. */
  private List<Entry> removeIdle(long now) {
    // A loop that allocates only when a run is idle: every call of every key comes here.
    List<String> idle = null;
    for (Map.Entry<String, Long> use : lastUse.entrySet()) {
      if (now - use.getValue() > IDLE_RELEASE_NANOS) {
        if (idle == null) {
          idle = new ArrayList<>();
        }
        idle.add(use.getKey());
      }
    }
    if (idle == null) {
      return List.of();
    }
    List<Entry> gone = new ArrayList<>();
    for (String run : idle) {
      gone.addAll(removeRun(run));
    }
    return gone;
  }

  /** Removes a run's hosts and forgets the run; holds the lock. */
  private List<Entry> removeRun(String run) {
    lastUse.remove(run);
    List<Entry> gone = new ArrayList<>();
    for (Iterator<Map.Entry<Key, Entry>> it = entries.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<Key, Entry> cached = it.next();
      if (cached.getKey().run().equals(run)) {
        it.remove();
        weight -= cached.getValue().weight();
        gone.add(cached.getValue());
      }
    }
    return gone;
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
