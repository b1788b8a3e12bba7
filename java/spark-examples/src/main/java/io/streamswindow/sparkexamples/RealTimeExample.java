package io.streamswindow.sparkexamples;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.from_json;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.to_json;

import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.WindowedOperators;
import java.nio.file.Files;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.apache.spark.sql.types.StructType;

/**
 * The real-time example of docs/java.md: readings from one Kafka topic through WindowSum to
 * another, in Spark's real-time mode (Spark 4.3 and later), each row reaching its key's operator as
 * it arrives. test_real_time.py runs it against a local broker.
 *
 * <p>Usage: {@code RealTimeExample <bootstrap servers> <readings topic> <sums topic>}, both topics
 * made beforehand.
 */
public final class RealTimeExample {
  static final StructType READINGS = StructType.fromDDL("customer string, seq long, cost double");

  public static void main(String[] args) throws Exception {
    String bootstrap = args[0];
    SparkSession spark =
        SparkSession.builder()
            .master("local[8]") // every stage's tasks at once, and the writes below beside them
            .config("spark.sql.shuffle.partitions", "2")
            .config(
                "spark.sql.streaming.stateStore.providerClass", // the chunked layout's store
                "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
            .config("spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled", "true")
            .getOrCreate();
    try {
      StreamingQuery query = start(spark, bootstrap, args[1], args[2]);
      try {
        while (!query.status().isTriggerActive()) {
          Thread.sleep(100);
        }
        write(spark, bootstrap, args[1]);
        List<String> sums = List.of();
        for (long deadline = System.nanoTime() + 20_000_000_000L;
            sums.isEmpty() && System.nanoTime() < deadline; ) {
          Thread.sleep(200);
          sums = written(spark, bootstrap, args[2]);
        }
        sums.forEach(System.out::println); // {"customer":"acme","seq":4,"total":10.0,"count":4}
        // The sum came while the 30 s batch that read its rows was open: no batch has ended.
        System.out.println("batches ended: " + query.recentProgress().length);
      } finally {
        query.stop();
      }
    } finally {
      spark.stop();
    }
  }

  /** WindowSum over four readings per customer, in real-time mode, from Kafka to Kafka. */
  static StreamingQuery start(SparkSession spark, String bootstrap, String in, String out)
      throws Exception {
    Dataset<Row> readings =
        spark
            .readStream()
            .format("kafka")
            .option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", in)
            .option("startingOffsets", "earliest")
            .load()
            .select(from_json(col("value").cast("string"), READINGS).alias("r"))
            .select("r.*");
    Dataset<Row> sums =
        WindowedOperators.runOperator(
            readings,
            OperatorRunRequest.builder("io.streamswindow.examples.WindowSum")
                .window("partitioned, tumbling, count(4)")
                .partitionBy(List.of("customer"))
                .parameter("attr", List.of("cost"))
                .outputSchema("customer string, seq long, total double, count long")
                .realTime(true) // each row on to its key's operator as it arrives
                .build());
    return sums.select(col("customer").alias("key"), to_json(struct(col("*"))).alias("value"))
        .writeStream()
        .format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("topic", out)
        .option("checkpointLocation", Files.createTempDirectory("rt-sums").toString())
        .outputMode("update") // what real-time mode takes
        .trigger(Trigger.RealTime("30 seconds"))
        .start();
  }

  /** Four readings of one customer: one window's worth. */
  static void write(SparkSession spark, String bootstrap, String topic) {
    List<Row> rows =
        List.of(
            RowFactory.create("acme", 1L, 2.5),
            RowFactory.create("acme", 2L, 4.0),
            RowFactory.create("acme", 3L, 1.5),
            RowFactory.create("acme", 4L, 2.0));
    spark
        .createDataFrame(rows, READINGS)
        .coalesce(1) // one Kafka partition: their order is kept
        .select(col("customer").alias("key"), to_json(struct(col("*"))).alias("value"))
        .write()
        .format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("topic", topic)
        .save();
  }

  /** The records of a topic, as strings. */
  static List<String> written(SparkSession spark, String bootstrap, String topic) {
    return spark
        .read()
        .format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", topic)
        .load()
        .selectExpr("CAST(value AS STRING)")
        .as(Encoders.STRING())
        .collectAsList();
  }

  private RealTimeExample() {}
}
