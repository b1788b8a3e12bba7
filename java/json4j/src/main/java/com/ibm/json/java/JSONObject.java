package com.ibm.json.java;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * A JSON object: a {@code HashMap} whose keys are strings and whose values are JSON values, that is
 * null or a {@code String}, {@code Boolean}, {@code Number}, {@code JSONObject} or {@code
 * JSONArray}. {@link #put} refuses anything else with an {@code IllegalArgumentException}.
 *
 * <p>Members are serialized in the map's order, which a {@code HashMap} does not define; {@link
 * OrderedJSONObject} keeps the order of insertion. Parsed numbers are {@code Long} (or {@code
 * BigInteger} beyond a long) without a fraction or exponent, {@code Double} with one. Not
 * thread-safe.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public class JSONObject extends HashMap implements JSONArtifact {

  // The serial form's version of IBM's class, so that serialized objects name the same version.
  private static final long serialVersionUID = -3269263069889337298L;

  /** Creates an empty object. */
  public JSONObject() {}

  /**
   * Returns whether a value may be held by a JSON object or array.
   *
   * @param object the value
   * @return true for null and instances of the JSON value types
   */
  public static boolean isValidObject(Object object) {
    return object == null || isValidType(object.getClass());
  }

  /**
   * Returns whether values of a class may be held by a JSON object or array.
   *
   * @param clazz the class
   * @return true for {@code String}, {@code Boolean}, {@code Number}, {@code JSONObject}, {@code
   *     JSONArray} and their subclasses
   */
  public static boolean isValidType(Class clazz) {
    return clazz != null
        && (String.class.isAssignableFrom(clazz)
            || Boolean.class.isAssignableFrom(clazz)
            || Number.class.isAssignableFrom(clazz)
            || JSONObject.class.isAssignableFrom(clazz)
            || JSONArray.class.isAssignableFrom(clazz));
  }

  /**
   * Parses JSON text, read as UTF-8, whose value is an object.
   *
   * @param is the stream, read to its end and not closed
   * @return the object
   * @throws IOException when the text is not JSON or its value not an object
   */
  public static JSONObject parse(InputStream is) throws IOException {
    return parse(new InputStreamReader(is, StandardCharsets.UTF_8));
  }

  /**
   * Parses JSON text whose value is an object.
   *
   * @param reader the text, read to its end and not closed
   * @return the object
   * @throws IOException when the text is not JSON or its value not an object
   */
  public static JSONObject parse(Reader reader) throws IOException {
    return asObject(JsonParser.parseValue(reader, false));
  }

  /**
   * Parses JSON text whose value is an object.
   *
   * @param str the text
   * @return the object
   * @throws IOException when the text is not JSON or its value not an object
   */
  public static JSONObject parse(String str) throws IOException {
    return parse(new StringReader(str));
  }

  static JSONObject asObject(Object value) throws IOException {
    if (value instanceof JSONObject) {
      return (JSONObject) value;
    }
    throw new IOException("JSON text is not an object: " + JsonParser.describe(value));
  }

  /**
   * Sets a member.
   *
   * @param key the member's name, a {@code String}
   * @param value the member's value, a JSON value ({@link #isValidObject})
   * @return the member's previous value, or null
   * @throws IllegalArgumentException when the key is not a string or the value not a JSON value
   */
  @Override
  public Object put(Object key, Object value) {
    if (!(key instanceof String)) {
      throw new IllegalArgumentException(
          "A JSONObject's keys are strings, not "
              + (key == null ? "null" : key.getClass().getName()));
    }
    if (!isValidObject(value)) {
      throw new IllegalArgumentException(
          "A JSONObject cannot hold a "
              + value.getClass().getName()
              + " (member \""
              + key
              + "\"): its values are null, String, Boolean, Number, JSONObject or JSONArray");
    }
    return super.put(key, value);
  }

  /** Sets each member of a map through {@link #put}, so that each is checked. */
  @Override
  public void putAll(Map map) {
    for (Object entry : map.entrySet()) {
      Map.Entry member = (Map.Entry) entry;
      put(member.getKey(), member.getValue());
    }
  }

  /** The member names in the order they are serialized. */
  Iterator<?> serializationOrder() {
    return keySet().iterator();
  }

  @Override
  public void serialize(Writer writer, boolean verbose) throws IOException {
    JsonSerializer.write(this, writer, verbose);
  }

  /** Returns the object as compact JSON text. */
  @Override
  public String toString() {
    try {
      return serialize(false);
    } catch (IOException e) {
      // Only a value put past put()'s check (through the map's other methods) gets here.
      return super.toString();
    }
  }
}
