package io.streamswindow.engine;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.api.window.PaneTiming;
import io.streamswindow.api.window.TimeIntervalStreamWindow;
import io.streamswindow.api.window.TimeIntervalWindowEvent;
import io.streamswindow.api.window.WindowPane;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * The window of a port declared {@code timeInterval}: event-time panes {@code [k·P + O, k·P + O +
 * D)}, each partitioned like the window, driven by the watermark alone.
 *
 * <p>A tuple whose event time is earlier than the watermark minus the discard age {@code A} is
 * dropped and counted ({@link #droppedCount()}), even when a pane holding its time is still open;
 * any other tuple goes into every pane that holds its event time (one INSERTION per pane), and a
 * pane is created by its first tuple, so an empty pane never triggers. The window reacts to a
 * watermark only when it is later than the last one it received (an equal or earlier one does
 * nothing). On receipt, each pane whose end the watermark has reached, in start order: completes if
 * it was incomplete (INITIAL_FULL for each partition, then TRIGGER for each, index 0, {@link
 * PaneTiming#PANE_ON_COMPLETE}); else triggers again the partitions that received tuples since
 * their last trigger (late tuples: index 1, 2..., {@link PaneTiming#PANE_LATE}); then closes if the
 * watermark is also at or past {@code end + A}: one EVICTION per partition with its tuples, which
 * are discarded. Within a pane, partitions go in creation order. Processing time is ignored.
 * FINAL_MARKER delivers FINAL for each partition of each open pane, and the window then ignores the
 * watermark. Every event is a {@link TimeIntervalWindowEvent}, which names the pane.
 *
 * <p>Not thread-safe: the host serialises every call.
 *
 * @param <T> the tuple type
 */
public final class TimeIntervalWindow<T> extends AbstractEngineWindow<T>
    implements TimeIntervalStreamWindow<T> {
  // ---- configuration
  private final PaneLayout layout;

  private final ToLongFunction<T> eventTime;

  /** Writes and reads the window's checkpoints. */
  private final TimeIntervalCheckpoint<T> format;

  /** The panes as the storage sees them: it opens panes and partitions through the window. */
  private final PaneStorage.Panes<T> storagePanes = new StoragePanes();

  // ---- checkpointed state
  /** The open panes by index, so in start order. */
  private final OpenPanes<T> panes = new OpenPanes<>();

  private long watermark = Long.MIN_VALUE;
  private long dropped;

  /** Where a dropped tuple goes besides the count, or null (not checkpointed: set by the host). */
  private java.util.function.Consumer<? super T> droppedTuples;

  private boolean finished;

  /** The creation number of the next pane partition: it names the partition's chunks. */
  private long partitionSequence;

  /** The partitions the last checkpoint saved in chunks (not checkpointed). */
  private final ChunkedPartitions<NumberedEntries<T>> chunkedPartitions = new ChunkedPartitions<>();

  /**
   * Where the panes' tuples are: a copy in every pane holding one, until {@link #sliceTuples()}
   * makes it each tuple once, by slice.
   */
  private PaneStorage<T> storage;

  /** Whether INSERTION events are delivered ({@link #omitInsertionEvents()}). */
  private boolean insertionEvents = true;

  /**
   * Creates the window of {@code port}.
   *
   * @param spec a timeInterval declaration with its event-time attribute
   * @param port the input port (may be null in engine-only tests)
   * @param context the operator's context, where listeners that are state handlers register
   * @param attributes resolves the event-time attribute against the port's schema
   * @throws IllegalArgumentException when the declaration is not a timeInterval one, has no
   *     event-time attribute, or the attribute does not suit the schema
   */
  public TimeIntervalWindow(
      WindowSpec spec,
      StreamingInput<T> port,
      OperatorContext context,
      DeltaResolver<T> attributes) {
    super(spec, port, context);
    if (!spec.isTimeInterval()) {
      throw new IllegalArgumentException("Not a timeInterval window: " + spec);
    }
    if (spec.eventTime() == null) {
      throw new IllegalArgumentException(
          "The timeInterval window \""
              + spec
              + "\" needs the attribute that holds each tuple's event time: "
              + "declare it with WindowSpec.withEventTime(name) (in SPL, the stream's @eventTime annotation)");
    }
    this.layout = PaneLayout.of(spec.timeInterval());
    this.eventTime = attributes.eventTime(spec.eventTime());
    this.format = new TimeIntervalCheckpoint<>(spec, layout);
    this.storage = new PerPaneStorage<>(layout, storagePanes, removals);
  }

  /**
   * The tuples held over all open panes: a tuple in several panes counts in each, except in a
   * sliced window, which holds each tuple once and counts it once.
   */
  @Override
  public long tupleCount() {
    return storage.tupleCount();
  }

  @Override
  public long watermark() {
    return watermark;
  }

  /**
   * Hands every tuple dropped from now on (its event time earlier than the watermark minus the
   * discard age) to {@code sink}, besides counting it: the Spark adapter returns them as rows when
   * asked ({@code late_output}).
   *
   * @param sink receives each dropped tuple, in arrival order; null to stop
   */
  @Override
  public void onDropped(java.util.function.Consumer<? super T> sink) {
    this.droppedTuples = sink;
  }

  /**
   * How many tuples were dropped because their event time was earlier than the watermark minus the
   * discard age, even while a pane holding that time was still open.
   */
  public long droppedCount() {
    return dropped;
  }

  // ------------------------------------------------------------------ inputs

  /** Nothing starts: a timeInterval window runs on the watermark alone. */
  @Override
  public void start() {}

  /** The partition of {@code key} in {@code pane}, created (last in order) when new. */
  private PanePartition<T> partitionOf(Pane<T> pane, Object key) {
    PanePartition<T> p = pane.lastFound;
    if (p != null && !p.evicted && Objects.equals(p.key, key)) {
      return p;
    }
    p = pane.partitions.get(key);
    if (p == null) {
      p = new PanePartition<>(key, partitionSequence++);
      pane.partitions.put(key, p);
    }
    pane.lastFound = p;
    return p;
  }

  /**
   * Stores the tuple in every pane that holds its event time ({@link PaneStorage}), creating those
   * that do not exist yet (incomplete until the next watermark received), or drops it when its
   * event time is earlier than the watermark minus the discard age (docs/decisions.md,
   * "timeInterval windows"). None of a tuple's panes can have closed when it is not dropped: each
   * ends after its event time.
   */
  @Override
  public void insert(T tuple) throws Exception {
    Object key = partitionOf(tuple);
    long time = eventTime.applyAsLong(tuple);
    if (layout.isDroppable(time, watermark)) {
      dropped++;
      if (droppedTuples != null) {
        droppedTuples.accept(tuple);
      }
      return;
    }
    storage.insert(tuple, key, time);
  }

  /**
   * WINDOW_MARKER is ignored; FINAL_MARKER delivers FINAL for every partition of every open pane.
   */
  @Override
  public void punctuate(StreamingData.Punctuation mark) throws Exception {
    if (mark != StreamingData.Punctuation.FINAL_MARKER || finished) {
      return;
    }
    finished = true;
    for (Pane<T> pane : panes.all()) {
      for (PanePartition<T> p : pane.snapshot()) {
        if (!p.evicted) {
          deliver(StreamWindowEvent.Type.FINAL, pane, p, tuplesOf(pane, p), nextTiming(pane));
        }
      }
    }
  }

  /**
   * Receives watermark {@code time} when it is later than the last one received; an earlier or
   * equal one does nothing at all, pending late triggers included. On receipt each pane the
   * watermark has reached the end of, in start order, completes (INITIAL_FULL for its partitions,
   * if it was incomplete), triggers the partitions that received tuples since their last trigger,
   * then closes if the watermark is also at or past its end plus the discard age
   * (docs/decisions.md, "timeInterval windows"). Processing time is ignored.
   */
  @Override
  public void advanceTo(TimeDomain domain, long time) throws Exception {
    if (domain != TimeDomain.EVENT_TIME || finished || time <= watermark) {
      return;
    }
    watermark = time;
    // Only panes whose end the watermark has reached can complete, trigger or close; the later
    // ones are all incomplete (panes end in start order), so a watermark never walks them.
    for (Pane<T> pane : completePanes()) {
      if (pane.state == PaneState.INCOMPLETE) {
        complete(pane);
      } else if (pane.hasPendingTrigger()) {
        triggerUpdated(pane, PaneTiming.PANE_LATE);
      }
      if (layout.closesAt(pane.index) <= watermark) {
        close(pane);
      }
    }
  }

  /**
   * The smallest watermark at which something happens: the next watermark received when a pane is
   * due then (a late trigger pending, or a pane created after the watermark passed its end), else
   * the next pane end or close; {@code Long.MAX_VALUE} for processing time or when nothing is due.
   */
  @Override
  public long nextDeadline(TimeDomain domain) {
    if (domain != TimeDomain.EVENT_TIME || finished) {
      return Long.MAX_VALUE;
    }
    for (Pane<T> pane : completePanes()) {
      if (pane.state == PaneState.INCOMPLETE || pane.hasPendingTrigger()) {
        return watermark == Long.MAX_VALUE ? Long.MAX_VALUE : watermark + 1;
      }
    }
    return nextInstant();
  }

  /**
   * The open panes the watermark has completed, in start order: those whose end is at or before it,
   * the earliest of the open panes (panes complete in start order, as their ends come).
   */
  private List<Pane<T>> completePanes() {
    return panes.upTo(layout.lastPaneEndingBy(watermark));
  }

  /** Nothing is due without a watermark: a timeInterval window has nothing to drain. */
  @Override
  public void drain() {}

  /**
   * The next pane end or close: the close of the earliest open pane (closes come in start order) or
   * the end of the earliest incomplete one, whichever is first.
   */
  private long nextInstant() {
    if (panes.isEmpty()) {
      return Long.MAX_VALUE;
    }
    Pane<T> first = panes.first();
    long next =
        first.state == PaneState.INCOMPLETE
            ? layout.end(first.index)
            : layout.closesAt(first.index);
    Pane<T> incomplete = panes.firstAfter(layout.lastPaneEndingBy(watermark));
    if (incomplete != null && incomplete.state == PaneState.INCOMPLETE) {
      next = Math.min(next, layout.end(incomplete.index));
    }
    return next;
  }

  // ------------------------------------------------------------------ pane transitions

  private void complete(Pane<T> pane) throws Exception {
    pane.state = PaneState.COMPLETE;
    for (PanePartition<T> p : pane.snapshot()) {
      if (!p.evicted) {
        deliver(
            StreamWindowEvent.Type.INITIAL_FULL,
            pane,
            p,
            tuplesOf(pane, p),
            PaneTiming.PANE_ON_COMPLETE);
      }
    }
    triggerUpdated(pane, PaneTiming.PANE_ON_COMPLETE);
  }

  /**
   * Triggers the partitions that received tuples since their last trigger, all with the pane's
   * index, which then counts one trigger of the pane: the index is the pane's, not the partition's,
   * as in IBM's runtime (docs/decisions.md, "timeInterval windows").
   */
  private void triggerUpdated(Pane<T> pane, PaneTiming timing) throws Exception {
    if (!pane.hasPendingTrigger()) {
      return;
    }
    long index = pane.triggers++;
    for (PanePartition<T> p : pane.snapshot()) {
      if (p.updated && !p.evicted) {
        p.updated = false;
        deliver(StreamWindowEvent.Type.TRIGGER, pane, p, tuplesOf(pane, p), index, timing);
      }
    }
  }

  private void close(Pane<T> pane) throws Exception {
    pane.state = PaneState.CLOSED;
    panes.remove(pane);
    for (PanePartition<T> p : pane.snapshot()) {
      if (!p.evicted) {
        deliver(StreamWindowEvent.Type.EVICTION, pane, p, tuplesOf(pane, p), PaneTiming.PANE_LATE);
      }
    }
    storage.closed(pane);
  }

  /** The tuples an event of {@code pane}'s partition {@code p} shows, in arrival order. */
  private Iterable<T> tuplesOf(Pane<T> pane, PanePartition<T> p) {
    return storage.tuplesOf(pane, p);
  }

  /** The timing of the next trigger of a pane: on complete while incomplete, late afterwards. */
  private static PaneTiming nextTiming(Pane<?> pane) {
    return pane.state == PaneState.INCOMPLETE ? PaneTiming.PANE_ON_COMPLETE : PaneTiming.PANE_LATE;
  }

  private void deliver(
      StreamWindowEvent.Type type,
      Pane<T> pane,
      PanePartition<T> p,
      Iterable<T> tuples,
      PaneTiming timing)
      throws Exception {
    deliver(type, pane, p, tuples, pane.triggers, timing);
  }

  private void deliver(
      StreamWindowEvent.Type type,
      Pane<T> pane,
      PanePartition<T> p,
      Iterable<T> tuples,
      long index,
      PaneTiming timing)
      throws Exception {
    StreamWindowListener<T> l = listener();
    if (l != null) {
      l.handleEvent(
          new TimeIntervalWindowEvent<>(type, this, p.key, tuples, pane.interval, index, timing));
    }
  }

  /** The window's panes as its storage sees them. */
  private final class StoragePanes implements PaneStorage.Panes<T> {
    @Override
    public Pane<T> open(long k) {
      Pane<T> pane = panes.get(k);
      if (pane == null) {
        pane = new Pane<>(k, new WindowPane(layout.start(k), layout.end(k)), PaneState.INCOMPLETE);
        panes.add(pane);
      }
      return pane;
    }

    @Override
    public Pane<T> get(long k) {
      return panes.get(k);
    }

    @Override
    public List<Pane<T>> all() {
      return panes.all();
    }

    @Override
    public PanePartition<T> partition(Pane<T> pane, Object key) {
      return partitionOf(pane, key);
    }

    @Override
    public long nextPartitionNumber() {
      return partitionSequence++;
    }

    @Override
    public long watermark() {
      return watermark;
    }

    @Override
    public void inserted(Pane<T> pane, PanePartition<T> p, Entry<T> entry) throws Exception {
      if (insertionEvents) {
        deliver(
            StreamWindowEvent.Type.INSERTION,
            pane,
            p,
            EntryTuples.of(removals, entry),
            nextTiming(pane));
      }
    }
  }

  // ------------------------------------------------------------------ checkpoint and reset

  /**
   * Writes the open panes with their partitions' tuples and trigger state, the watermark and the
   * dropped count, after a magic number, a version, the declaration and the event-time attribute.
   */
  @Override
  public void checkpoint(DataOutput out, TupleCodec<T> codec) throws IOException {
    checkpoint(out, codec, null);
  }

  /**
   * Writes the window's state as {@link #checkpoint(DataOutput, TupleCodec)} does, except that the
   * tuples of a partition holding more entries than {@code store} puts in a chunk (a pane's
   * partition, or a sliced window's partition) go into {@code store} in chunks, of which only those
   * changed since the previous checkpoint are written: a pane only grows until it closes, so that
   * is its tail chunk and the chunks a listener emptied a slot of (a sliced partition: the chunks
   * whose slices left). Chunks of partitions gone since (closed panes, evicted partitions) are
   * removed.
   *
   * @param store where large partitions keep their tuples; null to write every tuple inline
   */
  @Override
  public void checkpoint(DataOutput out, TupleCodec<T> codec, TupleChunkStore store)
      throws IOException {
    // A partition gone since, or one of the windows before a resetToInitialState, leaves with its
    // chunks.
    Set<NumberedEntries<T>> chunked = chunkedPartitions.choose(storage.checkpointed(), store);
    format.write(
        out,
        new TimeIntervalCheckpoint.Contents<>(
            finished,
            watermark,
            dropped,
            partitionSequence,
            panes.all(),
            storage.slices(),
            List.of()),
        chunked,
        codec,
        store);
  }

  /**
   * Replaces the window's state, without events, by a checkpoint's.
   *
   * @throws IOException when the data is not a timeInterval checkpoint of this declaration
   */
  @Override
  public void reset(DataInput in, TupleCodec<T> codec) throws IOException {
    reset(in, codec, null);
  }

  /**
   * Replaces the window's state, without events, by a checkpoint written by {@link
   * #checkpoint(DataOutput, TupleCodec, TupleChunkStore)}, reading chunked partitions from {@code
   * store}. A checkpoint of a window that kept its tuples per pane restores into a sliced window,
   * and the other way round: the panes, their triggers and their tuples in arrival order are the
   * same either way (docs/architecture.md, "Stream slicing").
   *
   * @throws IOException when the data is not a timeInterval checkpoint of this declaration, or a
   *     chunk it lists is missing from the store or does not match it
   */
  @Override
  public void reset(DataInput in, TupleCodec<T> codec, TupleChunkStore store) throws IOException {
    TimeIntervalCheckpoint.Contents<T> restored = format.read(in, codec, store, partitionSequence);
    resetToInitialState();
    finished = restored.finished();
    watermark = restored.watermark();
    dropped = restored.dropped();
    partitionSequence = restored.partitionSequence();
    for (Pane<T> pane : restored.panes()) {
      panes.add(pane);
    }
    storage.restored(restored.slices());
    chunkedPartitions.restored(restored.loadedFromChunks());
  }

  // ------------------------------------------------------------------ stream slicing

  /**
   * Keeps each tuple once, in the slice of its partition that holds its event time, instead of a
   * copy in every pane that holds it (docs/architecture.md, "Stream slicing"): for a listener that
   * reads the panes' tuples through {@link #keySlices} when a pane triggers, as SPL's {@code
   * Aggregate} does. Panes, their triggers, closes and checkpointed state are the same; events show
   * each pane's tuples as before (read-only), but no INSERTION is delivered.
   *
   * <pre>{@code
   * window.sliceTuples();   // before the first tuple, e.g. in the operator's initialize
   * }</pre>
   *
   * @throws IllegalStateException when the window already holds tuples
   */
  public void sliceTuples() {
    if (slicesTuples()) {
      return;
    }
    if (!panes.isEmpty()) {
      throw new IllegalStateException(
          "sliceTuples() must be called before the window holds tuples");
    }
    storage = new SlicedStorage<>(layout, storagePanes);
  }

  /**
   * Tells the window that its listener ignores INSERTION events, as SPL {@code Aggregate}'s does
   * (it aggregates a pane when the pane triggers): none is built. A tuple is in D/P panes, and an
   * event for each was a good part of an insertion's cost. Every other event is delivered as
   * before; a window that slices its tuples ({@link #sliceTuples()}) delivers no INSERTION anyway.
   *
   * <pre>{@code
   * window.omitInsertionEvents();   // e.g. where the operator registers its listener
   * }</pre>
   */
  public void omitInsertionEvents() {
    insertionEvents = false;
  }

  /** True when the window keeps its tuples in slices ({@link #sliceTuples()}). */
  public boolean slicesTuples() {
    return storage.slices() != null;
  }

  /** The slice width g, gcd(D, P), in nanoseconds; slices start at the offset O. */
  public long sliceWidthNanos() {
    return layout.sliceWidth();
  }

  /** The index of the first slice of {@code pane}, a pane of this window. */
  public long firstSlice(WindowPane pane) {
    return layout.firstSlice(layout.paneStartingAt(pane.getStartNanos()));
  }

  /** One past the index of the last slice of {@code pane}, a pane of this window. */
  public long endSlice(WindowPane pane) {
    return layout.endSlice(layout.paneStartingAt(pane.getStartNanos()));
  }

  /**
   * The slices of partition {@code key} in a sliced window, or null when it holds no tuples (or the
   * window does not slice).
   */
  public KeySlices<T> keySlices(Object key) {
    return storage.keySlices(key);
  }

  @Override
  public void resetToInitialState() {
    for (Pane<T> pane : panes.all()) {
      for (PanePartition<T> p : pane.partitions.values()) {
        p.evicted = true;
      }
    }
    panes.clear();
    storage.clear();
    watermark = Long.MIN_VALUE;
    dropped = 0;
    finished = false;
  }

  // ------------------------------------------------------------------ StreamWindow

  /** {@code SLIDING}: panes overlap and leave after a time, like a sliding time window's tuples. */
  @Override
  public Type getType() {
    return Type.SLIDING;
  }

  /** {@code TIME}: panes close a time (discardAge) after their end, in event time. */
  @Override
  public Policy getEvictionPolicy() {
    return Policy.TIME;
  }

  /** {@code TIME}: panes trigger when the watermark reaches their end. */
  @Override
  public Policy getTriggerPolicy() {
    return Policy.TIME;
  }

  /** Removes the partition from every open pane, with one PARTITION_EVICTION per pane. */
  @Override
  public void evictPartition(Object partition) throws Exception {
    WindowRules.requirePartitioned(spec, port);
    for (Pane<T> pane : panes.all()) {
      PanePartition<T> p = pane.partitions.remove(partition);
      if (p == null) {
        continue;
      }
      p.evicted = true;
      if (pane.partitions.isEmpty()) {
        panes.remove(pane);
      }
      deliver(
          StreamWindowEvent.Type.PARTITION_EVICTION, pane, p, tuplesOf(pane, p), nextTiming(pane));
    }
    storage.evicted(partition);
  }

  /** The partition keys of the open panes, panes in start order, partitions in creation order. */
  @Override
  public Collection<?> getPartitions() {
    Set<Object> keys = new LinkedHashSet<>();
    for (Pane<T> pane : panes.all()) {
      keys.addAll(pane.partitions.keySet());
    }
    return Collections.unmodifiableList(new ArrayList<>(keys));
  }

  /** Always false: timeInterval windows have no partition eviction policies. */
  @Override
  public boolean needsPartitionEviction() {
    return false;
  }

  // ------------------------------------------------------------------ TimeIntervalStreamWindow

  @Override
  public double getIntervalDuration() {
    return spec.timeInterval().intervalDuration();
  }

  @Override
  public double getCreationPeriod() {
    return spec.timeInterval().creationPeriod();
  }

  @Override
  public double getDiscardAge() {
    return spec.timeInterval().discardAge();
  }

  @Override
  public double getIntervalOffset() {
    return spec.timeInterval().intervalOffset();
  }

  @Override
  public String getEventTimeAttribute() {
    return spec.eventTime();
  }

  @Override
  public long getDroppedTupleCount() {
    return dropped;
  }

  /** The open panes' intervals in start order (for tests and diagnostics). */
  public List<WindowPane> openPanes() {
    List<WindowPane> out = new ArrayList<>();
    for (Pane<T> pane : panes.all()) {
      out.add(pane.interval);
    }
    return out;
  }

  @Override
  public String toString() {
    return "TimeIntervalWindow("
        + spec
        + ", "
        + panes.size()
        + " open panes, watermark "
        + watermark
        + ")";
  }
}
