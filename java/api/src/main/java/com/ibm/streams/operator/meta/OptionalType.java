package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;

/** The type of an SPL {@code optional<T>} attribute. */
public interface OptionalType extends CompositeType {

  /**
   * Returns the type T of a present value.
   *
   * @return the value type
   */
  Type getValueType();
}
