package io.streamswindow.spark;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.WindowUtilities;
import io.streamswindow.engine.EngineWindow;
import io.streamswindow.engine.TimeDomain;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.streaming.GroupState;
import org.apache.spark.sql.types.StructType;

/**
 * Runs the operator on one group (one window partition, or the whole window when it is not
 * partitioned) in one micro-batch, inside Spark's {@code flatMapGroupsWithState}.
 *
 * <p>For each call: build an {@link OperatorHost} on the batch's clock, initialize the operator,
 * restore the group's saved state if there is one ({@code StateHandler.reset}), make the ports
 * ready, fire what time made due, unpack the group's packed rows ({@link RowPacker}) and feed
 * their tuples in arrival order ({@link ArrivalOrder}), then save the state again
 * ({@code drain} and {@code checkpoint}) and ask Spark for a processing-time timeout at the next
 * window deadline. A batch DataFrame ends with a {@code FINAL_MARKER} instead. What the operator
 * submitted on output port 0 becomes the returned rows.
 */
final class WindowedOperatorFunction implements FlatMapGroupsWithStateFunction<Row, Row, byte[], Row> {
  private static final long serialVersionUID = 1L;

  private final OperatorPlan plan;
  private final StructType tupleStruct;
  private transient HostRecipe recipe;
  private transient RowTupleConverter output;
  /** Turns an input tuple back into a row of the input's columns (late tuples, late_output). */
  private transient RowTupleConverter tupleRows;
  private transient ArrivalOrder order;
  private transient int outputWidth;
  /** For each partition_by column, its index among the output columns, or -1. */
  private transient int[] keyOutputColumns;

  WindowedOperatorFunction(OperatorPlan plan, StructType tupleStruct) {
    this.plan = plan;
    this.tupleStruct = tupleStruct;
  }

  private void prepare() {
    if (recipe != null) {
      return;
    }
    output = new RowTupleConverter(plan.output(), plan.output(), plan.outputSchema());
    SplSchema tuples = plan.inputSchema(tupleStruct);
    tupleRows = new RowTupleConverter(tupleStruct, tupleStruct, tuples);
    order =
        new ArrivalOrder(
            PackedRows.schema(plan.input(), plan.partitionBy()), new RowTupleConverter(tupleStruct, tupleStruct, tuples),
            plan.partitionBy(), plan.orderBy(), plan.markerColumn() != null);
    outputWidth = plan.output().fields().length;
    List<String> outputColumns = List.of(plan.output().fieldNames());
    keyOutputColumns = plan.partitionBy().stream().mapToInt(outputColumns::indexOf).toArray();
    recipe =
        HostRecipe.of(
            WindowedOperators.loadOperatorClass(plan.operatorClass()), tuples,
            plan.windowSpec(), output.schema(), plan.parameters(), plan.partitionBy());
  }

  @Override
  public Iterator<Row> call(Row key, Iterator<Row> packedRows, GroupState<byte[]> state) throws Exception {
    List<Row> results = new ArrayList<>();
    OperatorHost host = null;
    try {
      prepare();
      BatchClock clock = new BatchClock(state.getCurrentProcessingTimeMs());
      host = recipe.initialized(clock, sink(results, key));
      returnDroppedTuples(host, results, key);
      if (state.exists()) {
        host.reset(state.get());
      }
      host.allPortsReady();
      OperatorHost entered = host;
      boolean eventTime = recipe.window().isTimeInterval();
      long watermark = eventTime && plan.streaming() ? movedWatermark(host, state) : Long.MIN_VALUE;
      // One entry into the host for the whole group, not one per tuple.
      host.batch(
          () -> {
            entered.advanceTime(clock.nanos());
            if (watermark != Long.MIN_VALUE) {
              entered.advanceWatermark(watermark);
            }
            order.deliver(
                packedRows,
                (tuple, marker) -> {
                  if (marker) {
                    entered.punctuate(0, Punctuation.WINDOW_MARKER);
                  } else {
                    entered.submit(0, tuple);
                  }
                });
            if (plan.markerPerBatch()) {
              entered.punctuate(0, Punctuation.WINDOW_MARKER);
            }
            if (plan.streaming()) {
              save(entered, clock, state);
            } else {
              if (eventTime) {
                // A batch input is all there is: the watermark is +infinity at its end, so every
                // pane triggers once, on complete, and closes before the final marker.
                entered.advanceWatermark(Long.MAX_VALUE);
              }
              entered.punctuate(0, Punctuation.FINAL_MARKER);
            }
          });
    } catch (Exception | LinkageError e) {
      throw WindowedOperatorException.of(plan, plan.partitionBy().isEmpty() ? null : key, e);
    } finally {
      if (host != null) {
        host.shutdown();
      }
    }
    return results.iterator();
  }

  /**
   * What the operator submits on output port 0, as result rows: the output columns, then the
   * punctuation column and the late-tuple column when the plan has them (null on tuple rows).
   */
  private OutputSink sink(List<Row> results, Row key) {
    int width = outputWidth;
    boolean showMarks = plan.punctuationColumn() != null;
    int extra = (showMarks ? 1 : 0) + (plan.lateColumn() != null ? 1 : 0);
    Object[] keyTemplate = keyTemplate(key, width + extra);
    return new OutputSink() {
      @Override
      public void tuple(int port, Tuple tuple) {
        if (port != 0) {
          return; // only output port 0 becomes the result
        }
        Row row = output.toRow(tuple);
        if (extra == 0) {
          results.add(row);
          return;
        }
        Object[] values = new Object[width + extra];
        for (int i = 0; i < width; i++) {
          values[i] = row.get(i);
        }
        results.add(RowFactory.create(values));
      }

      @Override
      public void mark(int port, Punctuation mark) {
        if (port == 0 && showMarks) {
          Object[] values = keyTemplate.clone();
          values[width] = mark.name();
          results.add(RowFactory.create(values));
        }
      }
    };
  }

