package io.streamswindow.spark.run;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.WindowUtilities;
import io.streamswindow.engine.EngineWindow;
import io.streamswindow.engine.TimeDomain;
import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.RestoreFailedException;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.errors.CorruptStateException;
import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.errors.IncompatibleRestartException;
import io.streamswindow.spark.errors.StreamsWindowThrowable;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.rows.ArrivalOrder;
import io.streamswindow.spark.rows.OrderValues;
import io.streamswindow.spark.rows.PackedRows;
import io.streamswindow.spark.rows.PortArrivals;
import io.streamswindow.spark.rows.TupleOrder;
import io.streamswindow.spark.state.ChecksummedChunks;
import io.streamswindow.spark.state.KeyState;
import io.streamswindow.spark.state.PlanFingerprint;
import io.streamswindow.spark.state.SavedKeyState;
import io.streamswindow.spark.types.RowTupleConverter;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the operator on one group (one window partition, or the whole window when it is not
 * partitioned) in one micro-batch, against the group's {@link KeyState}, whichever Spark API holds
 * it.
 *
 * <p>For each call: build an {@link OperatorHost} on the batch's clock, initialize the operator,
 * restore the group's saved state if there is one ({@code StateHandler.reset}), make the ports
 * ready, fire what time made due, unpack the group's packed rows ({@code RowPacker}) and feed their
 * tuples in arrival order ({@link ArrivalOrder}), then save the state again ({@code drain} and
 * {@code checkpoint}) and ask Spark to call the key again at the next window deadline. A batch
 * DataFrame ends with a {@code FINAL_MARKER} instead. What the operator submitted on output port 0
 * becomes the returned rows.
 */
public final class WindowedGroupRunner implements Serializable {
  private static final long serialVersionUID = 1L;

  private static final Logger LOG = LoggerFactory.getLogger(WindowedGroupRunner.class);

  private final OperatorPlan plan;

  /**
   * The metrics the query observes, in the order of the metrics column's array; null when that
   * column is a map, which carries each changed metric by name ({@link
   * OperatorObservation#observedNames}).
   */
  private final List<String> observedMetrics;

  /** This plan among the plans of one query run in {@link OperatorHostCache}. */
  private final String planScope = UUID.randomUUID().toString();

  private transient HostRecipe recipe;

  /** Whether a window of the recipe uses time: asked at every save, known once. */
  private transient boolean processingTime;

  /** The result rows of this plan's calls: the operator's tuples, marks and reports. */
  private transient ResultRows resultRows;

  private transient ArrivalOrder order;

  /** The arrivals of every input port, when the operator has more than one; else null. */
  private transient PortArrivals portArrivals;

  /**
   * A stream's {@code order_by} values, which each key keeps for its last tuple to count the rows
   * that go back from one micro-batch to the next ({@link OperatorPlan#countsRowsBehind()}); null
   * when the plan does not count them.
   */
  private transient OrderValues orderValues;

  /** What the saved state depends on, saved with it and checked when it is read back. */
  private transient PlanFingerprint fingerprint;

  /** {@link #fingerprint}'s digest, which each key's saved value carries. */
  private transient byte[] digest;

  /**
   * A runner of {@code plan}. A streaming key keeps its live host between micro-batches when its
   * {@link KeyState} names a scope for live hosts ({@link OperatorHostCache}); otherwise every call
   * builds one.
   *
   * @param plan what to run
   */
  public WindowedGroupRunner(OperatorPlan plan) {
    this(plan, null);
  }

  /**
   * A runner whose report rows carry the changes of {@code observedMetrics} as an array in that
   * order, or, when it is null, every changed metric in a map by name.
   */
  public WindowedGroupRunner(OperatorPlan plan, List<String> observedMetrics) {
    this.plan = plan;
    this.observedMetrics = observedMetrics == null ? null : List.copyOf(observedMetrics);
  }

