package io.streamswindow.sparkexamples;

import io.streamswindow.spark.Aggregates;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.WindowedOperators;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.errors.StreamsWindowThrowable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.types.StructType;

/**
 * The Java example of docs/java.md: an IBM-style operator and SPL's Aggregate on a batch Dataset,
 * then the operator on a streaming Dataset that is stopped and restarted from its checkpoint.
 * {@code JavaExampleTest} runs it on local Spark.
 */
public final class JavaExample {
  static final StructType READINGS = StructType.fromDDL("key string, seq long, cost double");

  public static void main(String[] args) throws Exception {
    SparkSession spark = session();
    try {
      batchSums(spark).show();
      batchTotals(spark).show();
      streamingSums(spark, Files.createTempDirectory("streams-window")).show();
      errors(spark).forEach(System.out::println);
    } finally {
      spark.stop();
    }
  }

  /** A local session with the settings streams-window's streaming state is best kept with. */
  public static SparkSession session() {
    return SparkSession.builder()
        .master("local[2]")
        .config("spark.sql.shuffle.partitions", "2") // frozen in a streaming checkpoint
        .config(
            "spark.sql.streaming.stateStore.providerClass",
            "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
        .config("spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled", "true")
        .getOrCreate();
  }

  /** Readings as JSON lines: the batch reads them all, the stream a file of four at a time. */
  static final List<String> LINES =
      List.of(
          "{\"key\": \"a\", \"seq\": 0, \"cost\": 1.0}",
          "{\"key\": \"b\", \"seq\": 1, \"cost\": 5.0}",
          "{\"key\": \"a\", \"seq\": 2, \"cost\": 2.0}",
          "{\"key\": \"a\", \"seq\": 3, \"cost\": 3.0}",
          "{\"key\": \"b\", \"seq\": 4, \"cost\": 6.0}",
          "{\"key\": \"a\", \"seq\": 5, \"cost\": 4.0}",
          "{\"key\": \"b\", \"seq\": 6, \"cost\": 7.0}",
          "{\"key\": \"b\", \"seq\": 7, \"cost\": 8.0}");

  static Dataset<Row> readings(SparkSession spark) {
    return spark.read().schema(READINGS).json(spark.createDataset(LINES, Encoders.STRING()));
  }

  /** WindowSum over tumbling windows of 4 readings per key: a 10.0 at seq 5, b 26.0 at seq 7. */
  public static Dataset<Row> batchSums(SparkSession spark) {
    return WindowedOperators.runOperator(
        readings(spark),
        OperatorRunRequest.builder("io.streamswindow.examples.WindowSum") // on the classpath
            .window("partitioned, tumbling, count(4)") // the SPL window clause
            .partitionBy(List.of("key"))
            .orderBy(List.of("seq")) // the arrival order inside a partition
            .parameter("attr", List.of("cost")) // the operator's parameters, as SPL passes them
            .outputSchema("key string, seq long, total double, count long") // output port 0's
            .build()); // more: eventTime, lateOutput, markerColumn, splType, inputPort...
  }

  /** WindowSum over tumbling windows of 4 readings per {@code partitionBy} value, by seq. */
  private static OperatorRunRequest windowSum(String partitionBy, String outputSchema) {
    return OperatorRunRequest.builder("io.streamswindow.examples.WindowSum")
        .window("partitioned, tumbling, count(4)")
        .partitionBy(List.of(partitionBy))
        .orderBy(List.of("seq"))
        .parameter("attr", List.of("cost"))
        .outputSchema(outputSchema)
        .build();
  }

  /** SPL's Aggregate over windows of 2: a 3.0 and 7.0, b 11.0 and 15.0, each of 2 readings. */
  public static Dataset<Row> batchTotals(SparkSession spark) {
    return Aggregates.aggregate(
        readings(spark),
        "partitioned, tumbling, count(2)",
        List.of("key"), // partition_by: a column of the result too
        List.of("seq"), // order_by
        List.of("total=Sum(cost)", "n=Count()"), // output assignments, in column order
        List.of(), // group_by
        Map.of());
  }

  /**
   * WindowSum on a stream of JSON files: the query stops after the first four readings and restarts
   * from its checkpoint for the last four, and the windows carry over: a 10.0, b 26.0.
   */
  public static Dataset<Row> streamingSums(SparkSession spark, Path work) throws Exception {
    Path in = Files.createDirectories(work.resolve("in"));
    for (int part = 0; part < 2; part++) {
      Files.write(in.resolve("part-" + part + ".json"), LINES.subList(4 * part, 4 * part + 4));
      Dataset<Row> stream = spark.readStream().schema(READINGS).json(in.toString());
      StreamingQuery query =
          WindowedOperators.runOperator(stream, windowSum("key", "key string, total double"))
              .writeStream()
              .format("json") // a file sink: exactly once across restarts
              .option("path", work.resolve("out").toString())
              .option("checkpointLocation", work.resolve("checkpoint").toString())
              .start();
      query.processAllAvailable();
      query.stop();
    }
    return spark.read().schema("key string, total double").json(work.resolve("out").toString());
  }

  /**
   * The two kinds of error: an argument refused when the plan is built, and an operator that fails
   * while Spark runs it, which fails the action (here collectAsList).
   */
  public static List<String> errors(SparkSession spark) {
    List<String> seen = new ArrayList<>();
    try {
      // partition_by "Key": no such column, 'key' differs in case
      WindowedOperators.runOperator(readings(spark), windowSum("Key", "key string, total double"));
    } catch (RefusedArgumentException e) {
      seen.add(e.getCondition() + ": " + e.getMessage());
    }
    Dataset<Row> failing =
        WindowedOperators.runOperator(
            readings(spark),
            OperatorRunRequest.builder("io.streamswindow.examples.FailingOperator")
                .window("tumbling, count(4)")
                .parameter("failAt", List.of("3"))
                .outputSchema("key string")
                .build());
    try {
      failing.collectAsList();
    } catch (Exception e) { // a SparkException, which Java sees as undeclared
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof StreamsWindowThrowable ours) {
          seen.add(ours.getCondition() + ": " + ours.getMessageParameters());
          break;
        }
      }
    }
    return seen;
  }
}
