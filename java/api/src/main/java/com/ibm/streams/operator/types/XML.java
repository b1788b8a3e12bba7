package com.ibm.streams.operator.types;

import java.io.InputStream;
import javax.xml.transform.stream.StreamSource;

/**
 * The value of an SPL {@code xml} attribute. streams-window does not support XML attributes; the
 * type exists so that operator source referring to it compiles.
 */
public interface XML {

  /**
   * Tells whether this is the default (empty) XML value.
   *
   * @return true for the default value
   */
  boolean isDefaultValue();

  /**
   * Returns the document as a stream source.
   *
   * @return the source
   */
  StreamSource getStreamSource();

  /**
   * Returns the document's bytes.
   *
   * @return the bytes as a stream
   */
  InputStream getInputStream();
}
