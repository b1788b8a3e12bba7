package io.streamswindow.schema;

import com.ibm.streams.operator.types.Blob;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * An immutable {@link Blob} over a private byte array: the stored form of SPL {@code blob} values.
 * Equal when the bytes are equal, so tuples holding blobs compare by content.
 *
 * <p>Example: {@code ByteArrayBlob.copyOf(new byte[] {1, 2}).getLength() == 2}.
 */
public final class ByteArrayBlob implements Blob, Serializable {
  private static final long serialVersionUID = 1L;

  /** The empty blob, SPL's default {@code blob} value. */
  public static final ByteArrayBlob EMPTY = new ByteArrayBlob(new byte[0]);

  private final byte[] data;

  private ByteArrayBlob(byte[] data) {
    this.data = data;
  }

  /** Returns a blob holding a copy of {@code data}. */
  public static ByteArrayBlob copyOf(byte[] data) {
    return data.length == 0 ? EMPTY : new ByteArrayBlob(data.clone());
  }

  /** Wraps an array the caller hands over and never touches again (used when decoding). */
  static ByteArrayBlob adopt(byte[] data) {
    return data.length == 0 ? EMPTY : new ByteArrayBlob(data);
  }

  /** Gives the internal array to code in this package that only reads it. */
  byte[] bytes() {
    return data;
  }

  @Override
  public long getLength() {
    return data.length;
  }

  @Override
  public ByteBuffer getByteBuffer() {
    return ByteBuffer.wrap(data).asReadOnlyBuffer();
  }

  @Override
  public ByteBuffer getByteBuffer(long position, int length) {
    if (position < 0 || length < 0 || position + length > data.length) {
      throw new IndexOutOfBoundsException(
          "bytes " + position + ".." + (position + length) + " of a blob of " + data.length);
    }
    return ByteBuffer.wrap(data, (int) position, length).slice().asReadOnlyBuffer();
  }

  @Override
  public InputStream getInputStream() {
    return new ByteArrayInputStream(data);
  }

  @Override
  public byte[] getData() {
    return data.clone();
  }

  @Override
  public ByteBuffer put(ByteBuffer buffer) {
    return buffer.put(data);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ByteArrayBlob && Arrays.equals(data, ((ByteArrayBlob) other).data);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(data);
  }

  /** Returns the bytes in hexadecimal, for example {@code 0a1b} (empty for the empty blob). */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(data.length * 2);
    for (byte b : data) {
      text.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
    }
    return text.toString();
  }
}
