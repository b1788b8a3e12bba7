package com.ibm.json.java;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;

/**
 * A JSON array: an {@code ArrayList} of JSON values (null, {@code String}, {@code Boolean}, {@code
 * Number}, {@link JSONObject}, {@code JSONArray}). {@link #add}, {@link #addAll} and {@link #set}
 * refuse anything else with an {@code IllegalArgumentException}. Not thread-safe.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public class JSONArray extends ArrayList implements JSONArtifact {

  // The serial form's version of IBM's class, so that serialized arrays name the same version.
  private static final long serialVersionUID = 9076798781015779954L;

  /** Creates an empty array. */
  public JSONArray() {}

  /**
   * Creates an empty array with room for some elements.
   *
   * @param initialCapacity the number of elements it holds before it grows
   */
  public JSONArray(int initialCapacity) {
    super(initialCapacity);
  }

  /**
   * Parses JSON text, read as UTF-8, whose value is an array.
   *
   * @param is the stream, read to its end and not closed
   * @return the array
   * @throws IOException when the text is not JSON or its value not an array
   */
  public static JSONArray parse(InputStream is) throws IOException {
    return parse(new InputStreamReader(is, StandardCharsets.UTF_8));
  }

  /**
   * Parses JSON text whose value is an array.
   *
   * @param reader the text, read to its end and not closed
   * @return the array
   * @throws IOException when the text is not JSON or its value not an array
   */
  public static JSONArray parse(Reader reader) throws IOException {
    Object value = JsonParser.parseValue(reader, false);
    if (value instanceof JSONArray) {
      return (JSONArray) value;
    }
    throw new IOException("JSON text is not an array: " + JsonParser.describe(value));
  }

  /**
   * Parses JSON text whose value is an array.
   *
   * @param str the text
   * @return the array
   * @throws IOException when the text is not JSON or its value not an array
   */
  public static JSONArray parse(String str) throws IOException {
    return parse(new StringReader(str));
  }

  private static Object checked(Object element) {
    if (!JSONObject.isValidObject(element)) {
      throw new IllegalArgumentException(
          "A JSONArray cannot hold a "
              + element.getClass().getName()
              + ": its elements are null, String, Boolean, Number, JSONObject or JSONArray");
    }
    return element;
  }

  private static Collection checkedAll(Collection collection) {
    for (Object element : collection) {
      checked(element);
    }
    return collection;
  }

  @Override
  public boolean add(Object element) {
    return super.add(checked(element));
  }

  @Override
  public void add(int index, Object element) {
    super.add(index, checked(element));
  }

  @Override
  public boolean addAll(Collection collection) {
    return super.addAll(checkedAll(collection));
  }

  @Override
  public boolean addAll(int index, Collection collection) {
    return super.addAll(index, checkedAll(collection));
  }

  @Override
  public Object set(int index, Object element) {
    return super.set(index, checked(element));
  }

  @Override
  public void serialize(Writer writer, boolean verbose) throws IOException {
    JsonSerializer.write(this, writer, verbose);
  }

  /** Returns the array as compact JSON text. */
  @Override
  public String toString() {
    try {
      return serialize(false);
    } catch (IOException e) {
      // Only an element placed past the checks (through the list's other methods) gets here.
      return super.toString();
    }
  }
}
