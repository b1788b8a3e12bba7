package io.streamswindow.engine;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.api.window.NonFiniteDeltaValues;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The window of one input port: holds the tuples of every partition, asks its policy objects what
 * to do, and delivers {@link StreamWindowEvent}s to the registered listener.
 *
 * <p>There is one path for every window kind. For an arriving tuple: due timers first, then {@code
 * [delta TRIGGER] → [INITIAL_FULL] → [EVICTION] → INSERTION → [INITIAL_FULL] → [TUMBLE or count
 * TRIGGER] → [partition eviction]}, each step only when the window's policies say so; whether a
 * count limit calls for partition eviction is judged before the first of them. Time is read from
 * the {@link Clock} the window is handed; {@link #advanceTo} fires due timers in time order, so a
 * {@link ManualClock} makes time policies deterministic.
 *
 * <p>Not thread-safe: the operator host serialises every call, which also gives listeners the
 * happens-before ordering IBM's API promises. Example:
 *
 * <pre>{@code
 * Window<Tuple> w = new Window<>(WindowSpec.tumbling(PolicySpec.count(4)), port, context,
 *     clock, DeltaResolver.none());
 * w.registerListener(event -> System.out.println(event.getType()), false);
 * w.start();
 * w.insert(tuple);   // INSERTION, and EVICTION of all four on every fourth tuple
 * }</pre>
 *
 * @param <T> the tuple type
 */
public final class Window<T> extends AbstractEngineWindow<T> implements NonFiniteDeltaValues {
  // ---- configuration
  private final Clock clock;

  private final EvictionPolicy<T> eviction;
  private final TriggerPolicy<T> trigger;
  private final PartitionEvictionPolicy<T> partitionEviction;
  private final boolean timed;
  private final boolean tracksInsertionOrder;

  /** Writes and reads the window's checkpoints. */
  private final WindowCheckpoint<T> format;

  // ---- per-partition state (all of it is checkpointed)
  private final Map<Object, Partition<T>> partitions = new LinkedHashMap<>();
  private final TimerQueue<T> timers = new TimerQueue<>();
  private long partitionSequence;
  private long tupleCount;
  private boolean started;
  private boolean finished;

  /** The partition of the previous arrival: runs of tuples of one key skip the map lookup. */
  private Partition<T> lastPartition;

  /**
   * After a reset, the first time step catches up at once instead of replaying every period missed,
   * as SPL restores a time window (docs/decisions.md, "Catch-up after a reset").
   */
  private boolean catchUpPending;

  /** The partitions the last checkpoint saved in chunks: those gone since lose their chunks. */
  private final ChunkedPartitions<NumberedEntries<T>> chunkedPartitions = new ChunkedPartitions<>();

  /**
   * Creates the window of {@code port}.
   *
   * @param spec the declaration
   * @param port the input port this window belongs to (may be null in engine-only tests)
   * @param context the operator's context, where listeners that are state handlers register
   * @param clock the time source of time policies
   * @param deltas resolves {@code delta} policies against the port's schema
   * @throws IllegalArgumentException when a delta policy does not suit the schema
   */
  public Window(
      WindowSpec spec,
      StreamingInput<T> port,
      OperatorContext context,
      Clock clock,
      DeltaResolver<T> deltas) {
    super(spec, port, context);
    if (spec.type() == StreamWindow.Type.NOT_WINDOWED) {
      throw new IllegalArgumentException("A port that is not windowed has no engine window");
    }
    if (spec.isTimeInterval()) {
      throw new IllegalArgumentException(
          "A timeInterval window is a TimeIntervalWindow: use EngineWindow.create(...)");
    }
    this.clock = Objects.requireNonNull(clock, "clock");
    this.eviction = EvictionPolicy.of(spec, deltas);
    this.trigger = TriggerPolicy.of(spec, deltas);
    this.partitionEviction = PartitionEvictionPolicy.of(spec.partitionEviction());
    this.timed = spec.usesTime();
    this.tracksInsertionOrder = spec.partitionEviction() != null;
    this.format = new WindowCheckpoint<>(spec, eviction.kind() == Policy.DELTA);
  }

  // ------------------------------------------------------------------ inputs

  /**
   * All ports are ready: the window's time starts. A window that is not partitioned creates its one
   * partition now (a time-evicting sliding window delivers INITIAL_FULL; tumbles and triggers are
   * due one period later). Calling it again does nothing.
   */
  @Override
  public void start() throws Exception {
    if (started) {
      return;
    }
    started = true;
    if (!spec.isPartitioned()) {
      createPartition(SOLE_PARTITION, clock.nanos());
    }
  }

  @Override
  public void insert(T tuple) throws Exception {
    // Only time policies read arrival times; a wall clock read is a good part of an insertion.
    long now = timed ? clock.nanos() : 0L;
    advanceTo(now);
    Object key = partitionOf(tuple);
    Partition<T> p =
        lastPartition != null && !lastPartition.evicted && Objects.equals(lastPartition.key, key)
            ? lastPartition
            : partitions.get(key);
    if (p == null) {
      p = createPartition(key, now);
    } else if (tracksInsertionOrder) {
      // Least recently inserted first: move the partition to the end.
      partitions.remove(key);
      partitions.put(key, p);
    }
    lastPartition = p;
    if (p.evicted) {
      // The listener evicted the new partition when it was created; the tuple goes nowhere.
    } else if (!tracksInsertionOrder) {
      arrive(p, tuple, now);
    } else {
      // A count limit is judged as the tuple arrives, counting it and its partition, before any
      // tumble it causes (docs/architecture.md, "The engine").
      boolean overLimit = partitionEviction.overLimit(partitions.size(), tupleCount + 1);
      int partitionsBefore = partitions.size();
      arrive(p, tuple, now);
      // A listener that evicted partitions during the tuple's events until the window was within
      // its limit has done the eviction itself (docs/decisions.md, "Partition eviction by count").
      boolean listenerEvicted = partitions.size() < partitionsBefore && !needsPartitionEviction();
      if (overLimit && !(listenerEvicted && partitionEviction.judgedAfterTheEvents())) {
        evictOverLimit();
      }
    }
    schedule(p);
  }

  /** The single arrival path, the same for every window kind. */
  private void arrive(Partition<T> p, T tuple, long now) throws Exception {
    if (trigger.beforeInsert(p, tuple) == TriggerResult.FIRE
        && !fire(StreamWindowEvent.Type.TRIGGER, p, EntryTuples.of(removals, p.entries))) {
      return;
    }
    Entry<T> entry = new Entry<>(tuple, now, eviction.valueOf(tuple));
    Eviction before = eviction.beforeInsert(p, entry);
    if (before != Eviction.NONE) {
      if (eviction.initialFull() == InitialFull.BEFORE_FIRST_EVICTION
          && !p.seenInitialFull
          && !initialFull(p)) {
        return;
      }
      if (!evict(p, before)) {
        return;
      }
    }
    p.append(entry);
    p.lastInsertAt = now;
    tupleCount++;
    if (!fire(StreamWindowEvent.Type.INSERTION, p, EntryTuples.of(removals, entry))) {
      return;
    }
    if (eviction.initialFull() == InitialFull.WHEN_FILLED
        && !p.seenInitialFull
        && eviction.isFull(p)
        && !initialFull(p)) {
      return;
    }
    if (!evict(p, eviction.afterInsert(p))) {
      return;
    }
    if (trigger.afterInsert(p) == TriggerResult.FIRE) {
      fire(StreamWindowEvent.Type.TRIGGER, p, EntryTuples.of(removals, p.entries));
    }
  }

  /**
   * A punctuation mark arrives. WINDOW_MARKER tumbles every partition of a {@code punct()} window
   * (also when empty) and does nothing otherwise; FINAL_MARKER delivers pending time evictions and
   * then FINAL with each partition's contents.
   */
  @Override
  public void punctuate(StreamingData.Punctuation mark) throws Exception {
    advanceTo(clock.nanos());
    if (mark == StreamingData.Punctuation.WINDOW_MARKER) {
      for (Partition<T> p : snapshot()) {
        if (!p.evicted) {
          evict(p, eviction.onWindowMarker(p));
          schedule(p);
        }
      }
    } else if (mark == StreamingData.Punctuation.FINAL_MARKER) {
      for (Partition<T> p : snapshot()) {
        if (!p.evicted) {
          fire(StreamWindowEvent.Type.FINAL, p, EntryTuples.of(removals, p.entries));
        }
      }
      finished = true;
      timers.clear();
    }
  }

  /**
   * Fires every timer due at or before {@code now}, in time order, each at its own instant: time
   * evictions, then time triggers, tumbles, and partition ages. After a reset, the first call
   * catches up at once: what expired while the operator was down leaves in one EVICTION, an overdue
   * tumble happens once.
   */
  public void advanceTo(long now) throws Exception {
    advanceTo(TimeDomain.PROCESSING_TIME, now);
  }

  /** Every policy of this window runs on processing time: the watermark is ignored. */
  @Override
  public void advanceTo(TimeDomain domain, long now) throws Exception {
    if (domain != TimeDomain.PROCESSING_TIME) {
      return;
    }
    if (!started) {
      start();
    }
    if (!timed || finished) {
      return;
    }
    if (catchUpPending) {
      catchUpPending = false;
      for (Partition<T> p : snapshot()) {
        onTime(p, now);
        schedule(p);
      }
      return;
    }
    Partition<T> p;
    while ((p = timers.pollDue(now)) != null) {
      long at = p.scheduledAt;
      p.scheduledAt = Long.MAX_VALUE;
      onTime(p, at);
      schedule(p);
    }
  }

  private void onTime(Partition<T> p, long now) throws Exception {
    if (p.evicted || !evict(p, eviction.onTime(p, now))) {
      return;
    }
    if (trigger.onTime(p, now) == TriggerResult.FIRE
        && !fire(StreamWindowEvent.Type.TRIGGER, p, EntryTuples.of(removals, p.entries))) {
      return;
    }
    if (partitionEviction.expired(p, now)) {
      evictPartition(p);
    }
  }

  @Override
  public long getNonFiniteDeltaValueCount() {
    long count = 0;
    if (eviction instanceof DeltaEvictionPolicy<T> delta) {
      count += delta.nonFiniteValues();
    }
    if (trigger instanceof DeltaTriggerPolicy<T> delta) {
      count += delta.nonFiniteValues();
    }
    return count;
  }

  /**
   * The earliest instant at which {@link #advanceTo} would fire something, or {@code
   * Long.MAX_VALUE}.
   */
  public long nextDeadline() {
    return nextDeadline(TimeDomain.PROCESSING_TIME);
  }

  @Override
  public long nextDeadline(TimeDomain domain) {
    if (domain != TimeDomain.PROCESSING_TIME) {
      return Long.MAX_VALUE;
    }
    if (!timed || finished) {
      return Long.MAX_VALUE;
    }
    return catchUpPending ? clock.nanos() : timers.next();
  }

  /**
   * Delivers the evictions that are due now (IBM's drain: outstanding EVICTION events complete).
   */
  @Override
  public void drain() throws Exception {
    advanceTo(clock.nanos());
  }

  // ------------------------------------------------------------------ partitions

  private Partition<T> createPartition(Object key, long now) throws Exception {
    Partition<T> p = new Partition<>(key, partitionSequence++, now);
    partitions.put(key, p);
    eviction.onCreate(p, now);
    trigger.onCreate(p, now);
    if (eviction.initialFull() == InitialFull.ON_CREATION) {
      initialFull(p);
    }
    schedule(p);
    return p;
  }

  /**
   * The eviction an arrival over a {@code partitionCount} or {@code tupleCount} limit causes: the
   * empty partitions at the least recently inserted end, up to the first one that holds tuples
   * (also those the limit would not need), then the least recently inserted ones while the window
   * is still over its limit (docs/decisions.md, "Partition eviction by count").
   */
  private void evictOverLimit() throws Exception {
    while (!partitions.isEmpty()) {
      Partition<T> oldest = partitions.values().iterator().next();
      if (!oldest.isEmpty()) {
        break;
      }
      evictPartition(oldest);
    }
    while (!partitions.isEmpty() && needsPartitionEviction()) {
      evictPartition(partitions.values().iterator().next());
    }
  }

  private void evictPartition(Partition<T> p) throws Exception {
    partitions.remove(p.key);
    p.evicted = true;
    tupleCount -= p.size();
    ArrayDeque<Entry<T>> remaining = p.entries;
    p.entries = new ArrayDeque<>();
    deliver(StreamWindowEvent.Type.PARTITION_EVICTION, p, EntryTuples.of(removals, remaining));
  }

  private List<Partition<T>> snapshot() {
    return new ArrayList<>(partitions.values());
  }

  private void schedule(Partition<T> p) {
    if (timed && !p.evicted && !finished) {
      long at =
          Math.min(
              Math.min(eviction.deadline(p), trigger.deadline(p)), partitionEviction.deadline(p));
      if (at != Long.MAX_VALUE) {
        timers.schedule(p, at);
      }
    }
  }

  // ------------------------------------------------------------------ applying decisions

  /** Marks and delivers INITIAL_FULL; false when the listener evicted the partition meanwhile. */
  private boolean initialFull(Partition<T> p) throws Exception {
    p.seenInitialFull = true;
    return fire(StreamWindowEvent.Type.INITIAL_FULL, p, EntryTuples.of(removals, p.entries));
  }

  /**
   * Applies an eviction decision to a partition and delivers EVICTION. A tumble is delivered even
   * when the partition is empty; a sliding eviction only when it shows a tuple (one whose tuple a
   * listener removed still leaves, but silently).
   *
   * @return false when the listener evicted the partition while handling the event
   */
  private boolean evict(Partition<T> p, Eviction decision) throws Exception {
    if (decision.kind == Eviction.Kind.NONE) {
      return true;
    }
    EntryTuples<T> leaving;
    if (decision.kind == Eviction.Kind.OLDEST && decision.count == 1) {
      // The sliding count window's every arrival: no collection for the one leaving entry.
      leaving = EntryTuples.of(removals, p.entries.pollFirst());
      tupleCount--;
    } else {
      Collection<Entry<T>> taken = take(p, decision);
      tupleCount -= taken.size();
      leaving = EntryTuples.of(removals, taken);
    }
    if (decision.kind != Eviction.Kind.ALL && leaving.isEmpty()) {
      return true;
    }
    return fire(StreamWindowEvent.Type.EVICTION, p, leaving);
  }

  /** Removes the entries a decision names from the partition, in window order. */
  private Collection<Entry<T>> take(Partition<T> p, Eviction decision) {
    switch (decision.kind) {
      case ALL:
        ArrayDeque<Entry<T>> all = p.entries;
        p.entries = new ArrayDeque<>();
        return all;
      case OLDEST:
        int n = Math.min(decision.count, p.size());
        List<Entry<T>> oldest = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          oldest.add(p.entries.pollFirst());
        }
        return oldest;
      case MATCHING:
        List<Entry<T>> matching = new ArrayList<>();
        for (Iterator<Entry<T>> it = p.entries.iterator(); it.hasNext(); ) {
          Entry<T> e = it.next();
          if (decision.matches.test(e.deltaValue)) {
            matching.add(e);
            it.remove();
          }
        }
        return matching;
      default:
        throw new AssertionError(decision);
    }
  }

  /** Delivers an event; false when the listener evicted the partition while handling it. */
  private boolean fire(StreamWindowEvent.Type type, Partition<T> p, Iterable<T> tuples)
      throws Exception {
    deliver(type, p, tuples);
    return !p.evicted;
  }

  private void deliver(StreamWindowEvent.Type type, Partition<T> p, Iterable<T> tuples)
      throws Exception {
    StreamWindowListener<T> l = listener();
    if (l != null) {
      l.handleEvent(new StreamWindowEvent<>(type, this, p.key, tuples));
    }
  }

  // ------------------------------------------------------------------ checkpoint and reset

  /**
   * Writes the window's complete state: every partition's tuples and the progress of every policy
   * (trigger counts, delta boundaries, next tumble and trigger instants, insertion order), so that
   * {@link #reset} can carry on exactly. The format starts with a magic number and a version, and
   * the declaration, so a checkpoint is never restored into a different window.
   */
  @Override
  public void checkpoint(DataOutput out, TupleCodec<T> codec) throws IOException {
    checkpoint(out, codec, null);
  }

  /**
   * Writes the window's state as {@link #checkpoint(DataOutput, TupleCodec)} does, except that the
   * tuples of a partition holding more entries than {@code store} puts in a chunk go into {@code
   * store} in chunks, of which only those changed since the previous checkpoint are written (see
   * {@link PartitionChunks}); the checkpoint lists them. Chunks of partitions gone since are
   * removed.
   *
   * @param store where large partitions keep their tuples; null to write every tuple inline
   */
  @Override
  public void checkpoint(DataOutput out, TupleCodec<T> codec, TupleChunkStore store)
      throws IOException {
    Set<NumberedEntries<T>> chunked = chunkedPartitions.choose(partitions.values(), store);
    format.write(
        out,
        new WindowCheckpoint.Contents<>(
            started, finished, partitionSequence, partitions.values(), List.of()),
        chunked,
        codec,
        store);
  }

  /**
   * Discards the window's contents without events and restores them from a checkpoint written by
   * {@link #checkpoint}; partitions not in the checkpoint are gone. Time keeps running: the next
   * {@link #advanceTo} (the host calls it straight after) evicts what expired meanwhile and
   * performs overdue tumbles at once.
   *
   * @throws IOException when the data is not a window checkpoint of this declaration
   */
  @Override
  public void reset(DataInput in, TupleCodec<T> codec) throws IOException {
    reset(in, codec, null);
  }

  /**
   * Restores a checkpoint written by {@link #checkpoint(DataOutput, TupleCodec, TupleChunkStore)}
   * with the same store, reading the chunks it lists.
   *
   * @param store the store the checkpoint's chunks are in; null when it has none
   * @throws IOException when the data is not a window checkpoint of this declaration, or a chunk it
   *     lists is missing or does not match
   */
  @Override
  public void reset(DataInput in, TupleCodec<T> codec, TupleChunkStore store) throws IOException {
    WindowCheckpoint.Contents<T> restored = format.read(in, codec, store);
    clear();
    started = restored.started();
    finished = restored.finished();
    partitionSequence = restored.partitionSequence();
    for (Partition<T> p : restored.partitions()) {
      tupleCount += p.size();
      partitions.put(p.key, p);
      schedule(p);
    }
    chunkedPartitions.restored(restored.loadedFromChunks());
    catchUpPending = started && timed;
  }

  @Override
  public void catchUpAtNextTimeStep(boolean catchUp) {
    catchUpPending = catchUp && started && timed;
  }

  @Override
  public long tupleCount() {
    return tupleCount;
  }

  /**
   * Discards everything without events, as if the window had just been created; it starts again (a
   * non-partitioned window recreating its partition) when processing resumes.
   */
  @Override
  public void resetToInitialState() {
    clear();
    started = false;
    finished = false;
    partitionSequence = 0;
  }

  private void clear() {
    lastPartition = null;
    for (Partition<T> p : partitions.values()) {
      p.evicted = true;
    }
    partitions.clear();
    timers.clear();
    tupleCount = 0;
    catchUpPending = false;
  }

  // ------------------------------------------------------------------ StreamWindow

  @Override
  public Type getType() {
    return spec.type();
  }

  @Override
  public Policy getEvictionPolicy() {
    return eviction.kind();
  }

  @Override
  public Policy getTriggerPolicy() {
    return trigger.kind();
  }

  @Override
  public void evictPartition(Object partition) throws Exception {
    WindowRules.requirePartitioned(spec, port);
    Partition<T> p = partitions.get(partition);
    if (p != null) {
      evictPartition(p);
    }
  }

  /**
   * A read-only snapshot of one partition's tuples, oldest first, without those a listener removed;
   * empty for a partition the window does not hold. For an operator that reads another port's
   * window as a tuple arrives (SPL's Join matches a tuple against the other port's window).
   */
  public List<T> partitionTuples(Object partition) {
    Partition<T> p = partitions.get(partition);
    if (p == null) {
      return List.of();
    }
    List<T> tuples = new ArrayList<>(p.size());
    for (T tuple : EntryTuples.of(removals, p.entries)) {
      tuples.add(tuple);
    }
    return Collections.unmodifiableList(tuples);
  }

  /**
   * A read-only snapshot of the partition keys, least recently inserted first when partitions are
   * evicted by policy.
   */
  @Override
  public Collection<?> getPartitions() {
    return Collections.unmodifiableList(new ArrayList<>(partitions.keySet()));
  }

  @Override
  public boolean needsPartitionEviction() {
    return partitionEviction.overLimit(partitions.size(), tupleCount);
  }

  @Override
  public String toString() {
    return "Window(" + spec + ", " + partitions.size() + " partitions, " + tupleCount + " tuples)";
  }
}
