package com.ibm.json.java;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

/**
 * Parses JSON text whose value is an object or an array, when the caller does not know which: the
 * result is a {@link JSONObject} or a {@link JSONArray}. With {@code order} true, objects are
 * {@link OrderedJSONObject}s that keep their members' order.
 */
public class JSON {

  /** Creates the helper; its methods are static. */
  public JSON() {}

  /**
   * Parses JSON text, read as UTF-8.
   *
   * @param is the stream, read to its end and not closed
   * @param order whether objects keep the order of their members
   * @return the object or array
   * @throws IOException when the text is not JSON or its value neither an object nor an array
   */
  public static JSONArtifact parse(InputStream is, boolean order) throws IOException {
    return parse(new InputStreamReader(is, StandardCharsets.UTF_8), order);
  }

  /**
   * Parses JSON text, read as UTF-8, into unordered objects.
   *
   * @param is the stream, read to its end and not closed
   * @return the object or array
   * @throws IOException when the text is not JSON or its value neither an object nor an array
   */
  public static JSONArtifact parse(InputStream is) throws IOException {
    return parse(is, false);
  }

  /**
   * Parses JSON text.
   *
   * @param reader the text, read to its end and not closed
   * @param order whether objects keep the order of their members
   * @return the object or array
   * @throws IOException when the text is not JSON or its value neither an object nor an array
   */
  public static JSONArtifact parse(Reader reader, boolean order) throws IOException {
    return JsonParser.parseArtifact(reader, order);
  }

  /**
   * Parses JSON text into unordered objects.
   *
   * @param reader the text, read to its end and not closed
   * @return the object or array
   * @throws IOException when the text is not JSON or its value neither an object nor an array
   */
  public static JSONArtifact parse(Reader reader) throws IOException {
    return parse(reader, false);
  }

  /**
   * Parses JSON text.
   *
   * @param str the text
   * @param order whether objects keep the order of their members
   * @return the object or array
   * @throws IOException when the text is not JSON or its value neither an object nor an array
   */
  public static JSONArtifact parse(String str, boolean order) throws IOException {
    return parse(new StringReader(str), order);
  }

  /**
   * Parses JSON text into unordered objects.
   *
   * @param str the text
   * @return the object or array
   * @throws IOException when the text is not JSON or its value neither an object nor an array
   */
  public static JSONArtifact parse(String str) throws IOException {
    return parse(str, false);
  }
}
