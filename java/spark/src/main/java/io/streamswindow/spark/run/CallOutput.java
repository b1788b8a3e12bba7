package io.streamswindow.spark.run;

import java.util.List;
import org.apache.spark.sql.Row;

/**
 * Where a host's output goes during the current call: the host's sink is built once, and a host
 * that lives across micro-batches ({@link OperatorHostCache}) writes each call's rows to that
 * call's list.
 */
final class CallOutput {
  private List<Row> rows;

  /** Starts a call: its rows go to {@code target}. */
  void into(List<Row> target) {
    rows = target;
  }

  /**
   * Ends the call: its rows have been handed to Spark, and the cached host must not keep them. What
   * the host emits until its next call (from a thread of its own) is dropped, as it is for a host
   * shut down after its call.
   */
  void end() {
    rows = null;
  }

  void add(Row row) {
    if (rows != null) {
      rows.add(row);
    }
  }
}
