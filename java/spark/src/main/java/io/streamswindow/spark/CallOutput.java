package io.streamswindow.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;

/**
 * Where a host's output goes during the current call: the host's sink is built once, and a host
 * that lives across micro-batches ({@link OperatorHostCache}) writes each call's rows to that
 * call's list.
 */
final class CallOutput {
  private List<Row> rows = new ArrayList<>();

  /** Starts a call: its rows go to {@code target}. */
  void into(List<Row> target) {
    rows = target;
  }

  void add(Row row) {
    rows.add(row);
  }
}
