package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;

/** The type of an SPL list or set attribute, bounded or not. */
public interface CollectionType extends Type {

  /**
   * Returns the type of the collection's elements.
   *
   * @return the element type
   */
  Type getElementType();
}
