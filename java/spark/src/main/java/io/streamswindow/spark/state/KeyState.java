package io.streamswindow.spark.state;

import io.streamswindow.engine.TupleChunkStore;

/**
 * What one key's call reads from and writes to Spark's state, whichever API holds it: {@code
 * flatMapGroupsWithState}'s one value per key ({@code WindowedOperatorFunction}) or {@code
 * transformWithState}'s value, map and timers ({@code WindowedOperatorProcessor}). {@link
 * WindowedGroupRunner} runs the operator against it.
 */
public interface KeyState {
  /** The micro-batch's processing time, milliseconds since the epoch. */
  long processingTimeMs();

  /** Spark's event-time watermark in milliseconds; 0 or less before the query has one. */
  long watermarkMs();

  /** The key's saved operator checkpoint, or null when the key has none yet. */
  byte[] checkpoint();

  /**
   * Where windows keep large partitions' tuples beside the checkpoint, or null to keep them in it.
   */
  TupleChunkStore chunks();

  /**
   * The generation of the saved checkpoint, which tells a live host that saved it ({@link
   * OperatorHostCache}) from a stale one; 0 when there is none or the state keeps none.
   */
  long generation();

  /** Saves the key's operator checkpoint (written with {@link #chunks()}) as {@code generation}. */
  void save(byte[] checkpoint, long generation);

  /**
   * The query run whose live hosts this call may take and keep ({@code OperatorHostCache}), or null
   * when the layout rebuilds the key's host at every call (docs/architecture.md, "State layout"). A
   * run, not the query: a restart starts from the store.
   */
  default String liveHostScope() {
    return null;
  }

  /**
   * The streaming query run this call belongs to: a key's state saved by the same run continues,
   * each timer due since firing at its own instant; any other restarts, catching up at once ({@link
   * QueryRun}).
   */
  default QueryRun run() {
    return QueryRun.ofTask();
  }

  /**
   * Asks Spark to call the key again in the first micro-batch whose processing time reaches {@code
   * deadlineNanos}, even without data for it.
   */
  void wakeAtProcessingTime(long deadlineNanos, long nowNanos);

  /**
   * Asks Spark to call the key again in the first micro-batch whose watermark reaches {@code
   * deadlineNanos}; a deadline at the current watermark means its next move.
   */
  void wakeAtEventTime(long deadlineNanos);
}
