package io.streamswindow.spark.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamswindow.expression.SplExpressionException;
import io.streamswindow.spark.SplExpressions;
import java.io.File;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The Spark back end of SPL expressions against the cases of tests/expressions/cases.json, which
 * the evaluator passes too (ExpressionCasesTest): the same type and value from a Column over one
 * row, or the same refusal, or the same failure when the query runs; whatever Spark's ANSI mode
 * says (docs/semantics.md, "SPL expressions on Spark").
 */
class SplColumnsTest {
  private static final File CASES = new File("../../tests/expressions/cases.json");
  private static SparkSession spark;
  private static Dataset<Row> row;
  private static final Map<String, String> STATED =
      Map.of("count", "uint32", "big", "uint64", "amount", "decimal64", "uword", "ustring");

  @BeforeAll
  static void start() throws Exception {
    spark =
        SparkSession.builder()
            .master("local[1]")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "1")
            .getOrCreate();
    StructType schema =
        new StructType()
            .add("ticker", DataTypes.StringType, false)
            .add("price", DataTypes.DoubleType, false)
            .add("volume", DataTypes.IntegerType, false)
            .add("small", DataTypes.ByteType, false)
            .add("count", DataTypes.LongType, false)
            .add("big", DataTypes.createDecimalType(20, 0), false)
            .add("amount", DataTypes.createDecimalType(38, 18), false)
            .add("ratio", DataTypes.FloatType, false)
            .add("word", DataTypes.StringType, false)
            .add("uword", DataTypes.StringType, false)
            .add("nums", DataTypes.createArrayType(DataTypes.IntegerType, false), false)
            .add(
                "ages",
                DataTypes.createMapType(DataTypes.StringType, DataTypes.IntegerType, false),
                false)
            .add("flag", DataTypes.BooleanType, false)
            .add("ts", DataTypes.TimestampType, false);
    JsonNode tuple = new ObjectMapper().readTree(CASES).get("tuple");
    Map<String, Integer> ages = new LinkedHashMap<>();
    tuple.get("ages").fields().forEachRemaining(e -> ages.put(e.getKey(), e.getValue().asInt()));
    List<Integer> nums = new ArrayList<>();
    tuple.get("nums").forEach(n -> nums.add(n.asInt()));
    Row values =
        RowFactory.create(
            tuple.get("ticker").asText(),
            tuple.get("price").asDouble(),
            tuple.get("volume").asInt(),
            (byte) tuple.get("small").asInt(),
            tuple.get("count").asLong(),
            new BigDecimal(tuple.get("big").asText()),
            new BigDecimal(tuple.get("amount").asText()),
            (float) tuple.get("ratio").asDouble(),
            tuple.get("word").asText(),
            tuple.get("uword").asText(),
            scala.jdk.javaapi.CollectionConverters.asScala(nums).toSeq(),
            scala.jdk.javaapi.CollectionConverters.asScala(ages),
            tuple.get("flag").asBoolean(),
            new Timestamp(1_700_000_000_250L));
    row = spark.createDataFrame(List.of(values), schema);
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  @TestFactory
  Stream<DynamicTest> everyCaseGivesTheEvaluatorsTypeAndValueAsAColumn() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    for (String ansi : List.of("true", "false")) {
      tests.add(
          DynamicTest.dynamicTest(
              "spark.sql.ansi.enabled=" + ansi,
              () -> spark.conf().set("spark.sql.ansi.enabled", ansi)));
      tests.addAll(cases());
    }
    return tests.stream();
  }

  @Test
  void whatSparkComputesAsSplDoesIsPlannedNativelyAndTheRestRunsTheEvaluator() {
    for (String natively :
        List.of(
            "small + 100b",
            "price / 0.0",
            "volume / 0",
            "flag ? volume + 1 : volume - 1",
            "(0.0 / 0.0) == (0.0 / 0.0)",
            "ticker + \"-\" + word",
            "length(word)")) {
      assertTrue(!plan(natively).contains("UDF"), natively + ": " + plan(natively));
    }
    for (String evaluated : List.of("amount / 3.0d", "upper(word)", "count + 1u")) {
      assertTrue(plan(evaluated).contains("UDF"), evaluated + ": " + plan(evaluated));
    }
  }

  private static String plan(String expression) {
    return row.select(SplColumns.column(row.schema(), expression, STATED))
        .queryExecution()
        .analyzed()
        .toString();
  }

  private static List<DynamicTest> cases() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode each : new ObjectMapper().readTree(CASES).get("cases")) {
      String expression = each.get("expression").asText();
      String type = each.has("type") ? each.get("type").asText() : "";
      if (type.startsWith("list") || type.startsWith("map")) {
        continue; // a Column of a primitive type only (docs/semantics.md)
      }
      tests.add(
          DynamicTest.dynamicTest(
              each.get("rule").asText() + ": " + expression,
              () -> {
                if (each.has("refused")) {
                  SplExpressionException refused =
                      assertThrows(
                          SplExpressionException.class,
                          () -> SplColumns.column(row.schema(), expression, STATED));
                  assertTrue(
                      refused.getMessage().startsWith(each.get("refused").asText()),
                      refused.getMessage());
                  return;
                }
                Column column = SplColumns.column(row.schema(), expression, STATED);
                if (each.has("fails")) {
                  Exception failed =
                      assertThrows(Exception.class, () -> row.select(column).collectAsList());
                  assertTrue(
                      messages(failed).contains(each.get("fails").asText()), messages(failed));
                  return;
                }
                assertEquals(
                    normal(each.get("value").asText()),
                    normal(shown(row.select(column).first().get(0))));
              }));
    }
    return tests;
  }

  @Test
  void aFunctorFiltersAssignsAndForwardsTheOtherColumns() {
    Dataset<Row> out =
        SplExpressions.functor(
            row,
            "volume > 100 && ticker == \"IBM\"",
            List.of("notional", "volume"),
            List.of("price * (float64)volume", "volume + 1"),
            STATED);
    assertEquals("notional", out.schema().fieldNames()[out.schema().fieldNames().length - 1]);
    Row only = out.first();
    assertEquals(20300.0, only.getAs("notional"));
    assertEquals(201, (int) only.getAs("volume"));
    assertEquals("IBM", only.getAs("ticker"));
    assertEquals(
        0, SplExpressions.functor(row, "volume > 1000", List.of(), List.of(), STATED).count());
  }

  @Test
  void aFunctorRefusesAFilterThatIsNotBooleanAndAnAssignmentThatChangesAType() {
    IllegalArgumentException filter =
        assertThrows(
            IllegalArgumentException.class,
            () -> SplExpressions.functor(row, "volume", List.of(), List.of(), STATED));
    assertEquals(
        "filter \"volume\" is int32, and a Functor's filter is boolean: compare it, e.g. (volume)"
            + " != 0",
        filter.getMessage());
    IllegalArgumentException changed =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SplExpressions.functor(
                    row, null, List.of("volume"), List.of("(float64)volume"), STATED));
    assertTrue(changed.getMessage().startsWith("output volume = \"(float64)volume\" is float64,"));
  }

  private static String messages(Throwable failure) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      all.append(t.getMessage()).append('\n');
    }
    return all.toString();
  }

  private static String shown(Object value) {
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    return String.valueOf(value);
  }

  /** Decimals compare by value (a Spark decimal column has a fixed scale). */
  private static String normal(String value) {
    try {
      if (value.matches("-?[0-9]+\\.[0-9]+")) {
        return new BigDecimal(value).stripTrailingZeros().toPlainString();
      }
    } catch (NumberFormatException notDecimal) {
      // compared as written
    }
    return value;
  }
}
