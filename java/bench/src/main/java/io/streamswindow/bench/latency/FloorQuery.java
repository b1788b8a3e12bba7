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
 * output), against which {@code run_operator} under real-time mode is compared. Called from Python
 * through Py4J on the parsed input:
 *
 * <pre>{@code
 * jdf = spark._jvm.io.streamswindow.bench.latency.FloorQuery.apply(parsed._jdf)
 * }</pre>
 */
public final class FloorQuery {
  /** The output: each input row's key, its key's count so far, and its {@code sent} unchanged. */
  public static final StructType OUTPUT =
      new StructType().add("key", "string").add("count", "long").add("sent", "long");

  private FloorQuery() {}

  /** {@code input}'s {@code key} (string) and {@code sent} (long) through the floor processor. */
  public static Dataset<Row> apply(Dataset<Row> input) {
    return input
        .select("key", "sent")
        .groupByKey((MapFunction<Row, String>) row -> row.getString(0), Encoders.STRING())
        .transformWithState(
            new CountPerKeyProcessor(), TimeMode.None(), OutputMode.Update(), Encoders.row(OUTPUT));
  }
}
