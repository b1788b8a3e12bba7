package com.ibm.streams.operator.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import org.apache.commons.math.complex.Complex;
import org.junit.jupiter.api.Test;

class ValueFactoryTest {

  private static final byte[] BYTES = {1, 2, 3, 4, 5};

  @Test
  void blobsCopyTheirBytes() {
    byte[] bytes = BYTES.clone();
    Blob blob = ValueFactory.newBlob(bytes);
    bytes[0] = 9;
    assertArrayEquals(BYTES, blob.getData());
    blob.getData()[0] = 9;
    assertArrayEquals(BYTES, blob.getData());
    assertEquals(5, blob.getLength());
  }

  @Test
  void blobsFromPartsOfArraysBuffersAndRStrings() {
    assertArrayEquals(new byte[] {2, 3}, ValueFactory.newBlob(BYTES, 1, 2).getData());
    ByteBuffer buffer = ByteBuffer.wrap(BYTES);
    buffer.get();
    assertArrayEquals(new byte[] {2, 3, 4}, ValueFactory.newBlob(buffer, 3).getData());
    assertEquals(4, buffer.position());
    assertArrayEquals(new byte[] {'h', 'i'}, ValueFactory.newBlob(new RString("hi")).getData());
  }

  @Test
  void blobViews() throws Exception {
    Blob blob = ValueFactory.newBlob(BYTES);
    ByteBuffer range = blob.getByteBuffer(1, 3);
    assertEquals(3, range.remaining());
    assertEquals(2, range.get());
    assertThrows(ReadOnlyBufferException.class, () -> blob.getByteBuffer().put((byte) 0));
    assertThrows(IndexOutOfBoundsException.class, () -> blob.getByteBuffer(4, 2));
    try (InputStream in = blob.getInputStream()) {
      assertArrayEquals(BYTES, in.readAllBytes());
    }
    ByteBuffer target = ByteBuffer.allocate(6);
    blob.put(target);
    assertEquals(5, target.position());
    assertEquals(ValueFactory.newBlob(BYTES), blob);
    assertEquals(ValueFactory.newBlob(BYTES).hashCode(), blob.hashCode());
  }

  @Test
  void readsBlobsFromStreams() throws Exception {
    assertArrayEquals(BYTES, ValueFactory.readBlob(new ByteArrayInputStream(BYTES)).getData());
    ByteArrayInputStream in = new ByteArrayInputStream(BYTES);
    assertArrayEquals(new byte[] {1, 2}, ValueFactory.readBlob(in, 2).getData());
    assertEquals(3, in.available());
    assertThrows(EOFException.class, () -> ValueFactory.readBlob(in, 4));

    ByteArrayOutputStream prefixed = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(prefixed)) {
      out.writeLong(3);
      out.write(BYTES);
    }
    assertArrayEquals(
        new byte[] {1, 2, 3},
        ValueFactory.readBlobWithPrefixLength(new ByteArrayInputStream(prefixed.toByteArray()))
            .getData());
  }

  @Test
  void xmlValuesKeepTheDocumentsBytes() throws Exception {
    byte[] document = "<a>é</a>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    XML fromStream = ValueFactory.newXML(new ByteArrayInputStream(document));
    assertArrayEquals(document, fromStream.getInputStream().readAllBytes());
    assertEquals("<a>é</a>", fromStream.toString());
    assertEquals(false, fromStream.isDefaultValue());
    ByteBuffer buffer = ByteBuffer.wrap(document);
    XML fromBuffer = ValueFactory.newXML(buffer, document.length);
    assertEquals(fromStream, fromBuffer);
    assertEquals(fromStream.hashCode(), fromBuffer.hashCode());
    assertEquals(document.length, buffer.position());
    assertTrue(ValueFactory.newXML(ByteBuffer.allocate(0), 0).isDefaultValue());

    javax.xml.transform.Transformer identity =
        javax.xml.transform.TransformerFactory.newInstance().newTransformer();
    identity.setOutputProperty(javax.xml.transform.OutputKeys.OMIT_XML_DECLARATION, "yes");
    XML transformed = ValueFactory.newXML(identity, fromStream.getStreamSource());
    assertEquals("<a>é</a>", transformed.toString());
  }

  @Test
  void parsesComplexNumbers() {
    assertEquals(new Complex(1.5, -2.0), ValueFactory.newComplex64("1.5 - 2.0i"));
    assertEquals(new Complex(1.5, 2.0), ValueFactory.newComplex64("[1.5, 2.0]"));
    Complex single = ValueFactory.newComplex32("[0.1, 0.2]");
    assertEquals((double) 0.1f, single.getReal());
    assertEquals((double) 0.2f, single.getImaginary());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ValueFactory.newComplex64("nope"));
    assertTrue(e.getMessage().contains("nope"));
  }
}