  private void prepare() {
    if (recipe != null) {
      return;
    }
    resultRows = new ResultRows(plan, observedMetrics, planScope);
    StructType tupleStruct = plan.tuplesOf(0);
    SplSchema tuples = plan.inputSchema(tupleStruct);
    order =
        new ArrivalOrder(
            PackedRows.schema(plan.input(), plan.partitionBy(), plan.streaming()),
            new RowTupleConverter(tupleStruct, tupleStruct, tuples),
            plan.partitionBy(),
            plan.orderBy(),
            plan.markerColumn() != null);
    orderValues = plan.countsRowsBehind() ? new OrderValues(tuples, plan.orderBy()) : null;
    fingerprint = PlanFingerprint.of(plan);
    digest = fingerprint.digest();
    List<HostRecipe.Port> ports = new ArrayList<>();
    ports.add(new HostRecipe.Port(tuples, plan.windowSpec()));
    if (plan.inputPorts() > 1) {
      List<ArrivalOrder> arrivals = new ArrayList<>(List.of(order));
      List<TupleOrder> orders = new ArrayList<>();
      if (!plan.orderBy().isEmpty()) {
        orders.add(new TupleOrder(tuples, plan.orderBy()));
      }
      for (int port = 1; port < plan.inputPorts(); port++) {
        OperatorPlan portPlan = plan.ofPort(port);
        StructType portTuples = plan.tuplesOf(port);
        SplSchema portSchema = portPlan.inputSchema(portTuples);
        arrivals.add(
            new ArrivalOrder(
                PackedRows.schema(portPlan.input(), plan.partitionBy(), plan.streaming()),
                new RowTupleConverter(portTuples, portTuples, portSchema),
                plan.partitionBy(),
                plan.orderBy(),
                false));
        if (!plan.orderBy().isEmpty()) {
          orders.add(new TupleOrder(portSchema, plan.orderBy()));
        }
        ports.add(new HostRecipe.Port(portSchema, portPlan.windowSpec()));
      }
      portArrivals =
          new PortArrivals(
              PackedRows.schema(plan.input(), plan.partitionBy(), plan.streaming()),
              arrivals,
              plan.orderBy().isEmpty() ? null : orders);
    }
    recipe =
        HostRecipe.of(
            HostRecipe.loadOperatorClass(plan.operatorClass()),
            ports,
            plan.outputSchemas(),
            plan.parameters(),
            plan.partitionBy(),
            plan.directories());
    processingTime = recipe.usesProcessingTime();
  }

  /**
   * Runs one call: the key's rows of one micro-batch (none when Spark calls it for time).
   *
   * @return the result rows
   * @throws WindowedOperatorException what the operator or the host failed with, naming the key
   */
  public List<Row> run(Row key, Iterator<Row> packedRows, KeyState state) {
    List<Row> results = new ArrayList<>();
    OperatorHostCache.Entry live = null;
    if (PackedRows.isDefinition(plan, key)) {
      try {
        prepare();
        checkDefinition(state);
      } catch (Exception | LinkageError e) {
        throw plan.failure(null, e);
      }
      return results;
    }
    try {
      prepare();
      live = hostFor(key, state, results);
      OperatorHost host = live.host();
      BatchClock clock = live.clock();
      boolean eventTime = recipe.window().isTimeInterval();
      long watermark = eventTime && plan.streaming() ? movedWatermark(host, state) : Long.MIN_VALUE;
      long[] generation = {0};
      Behind behind = orderValues == null ? null : new Behind(live.lastOrder());
      OperatorMetricValues metricsBefore = OperatorMetricValues.of(host);
      // One entry into the host for the whole group, not one per tuple.
      host.batch(
          () -> {
            host.advanceTime(clock.nanos());
            if (watermark != Long.MIN_VALUE) {
              host.advanceWatermark(watermark);
            }
            if (portArrivals == null) {
              order.deliver(
                  packedRows,
                  (tuple, marker) -> {
                    if (marker) {
                      host.punctuate(0, Punctuation.WINDOW_MARKER);
                    } else {
                      if (behind != null) {
                        behind.arrive(tuple);
                      }
                      host.submit(0, tuple);
                    }
                  });
            } else {
              portArrivals.deliver(
                  packedRows,
                  (port, tuple, marker) -> {
                    if (marker) {
                      host.punctuate(port, Punctuation.WINDOW_MARKER);
                    } else {
                      if (behind != null && port == 0) {
                        // Rows behind order_by are counted on port 0, whose order values the
                        // key keeps (docs/python.md, "Several input ports").
                        behind.arrive(tuple);
                      }
                      host.submit(port, tuple);
                    }
                  });
            }
            if (plan.markerPerBatch()) {
              host.punctuate(0, Punctuation.WINDOW_MARKER);
            }
            if (plan.streaming()) {
              generation[0] = save(host, clock, state, behind == null ? null : behind.last());
            } else {
              if (eventTime) {
                // A batch input is all there is: the watermark is +infinity at its end, so every
                // pane triggers once, on complete, and closes before the final marker.
                host.advanceWatermark(Long.MAX_VALUE);
              }
              // Every port's input ends, in port order, as its tuples arrived.
              for (int port = 0; port < plan.inputPorts(); port++) {
                host.punctuate(port, Punctuation.FINAL_MARKER);
              }
            }
          });
      if (state.liveHostScope() != null && plan.streaming()) {
        live.output().end();
        live.saved(
            generation[0],
            OperatorHostCache.HOST_WEIGHT + host.tupleCount(),
            behind == null ? null : behind.last());
        OperatorHostCache.shared().put(state.liveHostScope(), planScope, key, live);
        live = null;
      }
      if (behind != null && behind.count > 0) {
        resultRows.reportBehind(key, behind.count, behind.before, behind.firstValues, results);
      }
      resultRows.reportMetrics(key, metricsBefore.changesIn(host), results);
    } catch (Exception | LinkageError e) {
      throw plan.failure(
          plan.partitionBy().isEmpty() ? null : PackedRows.partitionKey(plan, key), e);
    } finally {
      if (live != null) {
        try {
          live.host().shutdown();
        } catch (Exception e) {
          throw plan.failure(
              plan.partitionBy().isEmpty() ? null : PackedRows.partitionKey(plan, key), e);
        }
      }
    }
    return results;
  }

