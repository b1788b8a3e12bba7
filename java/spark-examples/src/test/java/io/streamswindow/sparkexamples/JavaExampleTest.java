package io.streamswindow.sparkexamples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@link JavaExample}, the Java example of docs/java.md, on local Spark. */
class JavaExampleTest {
  private static SparkSession spark;

  @BeforeAll
  static void session() {
    spark = JavaExample.session();
  }

  @Test
  void theOperatorSumsEachKeysWindowOfFourOnABatch() {
    assertEquals(List.of("[a,5,10.0,4]", "[b,7,26.0,4]"), sorted(JavaExample.batchSums(spark)));
  }

  @Test
  void aggregateSumsAndCountsEachKeysWindowOfTwoOnABatch() {
    Dataset<Row> totals = JavaExample.batchTotals(spark);
    assertEquals(List.of("key", "total", "n"), List.of(totals.columns()));
    assertEquals(List.of("[a,3.0,2]", "[a,7.0,2]", "[b,11.0,2]", "[b,15.0,2]"), sorted(totals));
  }

  @Test
  void theStreamsWindowsCarryOverARestartFromTheCheckpoint(@TempDir Path work) throws Exception {
    assertEquals(List.of("[a,10.0]", "[b,26.0]"), sorted(JavaExample.streamingSums(spark, work)));
  }

  static List<String> sorted(Dataset<Row> rows) {
    return rows.collectAsList().stream().map(Row::toString).sorted().toList();
  }

  @Test
  void aRefusedArgumentAndAFailedOperatorCarryTheirConditions() {
    List<String> seen = JavaExample.errors(spark);
    assertEquals(2, seen.size(), seen.toString());
    assertEquals(
        "STREAMS_WINDOW_REFUSED_ARGUMENT: partition_by column 'Key' is not in the DataFrame ('key'"
            + " differs only in case; SPL names are case-sensitive); its columns are ['key', 'seq',"
            + " 'cost']",
        seen.get(0));
    assertEquals(
        "STREAMS_WINDOW_OPERATOR_FAILED: {operator=io.streamswindow.examples.FailingOperator,"
            + " window=tumbling, count(4), causeClass=java.lang.IllegalStateException,"
            + " causeMessage=FailingOperator fails on tuple 3 as configured}",
        seen.get(1));
  }
}
