package com.ibm.json.java;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JSONTest {

  @Test
  void parsesAnObjectOrAnArrayWhicheverTheTextHolds() throws IOException {
    JSONArtifact object = JSON.parse("{\"a\":[1]}");
    assertInstanceOf(JSONObject.class, object);
    assertFalse(object instanceof OrderedJSONObject);
    assertInstanceOf(JSONArray.class, JSON.parse(new StringReader("[{\"a\":1}]")));
    byte[] bytes = "[\"é\"]".getBytes(StandardCharsets.UTF_8);
    assertEquals("é", ((JSONArray) JSON.parse(new ByteArrayInputStream(bytes), true)).get(0));
    assertInstanceOf(OrderedJSONObject.class, ((JSONArray) JSON.parse("[{\"a\":1}]", true)).get(0));
  }

  @Test
  void refusesAValueThatIsNeitherObjectNorArray() {
    IOException error = assertThrows(IOException.class, () -> JSON.parse("42"));
    assertEquals("JSON text is not an object or an array: Long 42", error.getMessage());
    assertThrows(IOException.class, () -> JSON.parse("null"));
    assertThrows(IOException.class, () -> JSON.parse("{"));
  }
}
