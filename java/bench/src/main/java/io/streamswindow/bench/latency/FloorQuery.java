package io.streamswindow.bench.latency;

import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.TimeMode;
import org.apache.spark.sql.types.StructType;

/**
 * The floor of {@code scripts/bench latency}: Spark's own stateful operation with the least work
 * per row ({@link CountPerKeyProcessor} in {@code transformWithState}, no time mode, update
 * output), against which {@code run_operator} under real-time mode is compared; on a long key
 * ({@link #perLongKey}) also the floor of {@code scripts/bench spark}'s streaming many-keys
 * benchmark, in micro-batches. Called from Python through Py4J on the parsed input:
 *
 * <pre>{@code
 * jdf = spark._jvm.io.streamswindow.bench.latency.FloorQuery.apply(parsed._jdf)
 * }</pre>
 */
public final class FloorQuery {
  /** The output: each input row's key, its key's count so far, and its {@code sent} unchanged. */
  public static final StructType OUTPUT =
      new StructType().add("key", "string").add("count", "long").add("sent", "long");

  /** {@link #perLongKey}'s output: the same with a long key. */
  public static final StructType LONG_KEY_OUTPUT =
      new StructType().add("key", "long").add("count", "long").add("sent", "long");

  private FloorQuery() {}

  /** {@code input}'s {@code key} (string) and {@code sent} (long) through the floor processor. */
  public static Dataset<Row> apply(Dataset<Row> input) {
    return input
        .select("key", "sent")
        .groupByKey((MapFunction<Row, String>) row -> row.getString(0), Encoders.STRING())
        .transformWithState(
            new CountPerKeyProcessor<>(),
            TimeMode.None(),
            OutputMode.Update(),
            Encoders.row(OUTPUT));
  }

  /**
   * The same floor on a long key: {@code input}'s {@code key} (long) and {@code sentColumn} (long)
   * through the floor processor, out as {@code (key long, count long, sent long)}. The streaming
   * many-keys benchmark of {@code scripts/bench spark} runs it on the parquet files its {@code
   * run_operator} query reads ({@code key long, seq long, value double}, with {@code seq} as {@code
   * sentColumn}), so that both read, shuffle and key the same rows:
   *
   * <pre>{@code
   * jdf = spark._jvm.io.streamswindow.bench.latency.FloorQuery.perLongKey(stream._jdf, "seq")
   * }</pre>
   */
  public static Dataset<Row> perLongKey(Dataset<Row> input, String sentColumn) {
    return input
        .select("key", sentColumn)
        .groupByKey((MapFunction<Row, Long>) row -> row.getLong(0), Encoders.LONG())
        .transformWithState(
            new CountPerKeyProcessor<>(),
            TimeMode.None(),
            OutputMode.Update(),
            Encoders.row(LONG_KEY_OUTPUT));
  }
}
