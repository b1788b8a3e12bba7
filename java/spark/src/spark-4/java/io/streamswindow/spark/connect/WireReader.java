package io.streamswindow.spark.connect;

import java.nio.charset.StandardCharsets;

/**
 * Reads protobuf's wire format: the few field kinds the request message of the Connect relation
 * plugin uses (varints and length-delimited fields), skipping fields of other kinds.
 *
 * <p>Hand-written so that the plugin depends on no protobuf runtime of its own: the one Spark
 * Connect carries is shaded inside Spark and not part of its API (docs/decisions.md, "Spark
 * Connect"). Example:
 *
 * <pre>{@code
 * WireReader reader = new WireReader(bytes);
 * while (reader.next()) {
 *   switch (reader.field()) {
 *     case 1 -> version = reader.varint();
 *     case 2 -> name = reader.string();
 *     default -> reader.skip();
 *   }
 * }
 * }</pre>
 */
final class WireReader {
  private static final int VARINT = 0;
  private static final int FIXED64 = 1;
  private static final int LENGTH_DELIMITED = 2;
  private static final int FIXED32 = 5;

  private final byte[] bytes;
  private int position;
  private final int end;
  private int field;
  private int wireType;

  WireReader(byte[] bytes) {
    this(bytes, 0, bytes.length);
  }

  private WireReader(byte[] bytes, int start, int end) {
    this.bytes = bytes;
    this.position = start;
    this.end = end;
  }

  /** Moves to the next field; false at the end of the message. */
  boolean next() {
    if (position >= end) {
      return false;
    }
    long tag = readVarint();
    field = (int) (tag >>> 3);
    wireType = (int) (tag & 7);
    if (field <= 0) {
      throw malformed("field number " + field);
    }
    return true;
  }

  /** The current field's number. */
  int field() {
    return field;
  }

  /** The current field as a varint (bool, int32, int64, uint32, enum). */
  long varint() {
    expect(VARINT);
    return readVarint();
  }

  /** The current field as UTF-8 text. */
  String string() {
    expect(LENGTH_DELIMITED);
    int length = length();
    String text = new String(bytes, position, length, StandardCharsets.UTF_8);
    position += length;
    return text;
  }

  /** The current field as raw bytes (an embedded message's encoding, or {@code bytes}). */
  byte[] bytes() {
    expect(LENGTH_DELIMITED);
    int length = length();
    byte[] copy = new byte[length];
    System.arraycopy(bytes, position, copy, 0, length);
    position += length;
    return copy;
  }

  /** A reader over the current field, an embedded message. */
  WireReader message() {
    expect(LENGTH_DELIMITED);
    int length = length();
    WireReader inner = new WireReader(bytes, position, position + length);
    position += length;
    return inner;
  }

  /** Passes over the current field: a field this reader's caller does not know. */
  void skip() {
    switch (wireType) {
      case VARINT -> readVarint();
      case FIXED64 -> advance(8);
      case LENGTH_DELIMITED -> advance(length());
      case FIXED32 -> advance(4);
      default -> throw malformed("wire type " + wireType + " of field " + field);
    }
  }

  private void expect(int wanted) {
    if (wireType != wanted) {
      throw malformed("field " + field + " has wire type " + wireType + ", not " + wanted);
    }
  }

  private int length() {
    long length = readVarint();
    if (length < 0 || length > end - position) {
      throw malformed("field " + field + " is longer than the message");
    }
    return (int) length;
  }

  private void advance(int count) {
    if (count > end - position) {
      throw malformed("field " + field + " is longer than the message");
    }
    position += count;
  }

  private long readVarint() {
    long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (position >= end) {
        throw malformed("a varint runs past the end");
      }
      byte b = bytes[position++];
      value |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw malformed("a varint longer than 10 bytes");
  }

  private static IllegalArgumentException malformed(String what) {
    return new IllegalArgumentException("Malformed streams-window Connect request: " + what);
  }
}
