package com.ibm.streams.operator.types;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A {@link Blob} over a private byte array, created by {@link ValueFactory}. Two blobs are equal
 * when their bytes are equal.
 */
final class ByteArrayBlob implements Blob {

  static final ByteArrayBlob EMPTY = new ByteArrayBlob(new byte[0]);

  private final byte[] bytes;

  /** Takes ownership of {@code bytes}: callers pass an array nobody else holds. */
  ByteArrayBlob(byte[] bytes) {
    this.bytes = bytes;
  }

  @Override
  public long getLength() {
    return bytes.length;
  }

  @Override
  public ByteBuffer getByteBuffer() {
    return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
  }

  @Override
  public ByteBuffer getByteBuffer(long offset, int length) {
    if (offset < 0 || length < 0 || offset + length > bytes.length) {
      throw new IndexOutOfBoundsException(
          "range ["
              + offset
              + ", "
              + (offset + length)
              + ") is outside a blob of "
              + bytes.length
              + " bytes");
    }
    return ByteBuffer.wrap(bytes, (int) offset, length).slice().asReadOnlyBuffer();
  }

  @Override
  public InputStream getInputStream() {
    return new ByteArrayInputStream(bytes);
  }

  @Override
  public byte[] getData() {
    return bytes.clone();
  }

  @Override
  public ByteBuffer put(ByteBuffer buffer) {
    return buffer.put(bytes);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ByteArrayBlob && Arrays.equals(bytes, ((ByteArrayBlob) other).bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return "Blob(" + bytes.length + " bytes)";
  }
}
