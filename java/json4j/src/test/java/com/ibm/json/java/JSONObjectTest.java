package com.ibm.json.java;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@SuppressWarnings("unchecked")
class JSONObjectTest {

  @Test
  void parsedNumbersAreLongWithoutFractionAndDoubleWithOne() throws IOException {
    JSONObject object =
        JSONObject.parse(
            "{\"i\": 7, \"neg\": -3, \"d\": 100.959, \"e\": 1e3, \"big\": 123456789012345678901}");
    assertEquals(Long.valueOf(7), object.get("i"));
    assertEquals(Long.valueOf(-3), object.get("neg"));
    assertEquals(Double.valueOf(100.959), object.get("d"));
    assertEquals(Double.valueOf(1000.0), object.get("e"));
    assertEquals(new BigInteger("123456789012345678901"), object.get("big"));
  }

  @Test
  void parsesStringsBooleansNullAndNesting() throws IOException {
    JSONObject object =
        JSONObject.parse(
            "{\"s\":\"a\\\"b\\\\c\\/d\\n\\u00e9\",\"t\":true,\"f\":false,\"n\":null,"
                + "\"o\":{\"x\":[1,\"two\",{}]}}");
    assertEquals("a\"b\\c/d\né", object.get("s"));
    assertEquals(Boolean.TRUE, object.get("t"));
    assertEquals(Boolean.FALSE, object.get("f"));
    assertTrue(object.containsKey("n"));
    assertNull(object.get("n"));
    JSONArray x = (JSONArray) ((JSONObject) object.get("o")).get("x");
    assertEquals(List.of(1L, "two", new JSONObject()), x);
    assertInstanceOf(JSONObject.class, x.get(2));
  }

  @Test
  void parsesAStreamAsUtf8() throws IOException {
    byte[] text = "{\"name\":\"Zoë\"}".getBytes(StandardCharsets.UTF_8);
    assertEquals("Zoë", JSONObject.parse(new ByteArrayInputStream(text)).get("name"));
  }

  @Test
  void refusesTextThatIsNotOneObject() {
    for (String text :
        List.of(
            "",
            "[1]",
            "\"s\"",
            "{\"a\":1",
            "{\"a\" 1}",
            "{a:1}",
            "{\"a\":1,}",
            "{\"a\":01}",
            "{\"a\":1.}",
            "{\"a\":tru}",
            "{\"a\":\"\\x\"}",
            "{\"a\":1} x")) {
      assertThrows(IOException.class, () -> JSONObject.parse(text), text);
    }
  }

  @Test
  void anErrorSaysWhereAndWhat() {
    IOException error = assertThrows(IOException.class, () -> JSONObject.parse("{\"a\":1 \"b\"}"));
    assertEquals("Invalid JSON at character 7: expected ',' or '}'", error.getMessage());
  }

  @Test
  void putTakesJsonValuesOnly() {
    JSONObject object = new JSONObject();
    object.put("s", "x");
    object.put("i", 1);
    object.put("d", new BigDecimal("1.50"));
    object.put("b", true);
    object.put("n", null);
    object.put("o", new OrderedJSONObject());
    object.put("a", new JSONArray());
    assertEquals(7, object.size());
    assertThrows(IllegalArgumentException.class, () -> object.put(1, "x"));
    assertThrows(IllegalArgumentException.class, () -> object.put("c", 'c'));
    assertThrows(IllegalArgumentException.class, () -> object.put("m", Map.of()));
    assertThrows(IllegalArgumentException.class, () -> object.putAll(Map.of("l", List.of())));
    assertFalse(object.containsKey("l"));
    assertTrue(JSONObject.isValidObject(null));
    assertTrue(JSONObject.isValidType(Long.class));
    assertTrue(JSONObject.isValidType(OrderedJSONObject.class));
    assertFalse(JSONObject.isValidType(Object.class));
    assertFalse(JSONObject.isValidObject(new Object()));
  }

  @Test
  void serializesCompactAndVerbose() throws IOException {
    JSONObject object = new OrderedJSONObject();
    object.put("attribute", "foo");
    object.put("number", 100.959);
    JSONArray list = new JSONArray();
    list.add(1);
    list.add(new JSONObject());
    object.put("list", list);
    assertEquals("{\"attribute\":\"foo\",\"number\":100.959,\"list\":[1,{}]}", object.serialize());
    assertEquals(object.serialize(), object.toString());
    assertEquals(
        "{\n"
            + "  \"attribute\": \"foo\",\n"
            + "  \"number\": 100.959,\n"
            + "  \"list\": [\n"
            + "    1,\n"
            + "    {}\n"
            + "  ]\n"
            + "}",
        object.serialize(true));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    object.serialize(bytes, true);
    assertEquals(object.serialize(true), bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void serializedNumbersAndStringsReadBackTheSame() throws IOException {
    JSONObject object = new JSONObject();
    object.put("long", Long.MAX_VALUE);
    object.put("int", 42);
    object.put("double", 0.1);
    object.put("text", "quote\" backslash\\ tab\t bell\u0007 é");
    object.put("nan", Double.NaN);
    JSONObject back = JSONObject.parse(object.serialize());
    assertEquals(Long.MAX_VALUE, back.get("long"));
    // An Integer put comes back a Long, as every parsed integer does.
    assertEquals(42L, back.get("int"));
    assertEquals(0.1, back.get("double"));
    assertEquals(object.get("text"), back.get("text"));
    assertTrue(object.serialize().contains(" bell\\u0007 é\""), object.serialize());
    // JSON has no NaN: it is written as null.
    assertTrue(back.containsKey("nan"));
    assertNull(back.get("nan"));
  }
}
