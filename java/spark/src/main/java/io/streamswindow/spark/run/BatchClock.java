package io.streamswindow.spark.run;

import io.streamswindow.engine.Clock;

/**
 * The clock of one micro-batch: Spark's batch timestamp, the instant at which every tuple of the
 * batch arrives and every due timer fires (time policies run at micro-batch granularity). A host
 * that lives across micro-batches keeps its clock and moves it to each call's batch.
 */
public final class BatchClock implements Clock {
  private long nanos;

  public BatchClock(long epochMillis) {
    moveTo(epochMillis);
  }

  /** The clock now reads {@code epochMillis}, the time of the micro-batch being run. */
  void moveTo(long epochMillis) {
    this.nanos = epochMillis * 1_000_000L;
  }

  @Override
  public long nanos() {
    return nanos;
  }

  @Override
  public String toString() {
    return "BatchClock(" + nanos / 1_000_000L + " ms)";
  }
}
