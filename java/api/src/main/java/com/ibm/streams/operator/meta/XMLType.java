package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;
import java.net.URL;
import java.util.Random;

/**
 * The type of an SPL {@code xml} attribute: {@code xml}, or {@code xml<"schema">} naming the XML
 * schema its documents follow. Values are {@link com.ibm.streams.operator.types.XML}.
 */
public interface XMLType extends Type {

  /**
   * Returns the location of the XML schema the type names.
   *
   * @return the schema's URL, or null for plain {@code xml}
   */
  URL getDeclaredSchema();

  /**
   * Returns a random value of the type: a small well-formed document.
   *
   * @param rand the source of randomness
   * @return an {@link com.ibm.streams.operator.types.XML} value
   */
  @Override
  Object randomValue(Random rand);
}
