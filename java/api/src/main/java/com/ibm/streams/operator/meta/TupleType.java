package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type;

/**
 * The type of an SPL {@code tuple<...>} attribute, or of a stream: it carries the schema of the
 * tuple.
 */
public interface TupleType extends Type {

  /**
   * Returns the schema of tuples of this type.
   *
   * @return the schema
   */
  StreamSchema getTupleSchema();
}
