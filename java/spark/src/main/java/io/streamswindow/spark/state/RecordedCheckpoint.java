package io.streamswindow.spark.state;

import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.errors.IncompatibleRestartException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.types.StructType;

/**
 * What the checkpoint of a running streaming query was first planned with: its location, the state
 * layout ({@link StateLayoutRecord}) and, where recorded, the keys its state is grouped by ({@link
 * StateKeyRecord}). Read once per query run, by the rule each Spark line has for our stateful
 * operations ({@code StateLayoutRestartRule}), while Spark plans a micro-batch on the query's
 * thread: the one place where the query, and so its checkpoint, is known before Spark's own checks
 * of a restart run (docs/decisions.md, "State layout").
 *
 * <pre>{@code
 * RecordedCheckpoint recorded = RecordedCheckpoint.ofPlannedRun(session, layout, keys);
 * if (recorded != null) recorded.requireKeys(keys);  // refuses a key of other columns or types
 * }</pre>
 *
 * @param checkpoint the query's checkpoint location
 * @param layout the state layout it was written with
 * @param keys the key schemas of its stateful operations of ours, topmost first; null when the
 *     checkpoint was written before they were recorded
 */
record RecordedCheckpoint(String checkpoint, StateLayout layout, List<StructType> keys) {

  /** The local property Spark sets on a streaming query's thread: the query's id. */
  private static final String QUERY_ID = "sql.streaming.queryId";

  /** The records of each recent query run, read once per run: a run's checkpoint keeps them. */
  private static final Map<String, RecordedCheckpoint> RUNS =
      Collections.synchronizedMap(
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, RecordedCheckpoint> eldest) {
              return size() > 256;
            }
          });

  /**
   * The records of the query whose micro-batch {@code session} plans on this thread, recording
   * {@code plannedLayout} and {@code plannedKeys} first for a new query; null when this is not a
   * micro-batch, or the query was started from another session, or its checkpoint location cannot
   * be found (left to Spark's own checks).
   */
  static RecordedCheckpoint ofPlannedRun(
      SparkSession session, StateLayout plannedLayout, List<StructType> plannedKeys) {
    String queryId = session.sparkContext().getLocalProperty(QUERY_ID);
    if (queryId == null) {
      return null;
    }
    StreamingQuery query = session.streams().get(UUID.fromString(queryId));
    if (query == null) {
      return null;
    }
    String runId = query.runId().toString();
    RecordedCheckpoint recorded = RUNS.get(runId);
    if (recorded == null) {
      String checkpoint = checkpointRoot(query);
      if (checkpoint == null) {
        return null;
      }
      recorded = read(session, checkpoint, plannedLayout, plannedKeys);
      RUNS.put(runId, recorded);
    }
    return recorded;
  }

  /**
   * Refuses a plan whose stateful operations are grouped by keys of other columns or types than
   * those recorded ({@code planned}, topmost first), before Spark's own comparison with the state's
   * schema would refuse it in its words: a checkpoint without recorded keys, or with another number
   * of operations, is left to Spark.
   */
  void requireKeys(List<StructType> planned) {
    if (keys == null || keys.size() != planned.size()) {
      return;
    }
    for (int i = 0; i < planned.size(); i++) {
      DefinitionChange change = StateKeyRecord.change(keys.get(i), planned.get(i));
      if (change != null) {
        throw IncompatibleRestartException.changed("checkpoint " + checkpoint, List.of(change));
      }
    }
  }

  private static RecordedCheckpoint read(
      SparkSession session,
      String checkpoint,
      StateLayout plannedLayout,
      List<StructType> plannedKeys) {
    var hadoopConf = session.sparkContext().hadoopConfiguration();
    StateLayoutRecord layoutRecord = new StateLayoutRecord(checkpoint, hadoopConf);
    StateKeyRecord keyRecord = new StateKeyRecord(checkpoint, hadoopConf);
    try {
      StateLayout layout = layoutRecord.read();
      if (layout == null) {
        // A new query: its plan is what the checkpoint is written with.
        keyRecord.write(plannedKeys);
        layoutRecord.write(plannedLayout);
        return new RecordedCheckpoint(checkpoint, plannedLayout, plannedKeys);
      }
      return new RecordedCheckpoint(checkpoint, layout, keyRecord.read());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "streams-window could not read or record the state layout and key in " + checkpoint, e);
    }
  }

  /**
   * The checkpoint location of a running query: Spark's public API does not give it, its execution
   * does ({@code StreamingQueryWrapper.streamingQuery().resolvedCheckpointRoot()}, in every
   * supported line, whose package moved in 4.1). Null when not found.
   */
  private static String checkpointRoot(StreamingQuery query) {
    try {
      Object execution = query.getClass().getMethod("streamingQuery").invoke(query);
      return (String) execution.getClass().getMethod("resolvedCheckpointRoot").invoke(execution);
    } catch (ReflectiveOperationException | ClassCastException e) {
      return null;
    }
  }
}
