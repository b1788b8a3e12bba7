package io.streamswindow.runtime;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growing byte array written as an {@code OutputStream}, as {@code ByteArrayOutputStream} but
 * without its lock: a key's checkpoint is written by one thread, at every save of every key on
 * Spark, and a {@code DataOutputStream} hands it an {@code int} or a {@code long} a byte at a time
 * (docs/performance.md, "Many keys as a standing benchmark").
 *
 * <pre>{@code
 * UnsharedByteArrayOutputStream bytes = new UnsharedByteArrayOutputStream();
 * new DataOutputStream(bytes).writeInt(7);
 * byte[] written = bytes.toByteArray(); // 4 bytes
 * }</pre>
 *
 * <p>Not thread-safe.
 */
final class UnsharedByteArrayOutputStream extends OutputStream {
  private byte[] bytes = new byte[64];
  private int size;

  @Override
  public void write(int b) {
    if (size == bytes.length) {
      bytes = Arrays.copyOf(bytes, size * 2);
    }
    bytes[size++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    if (len > bytes.length - size) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + len));
    }
    System.arraycopy(b, off, bytes, size, len);
    size += len;
  }

  /** A copy of the bytes written. */
  byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }
}
