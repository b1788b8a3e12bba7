package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streamsx.topology.function.BiFunction;
import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.function.Predicate;
import com.ibm.streamsx.topology.function.ToIntFunction;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionFilter;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionJoin;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionSplit;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionTransform;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.WindowedOperators;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IBM's compiled functional operators whose input port is not windowed ({@code FunctionFilter},
 * {@code FunctionTransform}) through {@link WindowedOperators#runOperator} on local Spark, with no
 * window: unchanged, their {@code functionalLogic} serialized as IBM's application API does, and
 * their port schema IBM's for a stream of strings ({@code tuple<rstring string>}, a Spark column
 * {@code string}). docs/porting.md, "IBM's functional operators".
 */
class IbmFunctionalOperatorsOnSparkTest {
  private static SparkSession spark;

  @BeforeAll
  static void session() {
    spark = LocalSpark.start();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static Dataset<Row> strings(List<String> values) {
    return spark.createDataset(values, Encoders.STRING()).toDF("string").repartition(2);
  }

  private static String logic(Serializable function) {
    return ObjectUtils.serializeLogic(function);
  }

  private static List<String> sorted(Dataset<Row> rows) {
    return rows.collectAsList().stream().map(r -> r.getString(0)).sorted().toList();
  }

  @Test
  void ibmsTransformRunsWithoutAWindowKeyedOrNot() {
    Function<String, String> upper = s -> s.isEmpty() ? null : s.toUpperCase();
    Dataset<Row> input = strings(List.of("a", "", "b", "a", "c"));
    for (List<String> partitionBy : List.of(List.<String>of(), List.of("string"))) {
      Dataset<Row> out =
          WindowedOperators.runOperator(
              input,
              OperatorRunRequest.builder(FunctionTransform.class.getName())
                  .partitionBy(partitionBy)
                  .parameter("functionalLogic", List.of(logic(upper)))
                  .outputSchema("string string")
                  .build());
      // A null result submits nothing, as IBM's transform documents.
      assertEquals(List.of("A", "A", "B", "C"), sorted(out), "partition_by " + partitionBy);
    }
  }

  @Test
  void ibmsSplitSendsEachTupleToThePortItsFunctionNames() {
    // IBM's FunctionSplit has as many output ports as the stream is split into; each tuple goes
    // out on port splitter(t) % n, and a negative result drops it. Three ports here.
    ToIntFunction<String> byLength = s -> s.length() - 2;
    Dataset<Row> out =
        WindowedOperators.runOperator(
            strings(List.of("ab", "abc", "abcd", "abcde", "a", "xy")),
            OperatorRunRequest.builder(FunctionSplit.class.getName())
                .parameter("functionalLogic", List.of(logic(byLength)))
                .outputSchema("string string")
                .outputPort("string string")
                .outputPort("string string")
                .build());

    Map<Integer, List<String>> byPort = new TreeMap<>();
    for (Row row : out.collectAsList()) {
      int port = row.getInt(row.fieldIndex("output_port"));
      Row tuple = row.getStruct(row.fieldIndex("output_" + port));
      byPort.computeIfAbsent(port, p -> new ArrayList<>()).add(tuple.getString(0));
    }
    byPort.values().forEach(java.util.Collections::sort);
    // (length - 2) % 3: ab, xy and abcde on port 0, abc on 1, abcd on 2; "a" (-1) dropped.
    assertEquals(
        Map.of(0, List.of("ab", "abcde", "xy"), 1, List.of("abc"), 2, List.of("abcd")), byPort);
  }

  @Test
  void ibmsFilterRunsWithoutAWindow() {
    Predicate<String> startsWithA = s -> s.startsWith("a");
    Dataset<Row> out =
        WindowedOperators.runOperator(
            strings(List.of("apple", "banana", "avocado", "cherry")),
            OperatorRunRequest.builder(FunctionFilter.class.getName())
                .parameter("functionalLogic", List.of(logic(startsWithA)))
                .outputSchema("string string")
                .build());
    assertEquals(List.of("apple", "avocado"), sorted(out));
  }

  @Test
  void ibmsAggregateKeyedOnSparkByAColumnThatIsNoAttributeOfItsPort() {
    // IBM's port schema is fixed (tuple<rstring string>) and its window partitioned by its own key
    // getter; the Spark key k (the first letter, the key getter's key) spreads the partitions over
    // tasks without becoming an attribute.
    Function<List<String>, String> join = tuples -> String.join("+", tuples);
    Function<String, String> firstLetter = s -> s.substring(0, 1);
    Dataset<Row> input =
        spark
            .createDataset(List.of("a1", "b1", "a2", "a3", "b2", "a4"), Encoders.STRING())
            .toDF("string")
            .coalesce(1) // one input partition: its order is each key's arrival order
            .withColumn("k", functions.substring(functions.col("string"), 1, 1));
    OperatorRunRequest.Builder request =
        OperatorRunRequest.builder(FunctionAggregate.class.getName())
            .window("partitioned, sliding, count(3), count(1)")
            .partitionBy(List.of("k"))
            .parameter("functionalLogic", List.of(logic(join)))
            .parameter("keyGetter", List.of(logic(firstLetter)))
            .outputSchema("string string");

    Dataset<Row> out =
        WindowedOperators.runOperator(input, request.partitionByKeysOnly(true).build());

    assertEquals(List.of("a1", "a1+a2", "a1+a2+a3", "a2+a3+a4", "b1", "b1+b2"), sorted(out));
  }

  @Test
  void ibmsJoinRunsOnTwoPortsItsWindowOnPort0() {
    // IBM's FunctionJoin: port 0 a window partitioned by keyGetter, port 1 not windowed, each of
    // its tuples joined with the window partition joinKeyGetter names. Both ports keyed on Spark
    // by the first letter (k), which is no attribute of IBM's fixed port schemas.
    BiFunction<String, List<String>, String> join =
        (event, window) -> event + ":" + String.join(",", window);
    Function<String, String> firstLetter = s -> s.substring(0, 1);
    Dataset<Row> windowed =
        spark
            .createDataset(List.of("a1", "b1", "a2", "a3"), Encoders.STRING())
            .toDF("string")
            .coalesce(1) // one input partition: its order is each key's arrival order
            .withColumn("k", functions.substring(functions.col("string"), 1, 1));
    Dataset<Row> lookups =
        spark
            .createDataset(List.of("a?x", "b?y", "c?z"), Encoders.STRING())
            .toDF("string")
            .repartition(2)
            .withColumn("k", functions.substring(functions.col("string"), 1, 1));
    OperatorRunRequest request =
        OperatorRunRequest.builder(FunctionJoin.class.getName())
            .window("partitioned, sliding, count(2)")
            .partitionBy(List.of("k"))
            .partitionByKeysOnly(true)
            .inputPort(null)
            .parameter("functionalLogic", List.of(logic(join)))
            .parameter("keyGetter", List.of(logic(firstLetter)))
            .parameter("joinKeyGetter", List.of(logic(firstLetter)))
            .outputSchema("string string")
            .build();

    Dataset<Row> out = WindowedOperators.runOperator(List.of(windowed, lookups), request);

    // Without order_by a batch's port 0 rows arrive first: each lookup sees its key's last two.
    assertEquals(List.of("a?x:a2,a3", "b?y:b1", "c?z:"), sorted(out));
  }

  @Test
  void ibmsJoinKeepsItsWindowPerKeyAcrossARestartOfAStream(@TempDir Path root) throws Exception {
    BiFunction<String, List<String>, String> join =
        (event, window) -> event + ":" + String.join(",", window);
    Function<String, String> firstLetter = s -> s.substring(0, 1);
    Path windowed = Files.createDirectories(root.resolve("windowed"));
    Path lookups = Files.createDirectories(root.resolve("lookups"));
    OperatorRunRequest request =
        OperatorRunRequest.builder(FunctionJoin.class.getName())
            .window("partitioned, sliding, count(2)")
            .partitionBy(List.of("k"))
            .partitionByKeysOnly(true)
            .inputPort(null)
            .parameter("functionalLogic", List.of(logic(join)))
            .parameter("keyGetter", List.of(logic(firstLetter)))
            .parameter("joinKeyGetter", List.of(logic(firstLetter)))
            .outputSchema("string string")
            .build();

    write(windowed, "1", "a1", "b1");
    write(lookups, "1", "a?x");
    assertEquals(List.of("a?x:a1"), joinQuery(request, windowed, lookups, root));

    // A new query from the same checkpoint: b's window comes back from the state store.
    write(windowed, "2", "a2");
    write(lookups, "2", "a?y", "b?z");
    assertEquals(
        List.of("a?x:a1", "a?y:a1,a2", "b?z:b1"), joinQuery(request, windowed, lookups, root));
  }

  /** Writes a JSON-lines file of strings with their key (the first letter) into {@code dir}. */
  private static void write(Path dir, String name, String... values) throws Exception {
    List<String> lines =
        java.util.Arrays.stream(values)
            .map(v -> "{\"string\": \"" + v + "\", \"k\": \"" + v.substring(0, 1) + "\"}")
            .toList();
    Path staged = Files.write(dir.resolveSibling(dir.getFileName() + "-" + name + ".json"), lines);
    Files.move(staged, dir.resolve(name + ".json"));
  }

  /** Runs the join over what the two directories hold beyond the checkpoint; the sink's rows. */
  private static List<String> joinQuery(
      OperatorRunRequest request, Path windowed, Path lookups, Path root) throws Exception {
    Dataset<Row> out =
        WindowedOperators.runOperator(List.of(stream(windowed), stream(lookups)), request);
    StreamingQuery query =
        out.writeStream()
            .format("json")
            .option("path", root.resolve("output").toString())
            .option("checkpointLocation", root.resolve("checkpoint").toString())
            .start();
    try {
      query.processAllAvailable();
    } finally {
      query.stop();
    }
    return sorted(spark.read().schema("string string").json(root.resolve("output").toString()));
  }

  private static Dataset<Row> stream(Path dir) {
    return spark.readStream().schema("string string, k string").json(dir.toString());
  }
}
