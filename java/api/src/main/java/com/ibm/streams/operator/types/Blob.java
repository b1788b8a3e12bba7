package com.ibm.streams.operator.types;

import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * The value of an SPL {@code blob} attribute: an immutable sequence of bytes. Create one with
 * {@link ValueFactory#newBlob(byte[])}.
 */
public interface Blob {

  /**
   * Returns the number of bytes.
   *
   * @return the length
   */
  long getLength();

  /**
   * Returns the bytes as a read-only buffer positioned at the first byte.
   *
   * @return a new buffer over the bytes
   */
  ByteBuffer getByteBuffer();

  /**
   * Returns a range of the bytes as a read-only buffer.
   *
   * @param offset the index of the first byte
   * @param length the number of bytes
   * @return a new buffer over the range
   * @throws IndexOutOfBoundsException when the range is outside the blob
   */
  ByteBuffer getByteBuffer(long offset, int length);

  /**
   * Returns a stream that reads the bytes.
   *
   * @return a new stream
   */
  InputStream getInputStream();

  /**
   * Returns a copy of the bytes.
   *
   * @return a new array
   */
  byte[] getData();

  /**
   * Copies the bytes into a buffer at its position.
   *
   * @param buffer the buffer to fill
   * @return the buffer, its position moved past the bytes
   */
  ByteBuffer put(ByteBuffer buffer);
}
