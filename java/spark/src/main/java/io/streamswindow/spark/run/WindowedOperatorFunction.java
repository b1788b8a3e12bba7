package io.streamswindow.spark.run;

import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.state.KeyState;
import io.streamswindow.spark.state.QueryRun;
import io.streamswindow.spark.state.WakeUpTimes;
import java.util.Iterator;
import org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.GroupState;

/**
 * The operator inside Spark's {@code flatMapGroupsWithState}: each key's whole checkpoint is one
 * state value, rewritten in every micro-batch that calls the key. Batch DataFrames always run this
 * way (they keep no state), and streams do when the session's state store is not RocksDB, which
 * {@link WindowedOperatorProcessor}'s chunked layout needs (docs/architecture.md, "State layout").
 */
public final class WindowedOperatorFunction
    implements FlatMapGroupsWithStateFunction<Row, Row, byte[], Row> {
  private static final long serialVersionUID = 1L;

  private final WindowedGroupRunner runner;

  public WindowedOperatorFunction(OperatorPlan plan) {
    this(plan, null);
  }

  /**
   * A function whose report rows carry {@code observedMetrics} by index ({@link
   * WindowedGroupRunner}).
   */
  public WindowedOperatorFunction(OperatorPlan plan, java.util.List<String> observedMetrics) {
    this.runner = new WindowedGroupRunner(plan, observedMetrics);
  }

  @Override
  public Iterator<Row> call(Row key, Iterator<Row> packedRows, GroupState<byte[]> state) {
    return call(key, packedRows, state, QueryRun.ofTask());
  }

  /** {@link #call}, in the query run {@code run} (the Spark path's conformance runner says it). */
  public Iterator<Row> call(
      Row key, Iterator<Row> packedRows, GroupState<byte[]> state, QueryRun run) {
    return runner.run(key, packedRows, new GroupKeyState(state, run)).iterator();
  }

  /** One key's state as {@code GroupState} holds it: one value and one timeout. */
  private record GroupKeyState(GroupState<byte[]> state, QueryRun run) implements KeyState {
    @Override
    public long processingTimeMs() {
      return state.getCurrentProcessingTimeMs();
    }

    @Override
    public long watermarkMs() {
      return state.getCurrentWatermarkMs();
    }

    @Override
    public byte[] checkpoint() {
      return state.exists() ? state.get() : null;
    }

    @Override
    public TupleChunkStore chunks() {
      return null;
    }

    @Override
    public long generation() {
      return 0; // hosts are not kept: every call rebuilds its host from the one value
    }

    @Override
    public void save(byte[] checkpoint, long generation) {
      state.update(checkpoint);
    }

    @Override
    public void wakeAtProcessingTime(long deadlineNanos, long nowNanos) {
      state.setTimeoutDuration(WakeUpTimes.timeoutDuration(deadlineNanos, nowNanos));
    }

    @Override
    public void wakeAtEventTime(long deadlineNanos) {
      state.setTimeoutTimestamp(
          WakeUpTimes.timeoutTimestamp(deadlineNanos, state.getCurrentWatermarkMs()));
    }
  }
}
