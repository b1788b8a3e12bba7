package io.streamswindow.spark.relational;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.Aggregates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
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
 * SPL Aggregate's cases ({@code tests/operators/aggregate.json}, which java/conformance's {@code
 * OperatorCasesTest} runs through IBM's harness) on Spark, through {@link Aggregates#aggregate} in
 * batch: the steps become rows in step order ({@code order_by} a sequence column) and the batch's
 * end the final marker; the output's marks come back in a {@code punctuation_column}. The derived
 * output schema must be the case's {@code outputSchema}, and each tuple's values, as text, the
 * case's {@code expected} ones, in order (the cases' windows are not partitioned: one key).
 */
class AggregateCasesTest {
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
  Stream<DynamicTest> aggregateCases() throws Exception {
    return OperatorCases.onSpark("aggregate.json").stream()
        .map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> run(c)));
  }

  private static void run(JsonNode c) {
    SplSchema spl = SplSchema.parse(c.get("schema").asText());
    StructType schema = OperatorCases.sparkSchema(spl).add("seq", DataTypes.IntegerType, false);
    List<Row> rows = new ArrayList<>();
    int seq = 0;
    for (JsonNode step : c.has("steps") ? c.get("steps") : List.<JsonNode>of()) {
      if (!step.has("tuple")) {
        continue; // the final marker: the batch's end
      }
      Object[] values = new Object[spl.getAttributeCount() + 1];
      OperatorCases.fill(values, schema, spl.getAttributeCount(), step.get("tuple"));
      values[values.length - 1] = seq++;
      rows.add(RowFactory.create(values));
    }
    Dataset<Row> input = spark.createDataFrame(rows, schema);
    Map<String, String> options = Map.of("punctuation_column", "p");
    Supplier<Dataset<Row>> aggregate =
        () ->
            Aggregates.aggregate(
                input,
                c.get("window").asText(),
                List.of(),
                List.of("seq"),
                OperatorCases.strings(c, "output"),
                OperatorCases.strings(c, "groupBy"),
                options);
    if (c.has("error")) {
      Exception refused = assertThrows(Exception.class, () -> aggregate.get().collectAsList());
      assertTrue(
          String.valueOf(refused.getMessage()).startsWith(c.get("error").asText()),
          "refused with \"" + refused.getMessage() + "\"");
      return;
    }
    Dataset<Row> aggregated = aggregate.get();
    SplSchema declared = SplSchema.parse(c.get("outputSchema").asText());
    List<String> columns = new ArrayList<>(List.of(aggregated.columns()));
    columns.remove("p");
    assertEquals(
        List.copyOf(declared.getAttributeNames()),
        columns,
        "the derived output schema's attributes");
    List<Object> got = new ArrayList<>();
    for (Row row : aggregated.collectAsList()) {
      String mark = row.getAs("p");
      if (mark != null) {
        got.add(mark);
        continue;
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (String column : columns) {
        values.put(column, String.valueOf(row.<Object>getAs(column)));
      }
      got.add(values);
    }
    assertEquals(expected(c), got, c.get("name").asText());
  }

  /** A case's {@code expected}: a mark by name, a tuple as its values as text. */
  private static List<Object> expected(JsonNode c) {
    List<Object> items = new ArrayList<>();
    for (JsonNode item : c.get("expected")) {
      if (item.isTextual()) {
        items.add(item.asText());
      } else {
        Map<String, String> values = new LinkedHashMap<>();
        item.fields().forEachRemaining(f -> values.put(f.getKey(), f.getValue().asText()));
        items.add(values);
      }
    }
    return items;
  }
}
