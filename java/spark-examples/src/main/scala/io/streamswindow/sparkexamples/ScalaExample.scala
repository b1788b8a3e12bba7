package io.streamswindow.sparkexamples

import io.streamswindow.spark.Aggregates
import java.nio.file.{Files, Path}
import org.apache.spark.sql.{DataFrame, SparkSession}
import org.apache.spark.sql.functions.col
import scala.jdk.CollectionConverters._

/** The Scala example of docs/java.md: SPL's Aggregate on a batch DataFrame, then over event-time
  * panes of a stream with Spark's watermark, late rows returned. ScalaExampleTest compiles it with
  * Spark's Scala version and runs it on local Spark.
  */
object ScalaExample {
  def main(args: Array[String]): Unit = {
    val spark = SparkSession.builder().master("local[2]")
      .config("spark.sql.shuffle.partitions", "2")
      .getOrCreate()
    try {
      movingAverages(spark).show()
      eventTimeCounts(spark, Files.createTempDirectory("streams-window")).show()
    } finally spark.stop()
  }

  /** Averages over sliding windows of 3 trades per symbol: ACME 12.0, IBM 102.0. */
  def movingAverages(spark: SparkSession): DataFrame = {
    import spark.implicits._
    val trades = Seq(("IBM", 1L, 100.0), ("ACME", 2L, 10.0), ("IBM", 3L, 102.0),
      ("IBM", 4L, 104.0), ("ACME", 5L, 12.0), ("ACME", 6L, 14.0)).toDF("symbol", "seq", "price")
    Aggregates.aggregate(trades,
      "partitioned, sliding, count(3)",
      List("symbol").asJava, // partition_by
      List("seq").asJava, // order_by
      List("price=Average(price)", "seqs=Collect(seq)").asJava, // output assignments
      List.empty[String].asJava, // group_by
      Map.empty[String, String].asJava) // options
  }

  /** Counts per 10-second pane of event time, on a stream of one file per micro-batch: [0, 10)
    * holds 1 and 7 and completes when 12 moves the watermark past its end, which closes it; 3
    * comes after that and returns in late_tuple. [10, 20) waits for a watermark past 20.
    */
  def eventTimeCounts(spark: SparkSession, work: Path): DataFrame = {
    val in = Files.createDirectories(work.resolve("in"))
    val events = spark.readStream.schema("key string, secs double").json(in.toString)
      .withColumn("ts", col("secs").cast("timestamp"))
      .withWatermark("ts", "0 seconds") // Spark's watermark completes the panes
    val counts = Aggregates.aggregate(events,
      "partitioned, timeInterval, intervalDuration(10.0)",
      List("key").asJava,
      List.empty[String].asJava,
      List("n=Count()").asJava,
      List.empty[String].asJava,
      Map("event_time" -> "ts", "late_output" -> "true").asJava)
    val query = counts.writeStream.format("memory").queryName("pane_counts")
      .option("checkpointLocation", work.resolve("checkpoint").toString)
      .start()
    for ((secs, part) <- Seq(Seq(1.0, 7.0), Seq(12.0), Seq(3.0)).zipWithIndex) {
      val lines = secs.map(s => s"""{"key": "a", "secs": $s}""")
      Files.write(in.resolve(s"part-$part.json"), lines.asJava)
      query.processAllAvailable()
    }
    query.stop()
    spark.table("pane_counts")
  }
}
