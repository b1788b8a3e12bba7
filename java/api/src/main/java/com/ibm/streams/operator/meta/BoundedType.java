package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;

/**
 * A type with a size limit: {@code rstring[n]}, {@code list<T>[n]}, {@code set<T>[n]} and {@code
 * map<K,V>[n]}. A longer value assigned to it keeps its first {@code n} bytes (strings) or elements
 * (lists), and a set or map keeps {@code n} of its elements.
 *
 * <p>In streams-window the list, set and map types are one class each, bounded or not, so an
 * unbounded list, set or map is a {@code BoundedType} too, whose {@link #getBoundedSize()} is -1;
 * test the meta type ({@code BLIST}, {@code BSET}, {@code BMAP}, {@code BSTRING}) to know whether a
 * type is bounded.
 *
 * <pre>{@code
 * Type type = schema.getAttribute("codes").getType();   // list<int32>[4]
 * if (type.getMetaType() == Type.MetaType.BLIST) {
 *   int most = ((BoundedType) type).getBoundedSize();  // 4
 * }
 * }</pre>
 */
public interface BoundedType extends Type {

  /**
   * Returns the size limit: bytes for a bounded string, elements for a list, set or map.
   *
   * @return the bound, or -1 for an unbounded list, set or map
   */
  int getBoundedSize();
}
