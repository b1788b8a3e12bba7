package io.streamswindow.spark.rows;

import java.io.DataInput;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Reads a byte array through {@link DataInput}, like a {@code DataInputStream} over a {@code
 * ByteArrayInputStream} but in one object, without their locks and per-call copies, and
 * re-pointable at another array so that one reader serves every packed row of a group ({@link
 * ArrivalOrder}).
 *
 * <pre>{@code
 * ByteArraySource source = new ByteArraySource();
 * source.reset(bytes);
 * while (source.available() > 0) { ... source.readLong() ... }
 * }</pre>
 *
 * <p>Not thread-safe.
 */
final class ByteArraySource extends InputStream implements DataInput {
  private static final VarHandle SHORTS =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private byte[] bytes = new byte[0];
  private int position;

  /** Where reading stops: the end of the array or of the slice being read. */
  private int limit;

  /** Starts reading {@code next} from its first byte. */
  void reset(byte[] next) {
    reset(next, 0, next.length);
  }

  /** Starts reading {@code next} at {@code from}, stopping at {@code to}. */
  void reset(byte[] next, int from, int to) {
    bytes = next;
    position = from;
    limit = to;
  }

  /** Where the next read starts, in the array. */
  int position() {
    return position;
  }

  @Override
  public int available() {
    return limit - position;
  }

  private int take(int count) throws EOFException {
    if (count > limit - position) {
      throw new EOFException("A packed row ends inside a value");
    }
    int at = position;
    position += count;
    return at;
  }

  @Override
  public int read() {
    return position < limit ? bytes[position++] & 0xFF : -1;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    if (len == 0) {
      return 0;
    }
    int n = Math.min(len, limit - position);
    if (n <= 0) {
      return -1;
    }
    System.arraycopy(bytes, position, b, off, n);
    position += n;
    return n;
  }

  @Override
  public void readFully(byte[] b) throws IOException {
    readFully(b, 0, b.length);
  }

  @Override
  public void readFully(byte[] b, int off, int len) throws IOException {
    System.arraycopy(bytes, take(len), b, off, len);
  }

  @Override
  public int skipBytes(int n) {
    int skipped = Math.max(0, Math.min(n, limit - position));
    position += skipped;
    return skipped;
  }

  @Override
  public boolean readBoolean() throws IOException {
    return bytes[take(1)] != 0;
  }

  @Override
  public byte readByte() throws IOException {
    return bytes[take(1)];
  }

  @Override
  public int readUnsignedByte() throws IOException {
    return bytes[take(1)] & 0xFF;
  }

  @Override
  public short readShort() throws IOException {
    return (short) SHORTS.get(bytes, take(2));
  }

  @Override
  public int readUnsignedShort() throws IOException {
    return readShort() & 0xFFFF;
  }

  @Override
  public char readChar() throws IOException {
    return (char) readShort();
  }

  @Override
  public int readInt() throws IOException {
    return (int) INTS.get(bytes, take(4));
  }

  @Override
  public long readLong() throws IOException {
    return (long) LONGS.get(bytes, take(8));
  }

  @Override
  public float readFloat() throws IOException {
    return Float.intBitsToFloat(readInt());
  }

  @Override
  public double readDouble() throws IOException {
    return Double.longBitsToDouble(readLong());
  }

  /** Not supported: packed rows hold no lines of text. */
  @Override
  public String readLine() {
    throw new UnsupportedOperationException("readLine");
  }

  @Override
  public String readUTF() throws IOException {
    return DataInputStream.readUTF(this);
  }
}
