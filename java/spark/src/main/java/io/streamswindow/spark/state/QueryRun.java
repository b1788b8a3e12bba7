package io.streamswindow.spark.state;

import org.apache.spark.TaskContext;

/**
 * The streaming query run a key's call belongs to, and whether the call's task is the first
 * attempt: what tells a key's state saved a moment ago by the same run (its time goes on, each
 * timer due since firing at its own instant) from state read back after a restart or a failure
 * (time catches up at once, as IBM's runtime does after a restore; docs/semantics.md, "Time between
 * calls").
 *
 * <pre>{@code
 * QueryRun run = QueryRun.ofTask();
 * if (run.continues(read.run())) {
 *   host.continueFrom(read.checkpoint(), chunks);
 * } else {
 *   host.restore(read.checkpoint(), chunks);
 * }
 * }</pre>
 *
 * @param id the run's id, which a restart of the query changes; null outside a streaming query
 * @param firstAttempt whether the call's task and stage are first attempts (nothing failed since
 *     the state was saved)
 */
public record QueryRun(String id, boolean firstAttempt) {
  /** The task property naming the streaming query a task belongs to; absent outside one. */
  static final String QUERY_ID_PROPERTY = "sql.streaming.queryId";

  /**
   * The task property naming the streaming query run, where Spark sets it (not in every mode of
   * every line: micro-batches on Spark 4.2 leave it out).
   */
  static final String RUN_ID_PROPERTY = "sql.streaming.runId";

  /**
   * The task property of the job group, which a streaming query's thread sets to its run id on
   * every Spark line, so that stopping the run cancels its jobs.
   */
  static final String JOB_GROUP_PROPERTY = "spark.jobGroup.id";

  /** No streaming query: a batch DataFrame, or a call outside any Spark task. */
  static final QueryRun NONE = new QueryRun(null, false);

  /** The run of the Spark task the calling thread runs, or {@link #NONE}. */
  public static QueryRun ofTask() {
    TaskContext task = TaskContext.get();
    if (task == null) {
      return NONE;
    }
    String run = null;
    if (task.getLocalProperty(QUERY_ID_PROPERTY) != null) {
      run = task.getLocalProperty(RUN_ID_PROPERTY);
      if (run == null) {
        run = task.getLocalProperty(JOB_GROUP_PROPERTY);
      }
    }
    return new QueryRun(run, task.attemptNumber() == 0 && task.stageAttemptNumber() == 0);
  }

  /** Whether state saved by {@code savedRun} (null: no run recorded) continues in this call. */
  public boolean continues(String savedRun) {
    return firstAttempt && id != null && id.equals(savedRun);
  }
}
