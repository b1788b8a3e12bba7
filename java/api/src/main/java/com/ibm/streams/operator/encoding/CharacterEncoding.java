package com.ibm.streams.operator.encoding;

import com.ibm.streams.operator.Tuple;

/**
 * SPL's character encoding of tuples (the text of an SPL tuple literal), as {@link
 * com.ibm.streams.operator.StreamSchema#newCharacterEncoding()} returns it on Streams.
 * streams-window does not provide it: {@code newCharacterEncoding()} throws an {@code
 * UnsupportedOperationException} (docs/porting.md, "API coverage"); {@link EncodingFactory}'s JSON
 * encoding gives a text form of a tuple.
 *
 * <pre>{@code
 * String text = schema.newCharacterEncoding().encodeTuple(tuple);   // on Streams only
 * }</pre>
 */
public interface CharacterEncoding {

  /**
   * Returns the tuple's text.
   *
   * @param tuple the tuple
   * @return its encoding
   */
  String encodeTuple(Tuple tuple);

  /**
   * Appends the tuple's text to a builder.
   *
   * @param tuple the tuple
   * @param sb the builder
   */
  void encodeTuple(Tuple tuple, StringBuilder sb);
}
