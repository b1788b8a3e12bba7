package com.ibm.json.java;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

@SuppressWarnings("unchecked")
class JSONArrayTest {

  @Test
  void parsesAndSerializesAnArray() throws IOException {
    JSONArray array = JSONArray.parse(" [1, 2.5, \"x\", null, [true], {\"k\": \"v\"}] ");
    assertEquals(6, array.size());
    assertEquals(1L, array.get(0));
    assertEquals(2.5, array.get(1));
    assertEquals("[1,2.5,\"x\",null,[true],{\"k\":\"v\"}]", array.serialize());
    assertEquals("[\n  1,\n  []\n]", JSONArray.parse("[1,[]]").serialize(true));
    assertEquals("[]", new JSONArray(10).toString());
  }

  @Test
  void refusesAnObjectAndBrokenText() {
    assertThrows(IOException.class, () -> JSONArray.parse("{}"));
    assertThrows(IOException.class, () -> JSONArray.parse("[1,]"));
    assertThrows(IOException.class, () -> JSONArray.parse("[1 2]"));
  }

  @Test
  void everyWayInChecksTheElements() {
    JSONArray array = new JSONArray();
    array.add("ok");
    array.add(0, 1);
    array.addAll(List.of(true, 2.0));
    array.set(0, new JSONObject());
    assertEquals(4, array.size());
    assertThrows(IllegalArgumentException.class, () -> array.add(new Object()));
    assertThrows(IllegalArgumentException.class, () -> array.add(0, List.of()));
    assertThrows(IllegalArgumentException.class, () -> array.addAll(List.of("a", 'b')));
    assertThrows(IllegalArgumentException.class, () -> array.addAll(0, List.of(new int[0])));
    assertThrows(IllegalArgumentException.class, () -> array.set(0, new StringBuilder()));
    assertEquals(4, array.size());
  }
}
