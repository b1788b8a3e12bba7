package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;

/**
 * The type of an SPL map attribute, bounded or not. As a {@link CollectionType}, its element type
 * is its value type.
 */
public interface MapType extends CollectionType {

  /**
   * Returns the type of the map's keys.
   *
   * @return the key type
   */
  Type getKeyType();

  /**
   * Returns the type of the map's values.
   *
   * @return the value type
   */
  Type getValueType();
}
