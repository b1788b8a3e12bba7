package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;

/**
 * Reads one attribute of a tuple as a value with value equality, fit to be compared, grouped,
 * collected and set on an output tuple with {@code setObject}.
 *
 * <p>Collections are read with {@code getList}, {@code getSet} and {@code getMap} rather than
 * {@code getObject}, which gives Java arrays (identity equality) for lists of primitives.
 */
@FunctionalInterface
interface ValueReader {

  /** Returns the attribute's value in {@code tuple}. */
  Object read(Tuple tuple);

  /** Returns the reader of {@code attribute}. */
  static ValueReader of(Attribute attribute) {
    int index = attribute.getIndex();
    MetaType type = attribute.getType().getMetaType();
    if (type.isList()) {
      return tuple -> tuple.getList(index);
    } else if (type.isSet()) {
      return tuple -> tuple.getSet(index);
    } else if (type.isMap()) {
      return tuple -> tuple.getMap(index);
    } else if (type == MetaType.TUPLE) {
      return tuple -> tuple.getTuple(index);
    }
    return tuple -> tuple.getObject(index);
  }
}
