package io.streamswindow.engine;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Longs in 7-bit groups, low group first, with a continuation bit, zig-zag encoded so that small
 * negative numbers stay small too: the arrival-time differences of a window's tuples are almost
 * always 0 or small (tuples of one micro-batch share an instant), so they take one byte instead of
 * eight, and a wall clock stepping back a little costs nothing either.
 */
final class VarLong {
  private VarLong() {}

  static void write(DataOutput out, long signed) throws IOException {
    long value = (signed << 1) ^ (signed >> 63);
    while ((value & ~0x7FL) != 0) {
      out.writeByte((int) ((value & 0x7F) | 0x80));
      value >>>= 7;
    }
    out.writeByte((int) value);
  }

  static long read(DataInput in) throws IOException {
    long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = in.readUnsignedByte();
      value |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return (value >>> 1) ^ -(value & 1);
      }
    }
    throw new IOException("Corrupt window checkpoint: a variable-length number is too long");
  }
}
