package io.streamswindow.spark.relational;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.Sorts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * SPL Sort's cases ({@code tests/operators/sort.json}, which java/conformance's {@code
 * OperatorCasesTest} runs through IBM's harness) on Spark, through {@link Sorts#sort} in batch: the
 * steps become rows in step order ({@code order_by} a sequence column), a window marker a {@code
 * marker_column} row, and the batch's end the final marker; the output's marks come back in a
 * {@code punctuation_column}. A window that is not partitioned is one key, whose rows and marks are
 * compared in order; a partitioned one is compared partition by partition, tuples only, as Spark
 * orders the keys' outputs among themselves in no way of SPL's.
 */
class SortCasesTest {
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = OperatorCases.session();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  @TestFactory
  Stream<DynamicTest> sortCases() throws Exception {
    return OperatorCases.onSpark("sort.json").stream()
        .map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> run(c)));
  }

  private static void run(JsonNode c) {
    SplSchema spl = SplSchema.parse(c.get("schema").asText());
    StructType schema =
        OperatorCases.sparkSchema(spl)
            .add("seq", DataTypes.IntegerType, false)
            .add("marker", DataTypes.BooleanType);
    List<Row> rows = new ArrayList<>();
    Map<String, String> partitionOf = new LinkedHashMap<>();
    List<String> partitionBy = OperatorCases.strings(c, "partitionBy");
    int seq = 0;
    if (c.has("steps")) {
      for (JsonNode step : c.get("steps")) {
        Object[] values = new Object[spl.getAttributeCount() + 2];
        values[values.length - 2] = seq++;
        if (step.has("tuple")) {
          JsonNode tuple = step.get("tuple");
          OperatorCases.fill(values, schema, spl.getAttributeCount(), tuple);
          values[values.length - 1] = false;
          StringBuilder key = new StringBuilder();
          partitionBy.forEach(p -> key.append(tuple.get(p).asText()).append('|'));
          partitionOf.put(tuple.get("id").asText(), key.toString());
        } else if (step.has("punct") && step.get("punct").asText().equals("WINDOW_MARKER")) {
          values[values.length - 1] = true;
        } else {
          continue; // the final marker: the batch's end
        }
        rows.add(RowFactory.create(values));
      }
    }
    Dataset<Row> input = spark.createDataFrame(rows, schema);
    Map<String, String> options = new LinkedHashMap<>();
    options.put("marker_column", "marker");
    options.put("punctuation_column", "p");
    if (c.has("error")) {
      Exception refused =
          assertThrows(
              Exception.class,
              () ->
                  Sorts.sort(
                          input.drop("seq"),
                          c.get("window").asText(),
                          partitionBy,
                          List.of(),
                          OperatorCases.strings(c, "sortBy"),
                          OperatorCases.strings(c, "order"),
                          options)
                      .collectAsList());
      assertTrue(
          String.valueOf(refused.getMessage()).contains(c.get("error").asText()),
          "refused with \"" + refused.getMessage() + "\"");
      return;
    }
    Dataset<Row> sorted =
        Sorts.sort(
            input,
            c.get("window").asText(),
            partitionBy,
            List.of("seq"),
            OperatorCases.strings(c, "sortBy"),
            OperatorCases.strings(c, "order"),
            options);
    List<String> got = new ArrayList<>();
    for (Row row : sorted.collectAsList()) {
      String mark = row.getAs("p");
      got.add(mark != null ? mark : row.<String>getAs("id"));
    }
    List<String> expected = OperatorCases.strings(c, "output");
    if (partitionBy.isEmpty()) {
      assertEquals(withFinalMarker(expected), got, c.get("name").asText());
    } else {
      assertEquals(byPartition(expected, partitionOf), byPartition(got, partitionOf));
    }
  }

  /** The output of a batch, whose end is the final marker, once. */
  private static List<String> withFinalMarker(List<String> expected) {
    List<String> output = new ArrayList<>(expected);
    if (output.isEmpty() || !output.get(output.size() - 1).equals("FINAL_MARKER")) {
      output.add("FINAL_MARKER");
    }
    return output;
  }

  private static Map<String, List<String>> byPartition(
      List<String> output, Map<String, String> partitionOf) {
    Map<String, List<String>> partitions = new LinkedHashMap<>();
    for (String item : output) {
      String partition = partitionOf.get(item);
      if (partition != null) {
        partitions.computeIfAbsent(partition, p -> new ArrayList<>()).add(item);
      }
    }
    return new java.util.TreeMap<>(partitions);
  }
}
