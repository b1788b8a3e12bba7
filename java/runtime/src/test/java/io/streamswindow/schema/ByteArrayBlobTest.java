package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ByteArrayBlobTest {
  private final ByteArrayBlob blob = ByteArrayBlob.copyOf(new byte[] {10, 11, 12, 13});

  @Test
  void isImmutable() {
    byte[] source = {1, 2};
    ByteArrayBlob copy = ByteArrayBlob.copyOf(source);
    source[0] = 7;
    copy.getData()[1] = 7;

    assertArrayEquals(new byte[] {1, 2}, copy.getData());
    assertTrue(copy.getByteBuffer().isReadOnly());
  }

  @Test
  void readsRanges() throws IOException {
    assertEquals(4, blob.getLength());
    ByteBuffer middle = blob.getByteBuffer(1, 2);
    assertEquals(2, middle.remaining());
    assertEquals(11, middle.get());
    assertEquals(12, middle.get());
    assertThrows(IndexOutOfBoundsException.class, () -> blob.getByteBuffer(3, 2));
    assertEquals(10, blob.getInputStream().read());
    ByteBuffer target = ByteBuffer.allocate(6);
    blob.put(target);
    assertEquals(4, target.position());
  }

  @Test
  void equalsByContent() {
    assertEquals(blob, ByteArrayBlob.copyOf(new byte[] {10, 11, 12, 13}));
    assertEquals(blob.hashCode(), ByteArrayBlob.copyOf(new byte[] {10, 11, 12, 13}).hashCode());
    assertNotEquals(blob, ByteArrayBlob.copyOf(new byte[] {10}));
    assertSame(ByteArrayBlob.EMPTY, ByteArrayBlob.copyOf(new byte[0]));
  }

  @Test
  void printsHex() {
    assertEquals("0a0b0c0d", blob.toString());
    assertEquals("", ByteArrayBlob.EMPTY.toString());
  }

  @Test
  void survivesJavaSerialisation() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(blob);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertEquals(blob, in.readObject());
    }
  }
}
