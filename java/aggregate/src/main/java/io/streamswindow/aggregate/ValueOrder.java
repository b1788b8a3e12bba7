package io.streamswindow.aggregate;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The SPL order of the values of one ordered type, as used by Min, Max, MinCount, MaxCount, ArgMin
 * and ArgMax.
 *
 * <p>Unsigned integers compare as unsigned although Java holds them in signed types; an {@code
 * rstring} compares by its bytes, unsigned, as SPL compares strings; everything else by its Java
 * natural order ({@code false < true}, timestamps by instant).
 */
final class ValueOrder {
  private ValueOrder() {}

  /**
   * Returns the order of values of {@code type}.
   *
   * @throws IllegalArgumentException when the type has no order
   */
  @SuppressWarnings("unchecked")
  static Comparator<Object> of(MetaType type) {
    switch (type) {
      case UINT8:
        return (a, b) ->
            Integer.compare(Byte.toUnsignedInt((Byte) a), Byte.toUnsignedInt((Byte) b));
      case UINT16:
        return (a, b) ->
            Integer.compare(Short.toUnsignedInt((Short) a), Short.toUnsignedInt((Short) b));
      case UINT32:
        return (a, b) -> Integer.compareUnsigned((Integer) a, (Integer) b);
      case UINT64:
        return (a, b) -> Long.compareUnsigned((Long) a, (Long) b);
      case RSTRING:
      case BSTRING:
        return (a, b) -> Arrays.compareUnsigned(((RString) a).getData(), ((RString) b).getData());
      default:
        if (!ValueTypes.isOrdered(type)) {
          throw new IllegalArgumentException(type + " values have no order");
        }
        return (a, b) -> ((Comparable<Object>) a).compareTo(b);
    }
  }
}