  /**
   * A row of {@code length} columns that names its group: the partition_by columns the output has
   * hold the key, the others are null. Punctuation rows and late-tuple rows start from it.
   */
  private Object[] keyTemplate(Row key, int length) {
    Object[] template = new Object[length];
    for (int i = 0; i < keyOutputColumns.length; i++) {
      if (keyOutputColumns[i] >= 0) {
        template[keyOutputColumns[i]] = key.get(i);
      }
    }
    return template;
  }

  /**
   * With {@code late_output}, a tuple the timeInterval window drops (every pane it belongs to has
   * closed) becomes a result row: the group's key in the partition_by output columns, the tuple
   * itself in the late-tuple column (the last), every other column null.
   */
  private void returnDroppedTuples(OperatorHost host, List<Row> results, Row key) {
    if (plan.lateColumn() == null || !(host.window(0) instanceof EngineWindow<Tuple> window)) {
      return;
    }
    Object[] template = keyTemplate(key, resultWidth());
    int lateIndex = template.length - 1;
    window.onDropped(
        tuple -> {
          Object[] values = template.clone();
          values[lateIndex] = tupleRows.toRow(tuple);
          results.add(RowFactory.create(values));
        });
  }

  private int resultWidth() {
    return outputWidth + (plan.punctuationColumn() != null ? 1 : 0) + (plan.lateColumn() != null ? 1 : 0);
  }

  /**
   * A partitioned window whose operator registered no partitioner (in {@code initialize}) is
   * partitioned by the {@code partition_by} columns, with {@code WindowUtilities}' key semantics.
   *
   * @throws IllegalArgumentException when a column's type cannot be a partition attribute (only
   *     strings, booleans and integers can)
   */
  static void registerDefaultPartitioner(OperatorHost host, List<String> partitionBy) {
    StreamWindow<Tuple> w = host.window(0);
    if (w instanceof EngineWindow<Tuple> engine && engine.isPartitioned() && !engine.hasPartitioner()) {
      WindowUtilities.registerAttributePartitioner(w, partitionBy.toArray(new String[0]));
    }
  }

  /**
   * The micro-batch's watermark in nanoseconds if it has moved past the one the key's window last
   * received, else {@code Long.MIN_VALUE}. The window receives it before the micro-batch's tuples.
   * A watermark notification is a move of Spark's watermark, as IBM's runtime receives a watermark
   * only when event time advances: so a tuple for a complete pane triggers it again at the next
   * move, in a later micro-batch (docs/decisions.md), not at the end of its own.
   */
  private static long movedWatermark(OperatorHost host, GroupState<byte[]> state) {
    long watermark = watermarkNanos(state);
    return host.window(0) instanceof EngineWindow<Tuple> window && watermark > window.watermark()
        ? watermark
        : Long.MIN_VALUE;
  }

  /**
   * Spark's watermark for this micro-batch in nanoseconds, or {@code Long.MIN_VALUE} before the
   * query has one (Spark says 0 until its first micro-batch with data is done).
   */
  private static long watermarkNanos(GroupState<byte[]> state) {
    long ms = state.getCurrentWatermarkMs();
    return ms <= 0 ? Long.MIN_VALUE : Math.multiplyExact(ms, 1_000_000L);
  }

  private void save(OperatorHost host, BatchClock clock, GroupState<byte[]> state) throws Exception {
    host.drain();
    state.update(host.checkpoint(clock.nanos() / 1_000_000L));
    if (recipe.window().isTimeInterval() && host.window(0) instanceof EngineWindow<Tuple> engine) {
      long deadline = engine.nextDeadline(TimeDomain.EVENT_TIME);
      if (deadline != Long.MAX_VALUE) {
        // Spark calls a group whose event-time timeout is strictly before the watermark, which is
        // in milliseconds: the last millisecond before the deadline (rounded up to a millisecond),
        // and never before the current watermark, which Spark refuses.
        long deadlineMs = Math.floorDiv(deadline, 1_000_000L) + (Math.floorMod(deadline, 1_000_000L) == 0 ? 0 : 1);
        state.setTimeoutTimestamp(Math.max(deadlineMs - 1, Math.max(0L, state.getCurrentWatermarkMs())));
      }
      return;
    }
    if (recipe.window().usesTime() && host.window(0) instanceof EngineWindow<Tuple> engine) {
      long deadline = engine.nextDeadline(TimeDomain.PROCESSING_TIME);
      if (deadline != Long.MAX_VALUE) {
        // Spark calls a timed-out group only in a micro-batch whose time is strictly after the
        // timeout, so the timeout is the last millisecond before the deadline (rounded up to a
        // millisecond): a micro-batch at the deadline itself fires it. Spark takes no duration
        // under a millisecond, so a deadline a millisecond away waits for a later micro-batch.
        long untilDeadline = (deadline - clock.nanos() + 999_999L) / 1_000_000L;
        state.setTimeoutDuration(Math.max(1L, untilDeadline - 1));
      }
    }
  }
}
