package com.ibm.streams.operator.types;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.xml.transform.stream.StreamSource;

/** The {@link XML} values {@link ValueFactory} makes: the document's bytes, kept as given. */
final class XMLDocument implements XML {
  static final XMLDocument EMPTY = new XMLDocument(new byte[0]);

  private final byte[] bytes;

  private XMLDocument(byte[] bytes) {
    this.bytes = bytes;
  }

  /** A value over {@code bytes}, which the caller no longer changes. */
  static XMLDocument adopt(byte[] bytes) {
    return bytes.length == 0 ? EMPTY : new XMLDocument(bytes);
  }

  @Override
  public boolean isDefaultValue() {
    return bytes.length == 0;
  }

  @Override
  public StreamSource getStreamSource() {
    return new StreamSource(getInputStream());
  }

  @Override
  public InputStream getInputStream() {
    return new ByteArrayInputStream(bytes);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof XMLDocument document && Arrays.equals(bytes, document.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  /** The document as text: its bytes read as UTF-8, the encoding SPL gives XML values. */
  @Override
  public String toString() {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
