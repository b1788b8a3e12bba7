package com.ibm.streams.operator.encoding;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Tuple;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Turns tuples into JSON structures: a tuple (and an SPL map) becomes a JSON object of class {@code
 * O}, a list or set a JSON array of class {@code A}, for any JSON library whose objects are {@code
 * Map}s and arrays are {@code List}s. {@link EncodingFactory} makes them.
 *
 * <p>Values: booleans, signed integers, floats and decimals stay as they are (numbers); unsigned
 * integers become their unsigned value ({@code uint8} and {@code uint16} an {@code Integer}, {@code
 * uint32} a {@code Long}, {@code uint64} a {@code BigInteger}); {@code rstring}, {@code ustring}
 * and bounded strings a {@code String}; a {@code timestamp} its seconds, a {@code BigDecimal}
 * ({@code Timestamp.getTimeAsSeconds()}); an optional its value or null. A map's keys are their
 * {@code toString()}, so maps keyed by a blob, timestamp, collection, complex, tuple or optional
 * are refused. {@code blob}, {@code xml} and {@code complex} values are refused: an {@code
 * UnsupportedOperationException} names the type.
 *
 * <pre>{@code
 * JSONEncoding<? extends Map, ? extends List> json = EncodingFactory.getGenericJSONEncoding();
 * Map<?, ?> object = json.encodeTuple(tuple);          // {"id": "a1", "cost": 2.5, ...}
 * String text = json.encodeAsString(tuple);            // the same, as JSON text
 * }</pre>
 *
 * @param <O> the class of JSON objects
 * @param <A> the class of JSON arrays
 */
@SuppressWarnings("rawtypes")
public interface JSONEncoding<O extends Map, A extends List> {

  /**
   * Returns the JSON value of one attribute of a tuple.
   *
   * @param tuple the tuple
   * @param name the attribute's name
   * @return the value, as described above
   */
  Object getAttributeObject(Tuple tuple, String name);

  /**
   * Returns the JSON value of one attribute of a tuple.
   *
   * @param tuple the tuple
   * @param attr the attribute
   * @return the value, as described above
   */
  Object getAttributeObject(Tuple tuple, Attribute attr);

  /**
   * Returns a new JSON object with one member per attribute, in attribute order.
   *
   * @param tuple the tuple
   * @return the object
   */
  O encodeTuple(Tuple tuple);

  /**
   * Puts one member per attribute into a JSON object.
   *
   * @param tuple the tuple
   * @param data the object to fill in
   * @return {@code data}
   */
  O encodeTuple(Tuple tuple, O data);

  /**
   * Returns the tuple as JSON text.
   *
   * @param tuple the tuple
   * @return the text
   * @throws IOException when the text cannot be written
   */
  String encodeAsString(Tuple tuple) throws IOException;

  /**
   * Returns a new, empty JSON object.
   *
   * @return the object
   */
  O newJSONObject();

  /**
   * Returns a new, empty JSON array.
   *
   * @return the array
   */
  A newJSONArray();
}
