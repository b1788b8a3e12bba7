package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.RefusedArgumentException;
import io.streamswindow.spark.WindowedOperators;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IBM's compiled {@code FunctionAggregate} (streamsx 2.1.0) on windows of other kinds than the
 * sliding count one, through {@link WindowedOperators#runOperator} on local Spark: a tumbling count
 * window on a batch, and a time window, which a batch refuses (processing time does not move while
 * a batch runs; docs/python.md, "Batch and streaming") and a stream runs on processing time. Keyed
 * on Spark by a computed column that is no attribute of IBM's fixed port schema, the window
 * partitioned by IBM's key getter. docs/porting.md, "IBM's functional operators".
 */
class IbmFunctionalWindowsOnSparkTest {
  private static SparkSession spark;

  private static final Function<List<String>, String> BRACKETED =
      tuples -> "[" + String.join(",", tuples) + "]";
  private static final Function<String, String> FIRST_LETTER = s -> s.substring(0, 1);

  @BeforeAll
  static void session() {
    spark =
        SparkSession.builder()
            .master("local[2]")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static OperatorRunRequest aggregate(String window) {
    return OperatorRunRequest.builder(FunctionAggregate.class.getName())
        .window(window)
        .partitionBy(List.of("k"))
        .partitionByKeysOnly(true)
        .parameter("functionalLogic", List.of(ObjectUtils.serializeLogic(BRACKETED)))
        .parameter("keyGetter", List.of(ObjectUtils.serializeLogic(FIRST_LETTER)))
        .outputSchema("string string")
        .build();
  }

  private static Dataset<Row> keyed(List<String> values) {
    return spark
        .createDataset(values, Encoders.STRING())
        .toDF("string")
        .coalesce(1) // one input partition: its order is each key's arrival order
        .withColumn("k", functions.substring(functions.col("string"), 1, 1));
  }

  private static List<String> sorted(List<Row> rows) {
    return rows.stream().map(r -> r.getString(0)).sorted().toList();
  }

  @Test
  void ibmsAggregateOverATumblingCountWindowOnABatch() {
    List<String> inputs = List.of("a1", "b1", "a2", "a3", "b2", "a4", "a5", "b3", "a6", "a7", "b4");

    Dataset<Row> out =
        WindowedOperators.runOperator(keyed(inputs), aggregate("partitioned, tumbling, count(3)"));

    // IBM's count listener aggregates on each INSERTION; every third tuple of a key tumbles its
    // partition after being aggregated, and the key starts afresh.
    List<String> expected = new ArrayList<>();
    Map<String, List<String>> batches = new HashMap<>();
    for (String s : inputs) {
      List<String> batch = batches.computeIfAbsent(s.substring(0, 1), k -> new ArrayList<>());
      batch.add(s);
      expected.add(BRACKETED.apply(batch));
      if (batch.size() == 3) {
        batch.clear();
      }
    }
    assertEquals(expected.stream().sorted().toList(), sorted(out.collectAsList()));
  }

  @Test
  void ibmsAggregateOverATimeWindowIsRefusedOnABatch() {
    RefusedArgumentException refused =
        assertThrows(
            RefusedArgumentException.class,
            () ->
                WindowedOperators.runOperator(
                    keyed(List.of("a1")), aggregate("partitioned, sliding, time(1), count(1)")));
    assertTrue(refused.getMessage().contains("processing-time"), refused.getMessage());
  }

  @Test
  void ibmsAggregateEvictsOnProcessingTimeOnAStream(@TempDir Path root) throws Exception {
    List<String> inputs = List.of("a1", "b1", "a2", "a3", "b2");
    Path in = Files.createDirectories(root.resolve("in"));
    Path staged =
        Files.write(
            root.resolve("part-0.json"),
            inputs.stream()
                .map(v -> "{\"string\": \"" + v + "\", \"k\": \"" + v.substring(0, 1) + "\"}")
                .toList());
    Files.move(staged, in.resolve("part-0.json"));

    // IBM's last(1, SECONDS).aggregate(f), keyed: IBM's time-eviction listener aggregates on each
    // INSERTION and each EVICTION. The file is one micro-batch, so a key's tuples arrive at one
    // instant and leave together in one EVICTION a second or more later: the window is empty.
    List<String> expected = new ArrayList<>();
    Map<String, List<String>> windows = new HashMap<>();
    for (String s : inputs) {
      List<String> window = windows.computeIfAbsent(s.substring(0, 1), k -> new ArrayList<>());
      window.add(s);
      expected.add(BRACKETED.apply(window));
    }
    windows.keySet().forEach(k -> expected.add(BRACKETED.apply(List.of())));

    Dataset<Row> out =
        WindowedOperators.runOperator(
            spark.readStream().schema("string string, k string").json(in.toString()),
            aggregate("partitioned, sliding, time(1), count(1)"));
    StreamingQuery query =
        out.writeStream()
            .format("memory")
            .queryName("ibm_time_evicted")
            .option("checkpointLocation", root.resolve("checkpoint").toString())
            .trigger(Trigger.ProcessingTime(250))
            .start();
    List<Row> rows;
    try {
      // A time window wakes its keys on every trigger, so the query never idles: wait for the
      // rows the evictions add, then stop it.
      long deadline = System.nanoTime() + 120_000_000_000L;
      do {
        assertTrue(System.nanoTime() < deadline, "no eviction within two minutes");
        query.awaitTermination(250);
        rows = spark.table("ibm_time_evicted").collectAsList();
      } while (rows.size() < expected.size() && query.exception().isEmpty());
      // A further second of triggers: nothing more may come (the windows stay empty).
      query.awaitTermination(1_000);
      rows = spark.table("ibm_time_evicted").collectAsList();
    } finally {
      query.stop();
    }
    assertTrue(query.exception().isEmpty(), () -> query.exception().get().toString());
    assertEquals(expected.stream().sorted().toList(), sorted(rows));
  }
}
