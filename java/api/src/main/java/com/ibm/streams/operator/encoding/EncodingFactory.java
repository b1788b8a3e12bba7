package com.ibm.streams.operator.encoding;

import com.ibm.json.java.JSONArray;
import com.ibm.json.java.JSONObject;
import com.ibm.streams.operator.StreamSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes tuple encodings: JSON structures of any {@code Map}/{@code List} JSON library ({@link
 * #newJSONEncoding}, {@link #getGenericJSONEncoding()}), of IBM's JSON4J ({@link
 * #getJSONEncoding()}), and SPL's native binary encoding, which streams-window does not provide.
 *
 * <pre>{@code
 * JSONEncoding<JSONObject, JSONArray> json = EncodingFactory.getJSONEncoding();  // com.ibm.json.java
 * JSONObject object = json.encodeTuple(tuple);
 * }</pre>
 */
public final class EncodingFactory {

  private EncodingFactory() {}

  @SuppressWarnings("rawtypes")
  private static final JSONEncoding<? extends Map, ? extends List> GENERIC =
      newJSONEncoding(LinkedHashMap.class, ArrayList.class);

  /**
   * Returns the schema's native binary encoding: {@code schema.newNativeBinaryEncoding()}, which
   * streams-window refuses with an {@code UnsupportedOperationException}.
   *
   * @param schema the tuples' schema
   * @return the encoding
   */
  public static BinaryEncoding newNativeBinaryEncoding(StreamSchema schema) {
    return schema.newNativeBinaryEncoding();
  }

  /**
   * Returns the JSON encoding whose objects and arrays are JSON4J's ({@code com.ibm.json.java}, the
   * jar streams-window-json4j); {@link JSONEncoding#encodeAsString} writes with JSON4J's {@code
   * serialize()}.
   *
   * <p>JSON4J's types, not API4JSON's ({@code com.api.json}) that IBM's open-sourced API names: the
   * product's API, which the toolkits were compiled against, returns these (docs/porting.md, "API
   * coverage").
   *
   * @return the encoding
   */
  public static JSONEncoding<JSONObject, JSONArray> getJSONEncoding() {
    return Json4jEncoding.INSTANCE;
  }

  /**
   * Returns the JSON encoding whose objects are {@code LinkedHashMap}s (members in attribute order)
   * and arrays {@code ArrayList}s, for libraries whose types are not maps and lists (such as Gson):
   * convert from these.
   *
   * @return the encoding
   */
  @SuppressWarnings("rawtypes")
  public static JSONEncoding<? extends Map, ? extends List> getGenericJSONEncoding() {
    return GENERIC;
  }

  /**
   * Returns a JSON encoding whose objects and arrays are new instances of the given classes, which
   * need public no-argument constructors.
   *
   * @param <O> the class of JSON objects
   * @param <A> the class of JSON arrays
   * @param jsonObjectClass the class of JSON objects
   * @param jsonArrayClass the class of JSON arrays
   * @return the encoding
   * @throws IllegalArgumentException when a class cannot be instantiated
   */
  @SuppressWarnings("rawtypes")
  public static <O extends Map, A extends List> JSONEncoding<O, A> newJSONEncoding(
      Class<O> jsonObjectClass, Class<A> jsonArrayClass) {
    return new TupleJsonEncoding<>(jsonObjectClass, jsonArrayClass);
  }

  /** Holds JSON4J's encoding, so that the factory loads without JSON4J on the class path. */
  private static final class Json4jEncoding {
    static final JSONEncoding<JSONObject, JSONArray> INSTANCE =
        new TupleJsonEncoding<>(JSONObject.class, JSONArray.class) {
          @Override
          public String encodeAsString(com.ibm.streams.operator.Tuple tuple) {
            try {
              return encodeTuple(tuple).serialize();
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          }
        };
  }
}
