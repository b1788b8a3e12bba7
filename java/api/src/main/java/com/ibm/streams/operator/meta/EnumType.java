package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;
import java.util.List;

/** The type of an SPL {@code enum} attribute. */
public interface EnumType extends Type {

  /**
   * Returns the enum's identifiers in declaration order.
   *
   * @return the identifiers
   */
  List<String> getIdentifiers();
}
