package io.streamswindow.spark.relational;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamswindow.schema.SplSchema;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * What the Spark runners of {@code tests/operators/*.json} share ({@link SortCasesTest}, {@link
 * JoinCasesTest}): the local session, the cases a file states for Spark, and a case's SPL values as
 * Spark columns' values.
 */
final class OperatorCases {
  private OperatorCases() {}

  /** A local session for one test class, stopped by the class. */
  static SparkSession session() {
    return SparkSession.builder()
        .master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate();
  }

  /** The cases of {@code tests/operators/<file>} that run on Spark (no {@code runtimes}, or it). */
  static List<JsonNode> onSpark(String file) throws IOException {
    List<JsonNode> cases = new ArrayList<>();
    for (JsonNode c :
        new ObjectMapper().readTree(new File("../../tests/operators/" + file)).get("cases")) {
      boolean runs = !c.has("runtimes");
      if (!runs) {
        for (JsonNode runtime : c.get("runtimes")) {
          runs |= runtime.asText().equals("spark");
        }
      }
      if (runs) {
        cases.add(c);
      }
    }
    return cases;
  }

  /** A case's string list field, empty when absent. */
  static List<String> strings(JsonNode c, String field) {
    List<String> values = new ArrayList<>();
    if (c.has(field)) {
      c.get(field).forEach(v -> values.add(v.asText()));
    }
    return values;
  }

  /** The attributes of a case's schema as Spark columns, in order, each nullable. */
  static StructType sparkSchema(SplSchema spl) {
    StructType schema = new StructType();
    for (int i = 0; i < spl.getAttributeCount(); i++) {
      schema =
          schema.add(
              spl.getAttribute(i).getName(),
              sparkType(spl.getAttribute(i).getType().getLanguageType()),
              true);
    }
    return schema;
  }

  /**
   * Sets the first {@code attributes} of {@code values}, the case schema's columns of {@code
   * schema}, from a case's tuple by name (null where it names none); the columns after them (a
   * sequence, a marker) are the caller's.
   */
  static void fill(Object[] values, StructType schema, int attributes, JsonNode tuple) {
    for (int i = 0; i < attributes; i++) {
      values[i] = value(schema.fields()[i].dataType(), tuple.get(schema.fields()[i].name()));
    }
  }

  /** The Spark column type of the SPL types the cases use. */
  static DataType sparkType(String splType) {
    return switch (splType) {
      case "rstring" -> DataTypes.StringType;
      case "int32" -> DataTypes.IntegerType;
      case "int64" -> DataTypes.LongType;
      case "float64" -> DataTypes.DoubleType;
      default -> throw new IllegalArgumentException("no Spark type for " + splType + " here");
    };
  }

  /** A case's JSON value as a value of {@code type}; floats may be "NaN" and such strings. */
  static Object value(DataType type, JsonNode node) {
    if (node == null) {
      return null;
    }
    if (type == DataTypes.StringType) {
      return node.asText();
    } else if (type == DataTypes.IntegerType) {
      return node.asInt();
    } else if (type == DataTypes.LongType) {
      return node.asLong();
    }
    return node.isTextual() ? Double.parseDouble(node.asText()) : node.asDouble();
  }
}
