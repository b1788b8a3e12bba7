package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.function.Predicate;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionFilter;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionTransform;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.WindowedOperators;
import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
  void ibmsFilterRunsWithoutAWindow() {
    Predicate<String> startsWithA = s -> s.startsWith("a");
    Dataset<Row> out =
        WindowedOperators.runOperator(
            strings(List.of("apple", "banana", "avocado", "cherry")),
            FunctionFilter.class.getName(),
            null,
            List.of(),
            List.of(),
            java.util.Map.of("functionalLogic", List.of(logic(startsWithA))),
            "string string",
            java.util.Map.of());
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
}
