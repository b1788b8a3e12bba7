package io.streamswindow.spark.rows;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** ByteArraySink and ByteArraySource keep DataOutput's and DataInput's byte format exactly. */
class ByteArraySinkSourceTest {

  private static void writeAll(DataOutput out) throws IOException {
    out.writeBoolean(true);
    out.writeByte(-3);
    out.writeShort(-12345);
    out.writeChar('\u20ac');
    out.writeInt(0xCAFEBABE);
    out.writeLong(Long.MIN_VALUE + 7);
    out.writeFloat(1.5f);
    out.writeDouble(-Math.PI);
    out.write(new byte[] {9, 8, 7}, 1, 2);
    out.writeUTF("Zürich \u20ac");
    for (int i = 0; i < 100; i++) {
      out.writeLong(i); // past the initial capacity: the sink grows
    }
  }

  @Test
  void sinkWritesWhatDataOutputStreamWrites() throws IOException {
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    writeAll(new DataOutputStream(expected));
    ByteArraySink sink = new ByteArraySink(16);
    writeAll(sink);
    assertArrayEquals(expected.toByteArray(), sink.toByteArray());
    assertEquals(expected.size(), sink.size());

    sink.clear();
    sink.writeInt(1);
    assertArrayEquals(new byte[] {0, 0, 0, 1}, sink.toByteArray());
  }

  @Test
  void sourceReadsWhatDataOutputStreamWrote() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    writeAll(new DataOutputStream(bytes));
    ByteArraySource in = new ByteArraySource();
    in.reset(bytes.toByteArray());
    assertEquals(true, in.readBoolean());
    assertEquals(-3, in.readByte());
    assertEquals(-12345, in.readShort());
    assertEquals('\u20ac', in.readChar());
    assertEquals(0xCAFEBABE, in.readInt());
    assertEquals(Long.MIN_VALUE + 7, in.readLong());
    assertEquals(1.5f, in.readFloat());
    assertEquals(-Math.PI, in.readDouble());
    assertEquals(8, in.readUnsignedByte());
    assertEquals(7, in.readUnsignedByte());
    assertEquals("Zürich \u20ac", in.readUTF());
    for (int i = 0; i < 100; i++) {
      assertEquals(i, in.readLong());
    }
    assertEquals(0, in.available());
    assertEquals(-1, in.read());
  }

  @Test
  void aValueCutShortIsAnEofNotGarbage() {
    ByteArraySource in = new ByteArraySource();
    in.reset(new byte[] {1, 2, 3});
    assertThrows(EOFException.class, in::readLong);
    in.reset(new byte[] {1, 2, 3});
    assertThrows(EOFException.class, () -> in.readFully(new byte[4]));
  }
}
