package io.streamswindow.spark.plan;

/**
 * How rows reach the operator: what a plan's input is, and so how its rows cross Spark's shuffle
 * and when a key's operator sees them (docs/python.md, "Real-time mode").
 *
 * <pre>{@code
 * RowArrival arrival = RowArrival.of(df.isStreaming(), realTime);
 * if (arrival.perRow()) {
 *   // the map side hands each row on at once
 * }
 * }</pre>
 */
public enum RowArrival {
  /** A batch DataFrame: all of a key's rows in one call, which ends with a final marker. */
  BATCH,
  /**
   * A stream in micro-batches: a key's rows of one micro-batch in one call, packed per key and
   * input partition before the shuffle ({@code RowPacker}).
   */
  MICRO_BATCHES,
  /**
   * A stream whose rows reach the operator one by one as they arrive, for Spark's real-time mode
   * ({@code trigger(realTime=...)}): the map side hands each row on at once instead of packing an
   * input partition's rows, whose end an unbounded real-time partition reaches only when its batch
   * ends.
   */
  PER_ROW;

  /** The arrival of a batch or streaming input; {@code perRow} only applies to a stream. */
  public static RowArrival of(boolean streaming, boolean perRow) {
    return !streaming ? BATCH : perRow ? PER_ROW : MICRO_BATCHES;
  }

  /** Whether the input is a stream. */
  boolean streaming() {
    return this != BATCH;
  }

  /** Whether each row is handed on alone, as it arrives. */
  public boolean perRow() {
    return this == PER_ROW;
  }
}