  /**
   * The key's host for this call, on the call's clock: its live host when one is cached for the
   * state the store holds ({@link OperatorHostCache}), resumed with each timer due since firing at
   * its own instant; otherwise one built, initialized and restored from the store: continuing its
   * time when the same query run saved that state, catching up at once after a restart ({@link
   * QueryRun}).
   */
  private OperatorHostCache.Entry hostFor(Row key, KeyState state, List<Row> results)
      throws Exception {
    if (state.liveHostScope() != null) {
      OperatorHostCache.Entry cached =
          OperatorHostCache.shared()
              .take(state.liveHostScope(), planScope, key, state.generation());
      if (cached != null) {
        cached.output().into(results);
        cached.clock().moveTo(state.processingTimeMs());
        cached.host().resume();
        return cached;
      }
    }
    BatchClock clock = new BatchClock(state.processingTimeMs());
    CallOutput output = new CallOutput();
    output.into(results);
    OperatorHost host = recipe.initialized(clock, resultRows.sink(output, key));
    Object[] lastOrder = null;
    try {
      resultRows.returnDroppedTuples(host, output, key);
      byte[] saved = state.checkpoint();
      if (saved != null) {
        lastOrder = restore(host, saved, state, key);
      }
      host.allPortsReady();
    } catch (Exception | LinkageError e) {
      HostRecipe.shutDownAfter(host, e);
      throw e;
    }
    return new OperatorHostCache.Entry(host, clock, output, 0, 0, lastOrder);
  }

  /**
   * The rows of one call whose {@code order_by} values come before those of the last tuple the key
   * processed in an earlier micro-batch. Inside a micro-batch the order is order_by's ({@link
   * ArrivalOrder}), so such rows are the call's first ones, and the first row that does not go back
   * ends the comparisons (docs/python.md, "Streams").
   */
  private final class Behind {
    /** The values of the key's last tuple before this call, or null. */
    private final Object[] before;

    private boolean caughtUp;
    private Tuple lastTuple;
    long count;

    /** The first row that went back: its values. */
    Object[] firstValues;

    Behind(Object[] before) {
      this.before = before;
      this.caughtUp = before == null;
    }

    void arrive(Tuple tuple) {
      if (!caughtUp) {
        if (orderValues.before(tuple, before)) {
          if (count++ == 0) {
            firstValues = orderValues.of(tuple);
          }
        } else {
          caughtUp = true;
        }
      }
      lastTuple = tuple;
    }

    /** The values of the key's last tuple after this call, or null when it has processed none. */
    Object[] last() {
      return lastTuple != null ? orderValues.of(lastTuple) : before;
    }
  }

