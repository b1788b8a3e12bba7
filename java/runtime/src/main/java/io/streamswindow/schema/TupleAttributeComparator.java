package io.streamswindow.schema;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import java.io.Serializable;
import java.util.Comparator;

/**
 * Orders tuples of one schema by a list of comparable attributes, the first deciding first
 * (ascending; {@link SplSchema#getAttributesComparator} reverses it for descending order).
 *
 * <p>Unsigned integers are compared as unsigned, although Java holds them in signed types.
 */
final class TupleAttributeComparator implements Comparator<Tuple>, Serializable {
  private static final long serialVersionUID = 1L;

  private final int[] keys;
  private final MetaType[] keyMetaTypes;

  TupleAttributeComparator(SplSchema schema, int[] keys) {
    this.keys = keys.clone();
    this.keyMetaTypes = new MetaType[keys.length];
    for (int k = 0; k < keys.length; k++) {
      keyMetaTypes[k] = schema.valueMetaTypes[keys[k]];
    }
  }

  @Override
  public int compare(Tuple first, Tuple second) {
    for (int k = 0; k < keys.length; k++) {
      int order = compareValues(keyMetaTypes[k], value(first, keys[k]), value(second, keys[k]));
      if (order != 0) {
        return order;
      }
    }
    return 0;
  }

  private static Object value(Tuple tuple, int index) {
    return tuple instanceof AbstractSchemaTuple
        ? ((AbstractSchemaTuple) tuple).stored(index)
        : tuple.getObject(index);
  }

  @SuppressWarnings("unchecked")
  private static int compareValues(MetaType metaType, Object first, Object second) {
    switch (metaType) {
      case UINT8:
        return Integer.compare(Byte.toUnsignedInt((Byte) first), Byte.toUnsignedInt((Byte) second));
      case UINT16:
        return Integer.compare(
            Short.toUnsignedInt((Short) first), Short.toUnsignedInt((Short) second));
      case UINT32:
        return Integer.compareUnsigned((Integer) first, (Integer) second);
      case UINT64:
        return Long.compareUnsigned((Long) first, (Long) second);
      default:
        return ((Comparable<Object>) first).compareTo(second);
    }
  }
}
