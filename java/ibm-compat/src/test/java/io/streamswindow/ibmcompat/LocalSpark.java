package io.streamswindow.ibmcompat;

import org.apache.spark.sql.SparkSession;

/** The local Spark session every Spark test of IBM's operators runs on: two cores, no UI. */
final class LocalSpark {
  private LocalSpark() {}

  static SparkSession start() {
    return SparkSession.builder()
        .master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate();
  }
}
