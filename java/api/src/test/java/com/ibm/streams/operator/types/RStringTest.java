package com.ibm.streams.operator.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RStringTest {

  @Test
  void holdsUtf8Bytes() {
    RString text = new RString("caf\u00e9");
    assertEquals(5, text.getLength());
    assertArrayEquals("caf\u00e9".getBytes(StandardCharsets.UTF_8), text.getData());
    assertEquals("caf\u00e9", text.getString());
    assertEquals("caf\u00e9", text.toString());
  }

  @Test
  void copiesTheBytesItIsGiven() {
    byte[] bytes = {'a', 'b'};
    RString text = new RString(bytes);
    bytes[0] = 'z';
    assertEquals("ab", text.getString());
    text.getData()[0] = 'z';
    assertEquals("ab", text.getString());
  }

  @Test
  void readsFromABuffer() {
    ByteBuffer buffer = ByteBuffer.wrap("xyz!".getBytes(StandardCharsets.US_ASCII));
    buffer.get();
    RString text = new RString(buffer, 2);
    assertEquals("yz", text.getString());
    assertEquals(3, buffer.position());
  }

  @Test
  void decodesWithOtherCharsets() throws IOException {
    RString latin = new RString(new byte[] {(byte) 0xe9});
    assertEquals("\u00e9", latin.getString("ISO-8859-1"));
    assertEquals("\u00e9", latin.getString(StandardCharsets.ISO_8859_1));
    assertThrows(IOException.class, () -> latin.getString("no-such-charset"));
  }

  @Test
  void equalityIsByBytes() {
    assertEquals(new RString("a"), new RString(new byte[] {'a'}));
    assertEquals(new RString("a").hashCode(), new RString(new byte[] {'a'}).hashCode());
    assertNotEquals(new RString("a"), new RString("b"));
    assertNotEquals(new RString("a"), "a");
  }

  @Test
  void buffersAreReadOnlyAndPutCopies() {
    RString text = new RString("hi");
    assertThrows(ReadOnlyBufferException.class, () -> text.getByteBuffer().put((byte) 0));
    ByteBuffer target = ByteBuffer.allocate(3);
    text.put(target);
    assertEquals(2, target.position());
    assertEquals('h', target.get(0));
  }
}
