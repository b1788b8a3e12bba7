package io.streamswindow.spark;

import io.streamswindow.spark.line.SupportedSpark;
import io.streamswindow.spark.state.StateLayout;

/**
 * What a plan whose rows arrive one by one ({@code RowArrival#PER_ROW}, the {@code real_time}
 * option) needs of the session, checked when the plan is built: Spark's real-time mode ({@code
 * trigger(realTime=...)}) exists from Spark 4.3, and runs {@code transformWithState}, the chunked
 * state layout, but not the single-value layout's {@code flatMapGroupsWithState}. Each refusal is
 * one line naming the alternative (docs/python.md, "Real-time mode").
 *
 * <pre>{@code
 * RealTimeMode.require(session.version(), StateLayout.of(session)); // before building the plan
 * }</pre>
 */
final class RealTimeMode {
  private RealTimeMode() {}

  /** The oldest Spark line with real-time mode. */
  static final String SINCE = "4.3";

  /**
   * Returns when a per-row plan can run in real-time mode on Spark {@code sparkVersion} with {@code
   * layout}.
   *
   * @throws IllegalArgumentException naming what is missing and the alternative
   */
  static void require(String sparkVersion, StateLayout layout) {
    if (!SupportedSpark.atLeast(sparkVersion, 4, 3)) {
      throw new IllegalArgumentException(
          "real_time: Spark's real-time mode needs Spark "
              + SINCE
              + " or later, and this session runs Spark "
              + sparkVersion
              + ": leave real_time out to run the stream in micro-batches");
    }
    if (layout != StateLayout.CHUNKED) {
      throw new IllegalArgumentException(
          "real_time: Spark's real-time mode runs the chunked state layout only"
              + " (transformWithState), and this session gives the "
              + layout.settingValue()
              + " layout: set "
              + StateLayout.PROVIDER
              + " to org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"
              + " (sw.configure() does) and leave "
              + StateLayout.SETTING
              + " unset, or leave real_time out to run in micro-batches");
    }
  }
}
