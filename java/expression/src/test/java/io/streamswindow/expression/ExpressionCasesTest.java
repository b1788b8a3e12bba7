package io.streamswindow.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.schema.SplListType;
import io.streamswindow.schema.SplMapType;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplType;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs tests/expressions/cases.json: SPL expression semantics as data, each case an expression over
 * one tuple with its type and value, or the message that refuses it (docs/semantics.md, "SPL
 * expressions").
 */
class ExpressionCasesTest {
  private static final File CASES = new File("../../tests/expressions/cases.json");

  @TestFactory
  Stream<DynamicTest> everyCaseGivesItsTypeAndValueOrItsRefusal() throws IOException {
    JsonNode file = new ObjectMapper().readTree(CASES);
    SplSchema schema = SplSchema.parse(file.get("schema").asText());
    Tuple tuple = schema.getTuple(values(schema, file.get("tuple")));
    ExpressionScope scope = ExpressionScope.of(schema);
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode each : file.get("cases")) {
      String expression = each.get("expression").asText();
      tests.add(
          DynamicTest.dynamicTest(
              each.get("rule").asText() + ": " + expression,
              () -> {
                if (each.has("refused")) {
                  SplExpressionException refused =
                      assertThrows(
                          SplExpressionException.class,
                          () -> SplExpression.compile(expression, scope));
                  assertTrue(
                      refused.getMessage().startsWith(each.get("refused").asText()),
                      refused.getMessage());
                  return;
                }
                SplExpression compiled = SplExpression.compile(expression, scope);
                if (each.has("fails")) {
                  SplEvaluationException failed =
                      assertThrows(SplEvaluationException.class, () -> compiled.evaluate(tuple));
                  assertTrue(
                      failed.getMessage().startsWith(each.get("fails").asText()),
                      failed.getMessage());
                  return;
                }
                assertEquals(each.get("type").asText(), compiled.type().getLanguageType());
                assertEquals(
                    each.get("value").asText(), shown(compiled.type(), compiled.evaluate(tuple)));
                // The unboxed entry points give the same value as the boxed one.
                if (compiled.type().getLanguageType().equals("float64")) {
                  assertEquals(
                      each.get("value").asText(), String.valueOf(compiled.evaluateDouble(tuple)));
                } else if (compiled.type().getLanguageType().equals("boolean")) {
                  assertEquals(
                      each.get("value").asText(), String.valueOf(compiled.evaluateBoolean(tuple)));
                }
              }));
    }
    return tests.stream();
  }

  /** A value as SPL prints it: a collection's elements as their casts to rstring give them. */
  static String shown(SplType type, Object value) {
    if (type instanceof SplListType list) {
      List<String> parts = new ArrayList<>();
      for (Object element : (List<?>) value) {
        parts.add(shown(list.getElementType(), element));
      }
      return "[" + String.join(", ", parts) + "]";
    }
    if (type instanceof SplMapType map) {
      List<String> parts = new ArrayList<>();
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        parts.add(
            shown(map.getKeyType(), entry.getKey())
                + ": "
                + shown(map.getValueType(), entry.getValue()));
      }
      return "{" + String.join(", ", parts) + "}";
    }
    return ExpressionEvaluator.text(type, value);
  }

  private static Map<String, Object> values(SplSchema schema, JsonNode tuple) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (Iterator<String> names = tuple.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      values.put(name, value(schema.getType(schema.requireIndex(name)), tuple.get(name)));
    }
    return values;
  }

  private static Object value(SplType type, JsonNode json) {
    switch (type.getMetaType()) {
      case RSTRING:
        return new RString(json.asText());
      case USTRING:
        return json.asText();
      case BOOLEAN:
        return json.asBoolean();
      case INT8:
        return (byte) json.asInt();
      case INT32:
        return json.asInt();
      case UINT32:
        return (int) json.asLong();
      case UINT64:
        return Long.parseUnsignedLong(json.asText());
      case FLOAT32:
        return (float) json.asDouble();
      case FLOAT64:
        return json.asDouble();
      case DECIMAL64:
        return new BigDecimal(json.asText());
      case TIMESTAMP:
        return Timestamp.getTimestamp(new BigDecimal(json.asText()));
      case LIST:
        {
          List<Object> list = new ArrayList<>();
          for (JsonNode element : json) {
            list.add(value(((SplListType) type).getElementType(), element));
          }
          return list;
        }
      case MAP:
        {
          Map<Object, Object> map = new LinkedHashMap<>();
          SplMapType mapType = (SplMapType) type;
          for (Iterator<String> keys = json.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            map.put(
                value(
                    mapType.getKeyType(),
                    com.fasterxml.jackson.databind.node.TextNode.valueOf(key)),
                value(mapType.getValueType(), json.get(key)));
          }
          return map;
        }
      default:
        throw new IllegalArgumentException("no JSON form for " + type.getLanguageType());
    }
  }
}
