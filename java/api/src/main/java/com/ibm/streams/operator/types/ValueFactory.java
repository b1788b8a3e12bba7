package com.ibm.streams.operator.types;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import javax.xml.transform.Source;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.stream.StreamResult;
import org.apache.commons.math.complex.Complex;
import org.apache.commons.math.complex.ComplexFormat;

/**
 * Creates values of SPL types that have no public constructor: blobs, XML documents and complex
 * numbers. Blobs are immutable; every factory copies the bytes it is given.
 *
 * <pre>{@code
 * Blob payload = ValueFactory.newBlob("hello".getBytes(StandardCharsets.UTF_8));
 * }</pre>
 */
public class ValueFactory {

  /** Creates an instance; all members are static. */
  public ValueFactory() {}

  /**
   * Creates an XML value from a document's bytes, read to the end of the stream (which stays open).
   * The bytes are kept as given, not parsed: a malformed document shows up when a parser reads it.
   *
   * @param document the document's bytes
   * @return the value; the default (empty) value for an empty stream
   * @throws IOException when reading the stream fails
   */
  public static XML newXML(InputStream document) throws IOException {
    return XMLDocument.adopt(document.readAllBytes());
  }

  /**
   * Creates an XML value from {@code length} bytes of a buffer, starting at its position; the
   * buffer's position moves past them. The bytes are kept as given, not parsed.
   *
   * @param buffer the buffer
   * @param length the number of bytes
   * @return the value; the default (empty) value when {@code length} is 0
   */
  public static XML newXML(ByteBuffer buffer, int length) {
    byte[] bytes = new byte[length];
    buffer.get(bytes);
    return XMLDocument.adopt(bytes);
  }

  /**
   * Creates an XML value from what {@code transformer} writes for {@code source}, such as a DOM
   * tree serialized by an identity transformer.
   *
   * @param transformer the transformer
   * @param source the source
   * @return the value
   * @throws TransformerException when the transformation fails
   */
  public static XML newXML(Transformer transformer, Source source) throws TransformerException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    transformer.transform(source, new StreamResult(out));
    return XMLDocument.adopt(out.toByteArray());
  }

  /**
   * Creates a blob from {@code length} bytes of a buffer, starting at its position; the buffer's
   * position moves past them.
   *
   * @param buffer the buffer to read
   * @param length the number of bytes
   * @return the blob
   */
  public static Blob newBlob(ByteBuffer buffer, int length) {
    byte[] bytes = new byte[length];
    buffer.get(bytes);
    return new ByteArrayBlob(bytes);
  }

  /**
   * Creates a blob holding the bytes of an {@code rstring}.
   *
   * @param bytes the rstring
   * @return the blob
   */
  public static Blob newBlob(RString bytes) {
    return new ByteArrayBlob(bytes.getData());
  }

  /**
   * Creates a blob from part of an array.
   *
   * @param bytes the array
   * @param offset the index of the first byte
   * @param length the number of bytes
   * @return the blob
   */
  public static Blob newBlob(byte[] bytes, int offset, int length) {
    byte[] copy = new byte[length];
    System.arraycopy(bytes, offset, copy, 0, length);
    return new ByteArrayBlob(copy);
  }

  /**
   * Creates a blob from a whole array.
   *
   * @param bytes the array
   * @return the blob
   */
  public static Blob newBlob(byte[] bytes) {
    return new ByteArrayBlob(bytes.clone());
  }

  /**
   * Creates a blob from everything left in a stream. The stream is not closed.
   *
   * @param in the stream
   * @return the blob
   * @throws IOException when reading fails
   */
  public static Blob readBlob(InputStream in) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    in.transferTo(bytes);
    return new ByteArrayBlob(bytes.toByteArray());
  }

  /**
   * Creates a blob from the next {@code length} bytes of a stream. The stream is not closed.
   *
   * @param in the stream
   * @param length the number of bytes to read
   * @return the blob
   * @throws IOException when reading fails or the stream ends first ({@link EOFException})
   */
  public static Blob readBlob(InputStream in, long length) throws IOException {
    if (length < 0 || length > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("blob length out of range: " + length);
    }
    byte[] bytes = new byte[(int) length];
    new DataInputStream(in).readFully(bytes);
    return new ByteArrayBlob(bytes);
  }

  /**
   * Creates a blob from a stream holding an 8-byte big-endian length followed by that many bytes,
   * the layout of a blob in SPL's native binary encoding. The stream is not closed.
   *
   * @param in the stream
   * @return the blob
   * @throws IOException when reading fails or the stream ends first ({@link EOFException})
   */
  public static Blob readBlobWithPrefixLength(InputStream in) throws IOException {
    long length = new DataInputStream(in).readLong();
    return readBlob(in, length);
  }

  /**
   * Parses a {@code complex64} value such as {@code "1.5 + 2.0i"}.
   *
   * @param text the value's text
   * @return the complex number
   * @throws IllegalArgumentException when the text is not a complex number
   */
  public static Complex newComplex64(CharSequence text) {
    return parseComplex(text);
  }

  /**
   * Parses a {@code complex32} value such as {@code "1.5 + 2.0i"}; both parts are rounded to {@code
   * float} precision.
   *
   * @param text the value's text
   * @return the complex number
   * @throws IllegalArgumentException when the text is not a complex number
   */
  public static Complex newComplex32(CharSequence text) {
    Complex value = parseComplex(text);
    return new Complex((float) value.getReal(), (float) value.getImaginary());
  }

  private static Complex parseComplex(CharSequence text) {
    String source = text.toString().trim();
    // SPL writes complex literals as [real, imaginary].
    if (source.startsWith("[") && source.endsWith("]")) {
      String[] parts = source.substring(1, source.length() - 1).split(",");
      if (parts.length == 2) {
        try {
          return new Complex(
              Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim()));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("Not a complex number: " + source, e);
        }
      }
      throw new IllegalArgumentException("Not a complex number: " + source);
    }
    try {
      return new ComplexFormat().parse(source);
    } catch (java.text.ParseException e) {
      throw new IllegalArgumentException("Not a complex number: " + source, e);
    }
  }
}