  /**
   * The definition record's call: the first micro-batch of a query saves the query's definition;
   * every later one compares its own with it and refuses a restart that changed it, in the first
   * micro-batch with data, whose failure commits nothing, even when that micro-batch reads no key
   * saved before (a new partition_by gives new keys only).
   */
  private void checkDefinition(KeyState state) throws IOException {
    byte[] saved = state.checkpoint();
    String owner = owner(null);
    if (saved == null) {
      state.save(SavedKeyState.wrap(fingerprint.toBytes(), new byte[0], null, null), 1);
      return;
    }
    List<DefinitionChange> changes =
        fingerprint.changesFrom(SavedKeyState.unwrap(saved, owner).definition());
    if (!changes.isEmpty()) {
      throw IncompatibleRestartException.changed(owner, changes);
    }
  }

  /**
   * Restores a key's saved state into {@code host}, refusing, with the key and where its state
   * lives named, state whose bytes are damaged ({@link CorruptStateException}) and state written
   * for another query definition or that the operator no longer reads ({@link
   * IncompatibleRestartException}): never a window started afresh in their place
   * (docs/reliability.md).
   *
   * @return the {@code order_by} values of the key's last tuple, or null
   */
  private Object[] restore(OperatorHost host, byte[] saved, KeyState state, Row key)
      throws Exception {
    String owner = owner(key);
    SavedKeyState.Read read = SavedKeyState.unwrap(saved, owner);
    List<DefinitionChange> changes =
        Arrays.equals(digest, read.definition())
            ? List.of()
            : fingerprint.changesFrom(read.definition());
    if (!changes.isEmpty()) {
      throw IncompatibleRestartException.changed(owner, changes);
    }
    TupleChunkStore chunks =
        state.chunks() == null ? null : new ChecksummedChunks(state.chunks(), owner);
    try {
      if (state.run().continues(read.run())) {
        host.continueFrom(read.checkpoint(), chunks);
      } else {
        host.restore(read.checkpoint(), chunks);
      }
    } catch (RestoreFailedException e) {
      throw restoreFailure(owner, e);
    }
    if (orderValues == null || read.lastOrder() == null) {
      return null;
    }
    try {
      return orderValues.decode(read.lastOrder());
    } catch (IOException | RuntimeException e) {
      throw new CorruptStateException(
          owner, "the order_by value of its last tuple does not decode: " + e);
    }
  }

