package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.WindowedOperators;
import io.streamswindow.spark.errors.RefusedArgumentException;
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
    spark = LocalSpark.start();
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

  /** Per key, the strings of its window after each arrival; a key's window empties every n. */
  private static List<String> growingWindows(List<String> inputs, int tumbleEvery) {
    List<String> expected = new ArrayList<>();
    Map<String, List<String>> windows = new HashMap<>();
    for (String s : inputs) {
      List<String> window = windows.computeIfAbsent(s.substring(0, 1), k -> new ArrayList<>());
      window.add(s);
      expected.add(BRACKETED.apply(window));
      if (window.size() == tumbleEvery) {
        window.clear();
      }
    }
    return expected;
  }

  private static long keys(List<String> inputs) {
    return inputs.stream().map(s -> s.substring(0, 1)).distinct().count();
  }

  @Test
  void ibmsAggregateEvictsOnProcessingTimeOnAStream(@TempDir Path root) throws Exception {
    List<String> inputs = List.of("a1", "b1", "a2", "a3", "b2");
    write(root.resolve("in"), "0", inputs);

    // IBM's last(1, SECONDS).aggregate(f), keyed: IBM's time-eviction listener aggregates on each
    // INSERTION and each EVICTION. The file is one micro-batch, so a key's tuples arrive at one
    // instant and leave together in one EVICTION a second or more later: the window is empty.
    List<String> expected = new ArrayList<>(growingWindows(inputs, Integer.MAX_VALUE));
    for (long k = keys(inputs); k > 0; k--) {
      expected.add("[]");
    }

    List<String> rows =
        timedQuery(
            root, "partitioned, sliding, time(1), count(1)", out -> out.size() >= expected.size());

    // A further second of triggers has passed: nothing more came (the windows stay empty).
    assertEquals(expected.stream().sorted().toList(), rows);
  }

  @Test
  void ibmsAggregateOverATumblingTimeWindowOnAStream(@TempDir Path root) throws Exception {
    List<String> inputs = List.of("a1", "b1", "a2", "a3", "b2");
    write(root.resolve("in"), "0", inputs);

    // No trigger: IBM's time-eviction listener, on each INSERTION and each tumble, which empties
    // the key's window every second (also when it is already empty).
    List<String> rows =
        timedQuery(
            root,
            "partitioned, tumbling, time(1)",
            out -> out.stream().filter("[]"::equals).count() >= 2 * keys(inputs));

    List<String> filled = rows.stream().filter(r -> !r.equals("[]")).toList();
    assertEquals(growingWindows(inputs, Integer.MAX_VALUE).stream().sorted().toList(), filled);
  }

  @Test
  void ibmsAggregateWithATimeTriggerOnAStream(@TempDir Path root) throws Exception {
    List<String> inputs = List.of("a1", "b1", "a2", "a3", "b2", "a4");
    write(root.resolve("in"), "0", inputs);

    // IBM's last(3).aggregate(f, 1, SECONDS), keyed: IBM's periodic listener aggregates on each
    // TRIGGER only, every second per key. All tuples came in one micro-batch, so every trigger
    // sees each key's last three.
    List<String> rows =
        timedQuery(
            root, "partitioned, sliding, count(3), time(1)", out -> out.size() >= 2 * keys(inputs));

    Map<String, List<String>> last = new HashMap<>();
    for (String s : inputs) {
      List<String> window = last.computeIfAbsent(s.substring(0, 1), k -> new ArrayList<>());
      window.add(s);
      if (window.size() > 3) {
        window.remove(0);
      }
    }
    assertEquals(
        last.values().stream().map(BRACKETED::apply).sorted().toList(),
        rows.stream().distinct().toList());
  }

  @Test
  void ibmsAggregateKeepsItsTumblingWindowsAcrossARestartOfAStream(@TempDir Path root)
      throws Exception {
    Path in = root.resolve("in");
    List<String> first = List.of("a1", "b1", "a2");
    List<String> second = List.of("a3", "a4", "b2", "b3", "b4");
    OperatorRunRequest request = aggregate("partitioned, tumbling, count(3)");

    write(in, "1", first);
    assertEquals(growingWindows(first, 3).stream().sorted().toList(), countQuery(request, root));

    // A new query from the same checkpoint: each key's half-full window comes back from the
    // state store, so a3 completes a's first tumble and b3 b's.
    write(in, "2", second);
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    assertEquals(growingWindows(all, 3).stream().sorted().toList(), countQuery(request, root));
  }

  /** Writes a JSON-lines file of strings with their key (the first letter) into {@code dir}. */
  private static void write(Path dir, String name, List<String> values) throws Exception {
    Files.createDirectories(dir);
    List<String> lines =
        values.stream()
            .map(v -> "{\"string\": \"" + v + "\", \"k\": \"" + v.substring(0, 1) + "\"}")
            .toList();
    Path staged = Files.write(dir.resolveSibling(dir.getFileName() + "-" + name + ".json"), lines);
    Files.move(staged, dir.resolve(name + ".json"));
  }

  private static Dataset<Row> stream(Path root) {
    return spark.readStream().schema("string string, k string").json(root.resolve("in").toString());
  }

  /** Runs a count-window query over what {@code in} holds beyond the checkpoint; all its rows. */
  private static List<String> countQuery(OperatorRunRequest request, Path root) throws Exception {
    StreamingQuery query =
        WindowedOperators.runOperator(stream(root), request)
            .writeStream()
            .format("json")
            .option("path", root.resolve("output").toString())
            .option("checkpointLocation", root.resolve("checkpoint").toString())
            .start();
    try {
      query.processAllAvailable();
    } finally {
      query.stop();
    }
    return sorted(
        spark
            .read()
            .schema("string string")
            .json(root.resolve("output").toString())
            .collectAsList());
  }

  /**
   * Runs a query with a processing-time window over {@code root/in} until its rows satisfy {@code
   * enough}, then one second more; its rows, sorted. A time window wakes its keys on every trigger,
   * so such a query never idles and processAllAvailable would not return.
   */
  private static List<String> timedQuery(
      Path root, String window, java.util.function.Predicate<List<String>> enough)
      throws Exception {
    String name = "ibm_" + root.getFileName().toString().replaceAll("[^A-Za-z0-9]", "_");
    StreamingQuery query =
        WindowedOperators.runOperator(stream(root), aggregate(window))
            .writeStream()
            .format("memory")
            .queryName(name)
            .option("checkpointLocation", root.resolve("checkpoint").toString())
            .trigger(Trigger.ProcessingTime(250))
            .start();
    List<String> rows;
    try {
      long deadline = System.nanoTime() + 120_000_000_000L;
      do {
        assertTrue(System.nanoTime() < deadline, "not enough rows within two minutes");
        query.awaitTermination(250);
        rows = sorted(spark.table(name).collectAsList());
      } while (!enough.test(rows) && query.exception().isEmpty());
      query.awaitTermination(1_000);
      rows = sorted(spark.table(name).collectAsList());
    } finally {
      query.stop();
      // stop() does not wait for the tasks of the micro-batch it interrupted; let them end, their
      // state store's clean-up of its temporary files too, before the temporary directory that
      // holds their state goes. A cancelled job leaves the active jobs before its tasks stop.
      long deadline = System.nanoTime() + 30_000_000_000L;
      while ((spark.sparkContext().statusTracker().getActiveJobIds().length > 0
              || runningTasks() > 0)
          && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
    }
    assertTrue(query.exception().isEmpty(), () -> query.exception().get().toString());
    return rows;
  }

  /** The tasks running on the session's executors (the driver's, in local mode). */
  private static int runningTasks() {
    int running = 0;
    for (org.apache.spark.SparkExecutorInfo executor :
        spark.sparkContext().statusTracker().getExecutorInfos()) {
      running += executor.numRunningTasks();
    }
    return running;
  }
}
