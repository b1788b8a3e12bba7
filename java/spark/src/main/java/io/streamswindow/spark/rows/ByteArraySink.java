package io.streamswindow.spark.rows;

import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growing byte array written through {@link DataOutput}, like a {@code DataOutputStream} over a
 * {@code ByteArrayOutputStream} but in one object, without their locks and per-call copies: {@link
 * RowPacker} writes every attribute of every row through one of these, and the two layers were a
 * measured part of that work. Numbers are big-endian, as {@code DataOutput} requires.
 *
 * <pre>{@code
 * ByteArraySink sink = new ByteArraySink(64);
 * sink.writeLong(42L);
 * byte[] bytes = sink.toByteArray();   // 8 bytes
 * sink.clear();                        // empty again, keeping its capacity
 * }</pre>
 *
 * <p>Not thread-safe; each task has its own.
 */
public final class ByteArraySink extends OutputStream implements DataOutput {
  private static final VarHandle SHORTS =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private byte[] bytes;
  private int size;

  public ByteArraySink(int initialCapacity) {
    bytes = new byte[Math.max(16, initialCapacity)];
  }

  /** The number of bytes written since the last {@link #clear}. */
  int size() {
    return size;
  }

  /** A copy of the bytes written. */
  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }

  /** Copies the bytes written into {@code target}, from index {@code at} on. */
  void copyTo(byte[] target, int at) {
    System.arraycopy(bytes, 0, target, at, size);
  }

  /**
   * Copies {@code length} bytes written, from index {@code from}, into {@code target} at {@code
   * at}.
   */
  void copyTo(int from, int length, byte[] target, int at) {
    System.arraycopy(bytes, from, target, at, length);
  }

  /** Points {@code source} at the bytes written from index {@code from} up to {@code to}. */
  void readBack(ByteArraySource source, int from, int to) {
    source.reset(bytes, from, to);
  }

  /** Forgets what was written; the capacity stays, so a reused sink stops growing. */
  void clear() {
    size = 0;
  }

  private void ensure(int more) {
    if (more > bytes.length - size) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }
  }

  @Override
  public void write(int b) {
    ensure(1);
    bytes[size++] = (byte) b;
  }

  @Override
  public void write(byte[] b) {
    write(b, 0, b.length);
  }

  @Override
  public void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, bytes, size, len);
    size += len;
  }

  @Override
  public void writeBoolean(boolean v) {
    write(v ? 1 : 0);
  }

  @Override
  public void writeByte(int v) {
    write(v);
  }

  @Override
  public void writeShort(int v) {
    ensure(2);
    SHORTS.set(bytes, size, (short) v);
    size += 2;
  }

  @Override
  public void writeChar(int v) {
    writeShort(v);
  }

  @Override
  public void writeInt(int v) {
    ensure(4);
    INTS.set(bytes, size, v);
    size += 4;
  }

  @Override
  public void writeLong(long v) {
    ensure(8);
    LONGS.set(bytes, size, v);
    size += 8;
  }

  @Override
  public void writeFloat(float v) {
    writeInt(Float.floatToIntBits(v));
  }

  @Override
  public void writeDouble(double v) {
    writeLong(Double.doubleToLongBits(v));
  }

  @Override
  public void writeBytes(String s) {
    for (int i = 0; i < s.length(); i++) {
      write(s.charAt(i));
    }
  }

  @Override
  public void writeChars(String s) {
    for (int i = 0; i < s.length(); i++) {
      writeChar(s.charAt(i));
    }
  }

  @Override
  public void writeUTF(String s) throws IOException {
    new DataOutputStream(this).writeUTF(s); // modified UTF-8 is DataOutputStream's to define
  }
}
