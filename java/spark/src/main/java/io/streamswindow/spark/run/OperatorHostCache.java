package io.streamswindow.spark.run;

import io.streamswindow.runtime.OperatorHost;
import java.util.ArrayList;
import java.util.HashMap;
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
 * another executor therefore always rebuilds the host from the store. A call takes its host from
 * the cache and gives it back after saving, so no two calls share one.
 *
 * <p>Hosts belong to the run of the streaming query that built them (its run id, which a restart
 * changes): {@link #release} shuts down a run's hosts when the query stops, and a run no call has
 * used for {@link #IDLE_RELEASE_NANOS} is released at the next call of any run, or by the shared
 * cache's sweeper (a daemon thread that looks once a minute), so that a query stopped where the
 * driver cannot tell this executor (a cluster) leaves nothing behind for long, calls or none. The
 * cache is bounded by weight (tuples held, plus a fixed cost per host); hosts not used since the
 * last pass of a clock hand over them go first, and are shut down. Thread-safe.
 *
 * <p>A key keeps one slot from its first call on, and taking or giving back its host only flips
 * flags in it, where a map that moved the key on every use would write references into its old
 * entries: with hundreds of thousands of keys, each call's writes into long-lived objects are work
 * for the garbage collector (docs/performance.md, "Many keys as a standing benchmark").
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
   * A cached host: its operator host, the clock and output it was built on, and, as of its last
   * call, its generation, its weight and the {@code order_by} values of the last tuple its key
   * processed ({@code OrderValues}), or null. A call updates these in place ({@link #saved}).
   */
  static final class Entry {
    private final OperatorHost host;
    private final BatchClock clock;
    private final CallOutput output;
    private long generation;
    private long weight;
    private Object[] lastOrder;

    Entry(
        OperatorHost host,
        BatchClock clock,
        CallOutput output,
        long generation,
        long weight,
        Object[] lastOrder) {
      this.host = host;
      this.clock = clock;
      this.output = output;
      this.generation = generation;
      this.weight = weight;
      this.lastOrder = lastOrder;
    }

    /** An entry whose key has processed no tuple with {@code order_by} values yet. */
    Entry(OperatorHost host, BatchClock clock, CallOutput output, long generation, long weight) {
      this(host, clock, output, generation, weight, null);
    }

    OperatorHost host() {
      return host;
    }

    BatchClock clock() {
      return clock;
    }

    CallOutput output() {
      return output;
    }

    long generation() {
      return generation;
    }

    long weight() {
      return weight;
    }

    Object[] lastOrder() {
      return lastOrder;
    }

    /** What the host's call saved: its generation, its weight now, its key's last order values. */
    void saved(long generation, long weight, Object[] lastOrder) {
      this.generation = generation;
      this.weight = weight;
      if (this.lastOrder != lastOrder) {
        this.lastOrder = lastOrder;
      }
    }
  }

  /** A host's place: the query run, the plan within it, and the key. */
  private record Key(String run, String plan, Row key) {}

  /**
   * A key's place in the cache: its entry (null when it has none), whether a call has it now, and
   * whether it was used since the clock hand last passed.
   */
  private static final class Slot {
    final Key key;
    Entry entry;
    boolean taken;
    boolean used;

    Slot(Key key) {
      this.key = key;
    }
  }

  private final long budget;
  private final LongSupplier nanos;
  private final Map<Key, Slot> slots = new HashMap<>();

  /** The slots in the order the clock hand passes them. */
  private final List<Slot> ring = new ArrayList<>();

  private int hand;

  /** When each run with hosts here was last used, in an array of one, rewritten in place. */
  private final Map<String, long[]> lastUse = new HashMap<>();

  /** The weight of the entries cached and not taken. */
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
   * @return the entry, now the caller's until it puts it back, or null
   */
  Entry take(String run, String plan, Row key, long generation) {
    List<Entry> gone = new ArrayList<>();
    Entry entry = null;
    synchronized (this) {
      gone.addAll(touch(run));
      Slot slot = slots.get(new Key(run, plan, key));
      if (slot != null && slot.entry != null && !slot.taken) {
        weight -= slot.entry.weight();
        if (slot.entry.generation() == generation) {
          entry = slot.entry;
          slot.taken = true;
        } else {
          gone.add(slot.entry);
          slot.entry = null;
        }
      }
    }
    shutDown(gone);
    return entry;
  }

  /**
   * Caches {@code entry} for {@code key} of {@code plan} in {@code run}, shutting down what no
   * longer fits: the entry taken for this call, or a new one.
   */
  void put(String run, String plan, Row key, Entry entry) {
    if (this == SHARED && SWEEPING.compareAndSet(false, true)) {
      startSweeper();
    }
    List<Entry> evicted = new ArrayList<>();
    synchronized (this) {
      evicted.addAll(touch(run));
      Key place = new Key(run, plan, Objects.requireNonNull(key));
      Slot slot = slots.get(place);
      if (slot == null) {
        slot = new Slot(place);
        slots.put(place, slot);
        ring.add(slot);
      }
      if (slot.entry != entry) {
        // Another entry for the key: let go, unless another call has it now (a retried task
        // beside the first), which gives it back or shuts it down itself.
        if (slot.entry != null && !slot.taken) {
          weight -= slot.entry.weight();
          evicted.add(slot.entry);
        }
        slot.entry = entry;
      }
      slot.taken = false;
      slot.used = true;
      weight += entry.weight();
      evictOverBudget(evicted);
    }
    shutDown(evicted);
  }

  /**
   * Lets hosts go until the cache fits its budget: the clock hand gives each host used since it
   * last passed another round, and lets go the first it finds unused; slots without a host go as it
   * passes them. Holds the lock.
   */
  private void evictOverBudget(List<Entry> evicted) {
    for (int passed = 0, limit = 2 * ring.size(); weight > budget && passed < limit; passed++) {
      if (ring.isEmpty()) {
        return;
      }
      if (hand >= ring.size()) {
        hand = 0;
      }
      Slot slot = ring.get(hand);
      if (slot.entry == null) {
        removeFromRing(hand);
      } else if (slot.taken) {
        hand++;
      } else if (slot.used) {
        slot.used = false;
        hand++;
      } else {
        weight -= slot.entry.weight();
        evicted.add(slot.entry);
        removeFromRing(hand);
      }
    }
  }

  /** Removes the slot at {@code index} from the ring and the map; the last slot takes its place. */
  private void removeFromRing(int index) {
    Slot slot = ring.get(index);
    Slot last = ring.remove(ring.size() - 1);
    if (last != slot) {
      ring.set(index, last);
    }
    slots.remove(slot.key);
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

  /** The number of cached hosts, those a call has now left out. */
  public synchronized int size() {
    int count = 0;
    for (Slot slot : ring) {
      if (slot.entry != null && !slot.taken) {
        count++;
      }
    }
    return count;
  }

  /** The number of cached hosts of query run {@code run}, those a call has now left out. */
  public synchronized int size(String run) {
    int count = 0;
    for (Slot slot : ring) {
      if (slot.entry != null && !slot.taken && slot.key.run().equals(run)) {
        count++;
      }
    }
    return count;
  }

  /** Marks {@code run} used now and removes the hosts of the runs idle too long; holds the lock. */
  private List<Entry> touch(String run) {
    long now = nanos.getAsLong();
    long[] use = lastUse.get(run);
    if (use == null) {
      lastUse.put(run, new long[] {now});
    } else {
      use[0] = now;
    }
    return removeIdle(now);
  }

  /** Removes the hosts of the runs idle too long at {@code now}; holds the lock. */
  private List<Entry> removeIdle(long now) {
    // A loop that allocates only when a run is idle: every call of every key comes here.
    List<String> idle = null;
    for (Map.Entry<String, long[]> use : lastUse.entrySet()) {
      if (now - use.getValue()[0] > IDLE_RELEASE_NANOS) {
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

  /**
   * Removes a run's slots and forgets the run; returns its hosts, those a call has now included (a
   * call that puts its host back later caches it again). Holds the lock.
   */
  private List<Entry> removeRun(String run) {
    lastUse.remove(run);
    List<Entry> gone = new ArrayList<>();
    int kept = 0;
    for (int i = 0, n = ring.size(); i < n; i++) {
      Slot slot = ring.get(i);
      if (!slot.key.run().equals(run)) {
        ring.set(kept++, slot);
        continue;
      }
      slots.remove(slot.key);
      if (slot.entry != null) {
        if (!slot.taken) {
          weight -= slot.entry.weight();
          gone.add(slot.entry);
        }
      }
    }
    ring.subList(kept, ring.size()).clear();
    hand = 0;
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
