package com.ibm.streams.operator.types;

import java.io.IOException;
import java.io.Serializable;
import java.io.UnsupportedEncodingException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The value of an SPL {@code rstring} attribute: an immutable sequence of bytes, which Java code
 * usually reads as UTF-8 text. Two values are equal when their bytes are equal.
 *
 * <pre>{@code
 * RString id = new RString("sensor-1");   // UTF-8 bytes
 * String text = id.getString();           // "sensor-1"
 * }</pre>
 */
public final class RString implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The value's bytes; never modified, never handed out. */
  private final byte[] bytes;

  /**
   * Creates a value from {@code length} bytes of a buffer, starting at its position; the buffer's
   * position moves past them.
   *
   * @param buffer the buffer to read
   * @param length the number of bytes
   */
  public RString(ByteBuffer buffer, int length) {
    this.bytes = new byte[length];
    buffer.get(this.bytes);
  }

  /**
   * Creates a value holding a copy of the bytes.
   *
   * @param bytes the bytes
   */
  public RString(byte[] bytes) {
    this.bytes = bytes.clone();
  }

  /**
   * Creates a value holding the UTF-8 encoding of a string.
   *
   * @param text the string
   */
  public RString(String text) {
    this.bytes = text.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Returns the number of bytes.
   *
   * @return the length in bytes
   */
  public int getLength() {
    return bytes.length;
  }

  /**
   * Returns the bytes as a read-only buffer.
   *
   * @return a new buffer over the bytes
   */
  public ByteBuffer getByteBuffer() {
    return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
  }

  /**
   * Returns a copy of the bytes.
   *
   * @return a new array
   */
  public byte[] getData() {
    return bytes.clone();
  }

  /**
   * Returns the bytes decoded as UTF-8.
   *
   * @return the text
   */
  public String getString() {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * Returns the bytes decoded with a named character set.
   *
   * @param charsetName the character set, such as {@code "ISO-8859-1"}
   * @return the text
   * @throws IOException when the character set is not supported
   */
  public String getString(String charsetName) throws IOException {
    try {
      return getString(Charset.forName(charsetName));
    } catch (IllegalArgumentException e) {
      UnsupportedEncodingException unsupported = new UnsupportedEncodingException(charsetName);
      unsupported.initCause(e);
      throw unsupported;
    }
  }

  /**
   * Returns the bytes decoded with a character set.
   *
   * @param charset the character set
   * @return the text
   */
  public String getString(Charset charset) {
    return new String(bytes, charset);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RString && Arrays.equals(bytes, ((RString) other).bytes);
  }

  /**
   * Returns the bytes decoded as UTF-8, as {@link #getString()} does.
   *
   * @return the text
   */
  @Override
  public String toString() {
    return getString();
  }

  /**
   * Copies the bytes into a buffer at its position.
   *
   * @param buffer the buffer to fill
   * @return the buffer, its position moved past the bytes
   */
  public ByteBuffer put(ByteBuffer buffer) {
    return buffer.put(bytes);
  }
}
