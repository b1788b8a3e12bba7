package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;

/**
 * The type of an SPL list, set or map attribute, bounded or not; for a map the elements are its
 * values.
 */
public interface CollectionType extends CompositeType {

  /**
   * Returns the type of the collection's elements.
   *
   * @return the element type
   */
  Type getElementType();
}
