package com.ibm.streams.operator.encoding;

import com.ibm.streams.operator.Tuple;
import java.nio.ByteBuffer;

/**
 * SPL's native binary encoding of tuples, as {@link
 * com.ibm.streams.operator.StreamSchema#newNativeBinaryEncoding()} returns it on Streams.
 * streams-window does not provide it: {@code newNativeBinaryEncoding()} throws an {@code
 * UnsupportedOperationException} (docs/porting.md, "API coverage"). Code that only exchanges tuples
 * between its own operators can use Java serialization or the JSON encoding of {@link
 * EncodingFactory} instead.
 *
 * <pre>{@code
 * BinaryEncoding binary = schema.newNativeBinaryEncoding();   // on Streams only
 * ByteBuffer buffer = ByteBuffer.allocate((int) binary.getEncodedSize(tuple));
 * binary.encodeTuple(tuple, buffer);
 * }</pre>
 */
public interface BinaryEncoding {

  /**
   * Returns the number of bytes the tuple's encoding takes.
   *
   * @param tuple the tuple
   * @return its encoded size
   */
  long getEncodedSize(Tuple tuple);

  /**
   * Writes the tuple's encoding at the buffer's position.
   *
   * @param tuple the tuple
   * @param buffer the buffer
   */
  void encodeTuple(Tuple tuple, ByteBuffer buffer);

  /**
   * Reads a tuple from the buffer's position.
   *
   * @param buffer the buffer
   * @return the tuple
   */
  Tuple decodeTuple(ByteBuffer buffer);
}