  /**
   * What a failed step of restoring intact bytes means: a chunk missing or inconsistent (damaged
   * state), a state handler that no longer reads its data, or windows or a checkpoint that do not
   * (the code that reads them changed). A failure after the state was read (an event firing as time
   * caught up) is the operator's own and does not come here.
   */
  private static Exception restoreFailure(String owner, RestoreFailedException e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof CorruptStateException corrupt) {
        return corrupt;
      }
    }
    return switch (e.step()) {
      case STATE_HANDLERS ->
          IncompatibleRestartException.unreadable(
              owner, "the operator's StateHandler.reset", e.getCause());
      case WINDOWS ->
          // The engine reads a window's chunks by the counts its checkpoint lists: a chunk missing
          // or not matching them is state lost from the store.
          StreamsWindowThrowable.root(e) instanceof java.io.IOException root
              ? new CorruptStateException(owner, "its windows do not restore: " + root)
              : IncompatibleRestartException.unreadable(
                  owner, "restoring its windows", e.getCause());
      case CHECKPOINT ->
          IncompatibleRestartException.unreadable(owner, "reading its checkpoint", e.getCause());
    };
  }

  /**
   * The key and where its state lives, for messages about its saved state: the query id (which the
   * query's checkpointLocation records in its metadata file), the micro-batch and the state
   * partition, as Spark's task says them.
   */
  private String owner(Row key) {
    String who =
        key == null
            ? "the query's definition record"
            : plan.partitionBy().isEmpty()
                ? "the window (not partitioned)"
                : "key " + PackedRows.partitionKey(plan, key);
    TaskContext task = TaskContext.get();
    if (task == null) {
      return who;
    }
    return who
        + " (query "
        + task.getLocalProperty("sql.streaming.queryId")
        + ", micro-batch "
        + task.getLocalProperty("streaming.sql.batchId")
        + ", state partition "
        + task.partitionId()
        + ")";
  }

  /**
   * A partitioned window whose operator registered no partitioner (in {@code initialize}) is
   * partitioned by the {@code partition_by} columns, with {@code WindowUtilities}' key semantics.
   *
   * @throws IllegalArgumentException when a column's type cannot be a partition attribute (only
   *     strings, booleans and integers can)
   */
  static void registerDefaultPartitioner(OperatorHost host, List<String> partitionBy) {
    for (int port = 0; port < host.inputs().size(); port++) {
      registerDefaultPartitioner(host, port, partitionBy);
    }
  }

  /** {@link #registerDefaultPartitioner(OperatorHost, List)} for input port {@code port}. */
  private static void registerDefaultPartitioner(
      OperatorHost host, int port, List<String> partitionBy) {
    EngineWindow<Tuple> window = host.engineWindow(port);
    if (window != null && window.isPartitioned() && !window.hasPartitioner()) {
      StreamSchema tuples = host.inputs().get(port).getStreamSchema();
      boolean anyColumn = false;
      for (String column : partitionBy) {
        anyColumn |= tuples.getAttribute(column) != null;
      }
      if (!anyColumn) {
        // partition_by_keys_only left the columns out: only the operator can say what a partition
        // is.
        throw new IllegalArgumentException(
            "the window is partitioned and the operator registered no partitioner in initialize;"
                + " the default one partitions by the partition_by attributes, and "
                + OperatorPlan.KEYS_ONLY_OPTION
                + " leaves "
                + partitionBy
                + " out of the tuples: register a partitioner (StreamWindow.registerPartitioner),"
                + " or pass the columns as attributes");
      }
      WindowUtilities.registerAttributePartitioner(window, partitionBy.toArray(new String[0]));
    }
  }

  /**
   * The micro-batch's watermark in nanoseconds if it has moved past the one the key's window last
   * received, else {@code Long.MIN_VALUE}. The window receives it before the micro-batch's tuples.
   * A watermark notification is a move of Spark's watermark, as IBM's runtime receives a watermark
   * only when event time advances: so a tuple for a complete pane triggers it again at the next
   * move, in a later micro-batch (docs/decisions.md), not at the end of its own.
   */
  private static long movedWatermark(OperatorHost host, KeyState state) {
    long watermark = watermarkNanos(state);
    EngineWindow<Tuple> window = host.engineWindow(0);
    return window != null && watermark > window.watermark() ? watermark : Long.MIN_VALUE;
  }

  /**
   * Spark's watermark for this micro-batch in nanoseconds, or {@code Long.MIN_VALUE} before the
   * query has one (Spark says 0 until its first micro-batch with data is done).
   */
  private static long watermarkNanos(KeyState state) {
    long ms = state.watermarkMs();
    return ms <= 0 ? Long.MIN_VALUE : Math.multiplyExact(ms, 1_000_000L);
  }

  /**
   * Saves the key's state, with {@code lastOrder} (the order_by values of its last tuple, or null),
   * and asks for its next wake-up; returns the saved state's generation.
   */
  private long save(OperatorHost host, BatchClock clock, KeyState state, Object[] lastOrder)
      throws Exception {
    host.drain();
    long generation = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
    TupleChunkStore chunks =
        state.chunks() == null ? null : new ChecksummedChunks(state.chunks(), null);
    byte[] checkpoint = host.checkpoint(clock.nanos() / 1_000_000L, chunks);
    state.save(
        SavedKeyState.wrap(
            digest,
            checkpoint,
            lastOrder == null ? null : orderValues.encode(lastOrder),
            state.run().id()),
        generation);
    EngineWindow<Tuple> window = host.engineWindow(0);
    if (recipe.window().isTimeInterval() && window != null) {
      long deadline = window.nextDeadline(TimeDomain.EVENT_TIME);
      if (deadline != Long.MAX_VALUE) {
        state.wakeAtEventTime(deadline);
      }
      return generation;
    }
    if (processingTime) {
      // One wake-up per key: the earliest deadline of every port's window; advanceTime then
      // brings every port's window to the wake-up's time (docs/decisions.md, "Several input
      // ports").
      long deadline = Long.MAX_VALUE;
      for (int port = 0; port < plan.inputPorts(); port++) {
        EngineWindow<Tuple> portWindow = host.engineWindow(port);
        if (portWindow != null) {
          deadline = Math.min(deadline, portWindow.nextDeadline(TimeDomain.PROCESSING_TIME));
        }
      }
      if (deadline != Long.MAX_VALUE) {
        state.wakeAtProcessingTime(deadline, clock.nanos());
      }
    }
    return generation;
  }
}
