package io.streamswindow.schema;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Set;

/**
 * The SPL order of the values of one ordered type, as SPL's {@code <} compares them: what
 * Aggregate's Min, Max and Arg functions and Sort's keys rank by.
 *
 * <p>Unsigned integers compare as unsigned although Java holds them in signed types; an {@code
 * rstring} compares by its bytes, unsigned, as SPL compares strings; everything else by its Java
 * natural order ({@code false < true}, timestamps by instant, floats by {@link Double#compare}).
 *
 * <pre>{@code
 * Comparator<Object> order = SplValueOrder.of(MetaType.UINT32);
 * order.compare(-1, 1);   // > 0: -1 is uint32's 4294967295
 * }</pre>
 */
public final class SplValueOrder {
  private static final Set<MetaType> ORDERED =
      EnumSet.of(
          MetaType.INT8,
          MetaType.INT16,
          MetaType.INT32,
          MetaType.INT64,
          MetaType.UINT8,
          MetaType.UINT16,
          MetaType.UINT32,
          MetaType.UINT64,
          MetaType.FLOAT32,
          MetaType.FLOAT64,
          MetaType.DECIMAL32,
          MetaType.DECIMAL64,
          MetaType.DECIMAL128,
          MetaType.RSTRING,
          MetaType.BSTRING,
          MetaType.USTRING,
          MetaType.TIMESTAMP,
          MetaType.BOOLEAN);

  private SplValueOrder() {}

  /**
   * Whether values of {@code type} have an order here: numbers (SPL's complex types aside),
   * strings, timestamps and booleans.
   */
  public static boolean isOrdered(MetaType type) {
    return ORDERED.contains(type);
  }

  /**
   * Returns the order of values of {@code type}.
   *
   * @throws IllegalArgumentException when the type has no order
   */
  @SuppressWarnings("unchecked")
  public static Comparator<Object> of(MetaType type) {
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
        if (!isOrdered(type)) {
          throw new IllegalArgumentException(type + " values have no order");
        }
        return (a, b) -> ((Comparable<Object>) a).compareTo(b);
    }
  }
}
