package com.ibm.streams.operator.types;

import java.io.InputStream;
import javax.xml.transform.stream.StreamSource;

/**
 * The value of an SPL {@code xml} attribute: an XML document, held as its serialized bytes. Values
 * are immutable; {@link ValueFactory#newXML(InputStream)} makes one. Two values are equal when
 * their bytes are.
 */
public interface XML {

  /**
   * Tells whether this is the default value of {@code xml} attributes, the empty document.
   *
   * @return true for the default value
   */
  boolean isDefaultValue();

  /**
   * Returns the document as a stream source, for an XML parser or transformer.
   *
   * @return a new source over the document's bytes
   */
  StreamSource getStreamSource();

  /**
   * Returns the document's bytes.
   *
   * @return a new stream over them
   */
  InputStream getInputStream();
}
