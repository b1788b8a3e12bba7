package com.ibm.json.java;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A {@link JSONObject} that serializes its members in the order they were first put: the last
 * member put is the last written. Putting an existing member again keeps its place; removing it
 * forgets it. Lookups remain a {@code HashMap}'s; only {@link #getOrder()} and serialization follow
 * the order. Parsing with the order kept ({@link #parse}, or {@code JSON.parse(text, true)}) gives
 * nested objects that keep theirs too. Not thread-safe.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public class OrderedJSONObject extends JSONObject {

  // The serial form's version of IBM's class, so that serialized objects name the same version.
  private static final long serialVersionUID = -3269263069889337299L;

  /** The member names in order of first insertion. */
  private ArrayList order = new ArrayList();

  /** Creates an empty object. */
  public OrderedJSONObject() {}

  /**
   * Parses JSON text, read as UTF-8, whose value is an object, keeping the order of its members.
   *
   * @param is the stream, read to its end and not closed
   * @return the object, an {@code OrderedJSONObject}
   * @throws IOException when the text is not JSON or its value not an object
   */
  public static JSONObject parse(InputStream is) throws IOException {
    return parse(new InputStreamReader(is, StandardCharsets.UTF_8));
  }

  /**
   * Parses JSON text whose value is an object, keeping the order of its members.
   *
   * @param reader the text, read to its end and not closed
   * @return the object, an {@code OrderedJSONObject}
   * @throws IOException when the text is not JSON or its value not an object
   */
  public static JSONObject parse(Reader reader) throws IOException {
    return asObject(JsonParser.parseValue(reader, true));
  }

  /**
   * Parses JSON text whose value is an object, keeping the order of its members.
   *
   * @param str the text
   * @return the object, an {@code OrderedJSONObject}
   * @throws IOException when the text is not JSON or its value not an object
   */
  public static JSONObject parse(String str) throws IOException {
    return parse(new StringReader(str));
  }

  @Override
  public Object put(Object key, Object value) {
    boolean known = containsKey(key);
    Object previous = super.put(key, value);
    if (!known) {
      order.add(key);
    }
    return previous;
  }

  @Override
  public Object remove(Object key) {
    order.remove(key);
    return super.remove(key);
  }

  @Override
  public void clear() {
    order.clear();
    super.clear();
  }

  /** Returns a shallow copy, with the same order: the values themselves are not copied. */
  @Override
  public Object clone() {
    OrderedJSONObject copy = (OrderedJSONObject) super.clone();
    copy.order = new ArrayList(order);
    return copy;
  }

  /**
   * Returns the member names in the order they are serialized.
   *
   * @return an iterator over the names, which cannot remove
   */
  public Iterator getOrder() {
    return Collections.unmodifiableList(new ArrayList(currentOrder())).iterator();
  }

  @Override
  Iterator<?> serializationOrder() {
    return currentOrder().iterator();
  }

  /**
   * The recorded order, without names removed through the map's views and with names added past
   * {@link #put} (through {@code putIfAbsent}, {@code compute}, ...) at the end.
   */
  private Set<Object> currentOrder() {
    Set<Object> names = new LinkedHashSet<>();
    for (Object name : order) {
      if (containsKey(name)) {
        names.add(name);
      }
    }
    names.addAll(keySet());
    return names;
  }
}
