package io.streamswindow.spark.relational;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.Joins;
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
 * SPL Join's cases ({@code tests/operators/join.json}, which java/conformance's {@code
 * OperatorCasesTest} runs through IBM's harness) on Spark, through {@link Joins#join} in batch:
 * each side's tuples become rows of its DataFrame with the step's index as {@code seq}, the arrival
 * order across the sides ({@code order_by}); port 0's output marks come back in a {@code
 * punctuation_column}; a case's ports for unmatched tuples ({@code unmatched}) are {@code
 * unmatched_ports}, each port's tuples told by {@code output_port}. A join that runs as one
 * instance is compared in order, marks included; one that runs key by key as the multiset of its
 * tuples, as Spark orders the keys' outputs among themselves in no way of SPL's. The batch's end is
 * the final marker on both ports.
 */
class JoinCasesTest {
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
  Stream<DynamicTest> joinCases() throws Exception {
    return OperatorCases.onSpark("join.json").stream()
        .map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> run(c)));
  }

  private static void run(JsonNode c) {
    Dataset<Row> left = side(c, 0, c.get("lhs"));
    Dataset<Row> right = side(c, 1, c.get("rhs"));
    Map<String, List<String>> parameters = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    List<String> expressions = new ArrayList<>();
    c.get("parameters")
        .fields()
        .forEachRemaining(
            p -> {
              List<String> values = new ArrayList<>();
              if (p.getValue().isArray()) {
                p.getValue().forEach(v -> values.add(v.asText()));
              } else {
                values.add(p.getValue().asText());
              }
              if (p.getKey().equals("output")) {
                for (String assignment : values) {
                  int equals = assignment.indexOf('=');
                  names.add(assignment.substring(0, equals).trim());
                  expressions.add(assignment.substring(equals + 1).trim());
                }
              } else {
                parameters.put(p.getKey(), values);
              }
            });
    String leftWindow = window(c.get("lhs"));
    String rightWindow = window(c.get("rhs"));
    Map<String, String> options = new LinkedHashMap<>(Map.of("punctuation_column", "p"));
    if (c.has("unmatched")) {
      options.put("unmatched_ports", "true"); // the outer side's ports, as the case declares
    }
    if (c.has("error")) {
      Exception refused =
          assertThrows(
              Exception.class,
              () ->
                  Joins.join(
                          left,
                          right,
                          leftWindow,
                          rightWindow,
                          List.of("seq"),
                          names,
                          expressions,
                          parameters,
                          options)
                      .collectAsList());
      assertTrue(
          String.valueOf(refused.getMessage()).contains(c.get("error").asText()),
          "refused with \"" + refused.getMessage() + "\"");
      return;
    }
    Dataset<Row> joined =
        Joins.join(
            left,
            right,
            leftWindow,
            rightWindow,
            List.of("seq"),
            names,
            expressions,
            parameters,
            options);
    boolean keyed = !joined.schema().fields()[0].metadata().contains("streams_window.warnings");
    List<String> got = new ArrayList<>();
    boolean severalPorts = List.of(joined.columns()).contains("output_port");
    for (Row row : joined.collectAsList()) {
      String mark = row.getAs("p");
      if (!severalPorts) {
        got.add(mark != null ? mark : row.<String>getAs("id"));
        continue;
      }
      // Port 0's tuples and marks, and the other ports' tuples as "<port>:<id>", as the case
      // states them.
      int port = row.<Integer>getAs("output_port");
      if (mark != null) {
        if (port == 0) {
          got.add(mark);
        }
      } else {
        String id = row.<Row>getAs("output_" + port).getAs("id");
        got.add(port == 0 ? id : port + ":" + id);
      }
    }
    List<String> expected = new ArrayList<>();
    c.get("expect").forEach(e -> expected.add(e.asText()));
    if (expected.isEmpty() || !expected.get(expected.size() - 1).equals("FINAL_MARKER")) {
      expected.add("FINAL_MARKER");
    }
    if (keyed) {
      // Key by key: the tuples, in no order across keys; the marks are each key's.
      expected.removeIf(e -> e.endsWith("_MARKER"));
      got.removeIf(e -> e.endsWith("_MARKER"));
      expected.sort(null);
      got.sort(null);
    }
    assertEquals(expected, got, c.get("name").asText() + (keyed ? " (key by key)" : ""));
    if (c.has("values")) {
      for (Row row : joined.collectAsList()) {
        JsonNode values = c.get("values").get(row.<String>getAs("id"));
        if (values != null) {
          values
              .fields()
              .forEachRemaining(
                  v ->
                      assertEquals(
                          v.getValue().asText(),
                          String.valueOf(row.getAs(v.getKey())),
                          row.getAs("id") + "." + v.getKey()));
        }
      }
    }
  }

  /** A clause, or null for a port without a window (SPL's count(0)). */
  private static String window(JsonNode port) {
    return port.get("window").isNull() ? null : port.get("window").asText();
  }

  private static Dataset<Row> side(JsonNode c, int port, JsonNode declaration) {
    SplSchema spl = SplSchema.parse(declaration.get("schema").asText());
    StructType schema = OperatorCases.sparkSchema(spl).add("seq", DataTypes.IntegerType, false);
    List<Row> rows = new ArrayList<>();
    int seq = 0;
    if (c.has("steps")) {
      for (JsonNode step : c.get("steps")) {
        seq++;
        if (step.has("tuple") && step.get("port").asInt() == port) {
          Object[] values = new Object[spl.getAttributeCount() + 1];
          OperatorCases.fill(values, schema, spl.getAttributeCount(), step.get("tuple"));
          values[values.length - 1] = seq;
          rows.add(RowFactory.create(values));
        }
      }
    }
    return spark.createDataFrame(rows, schema);
  }
}
