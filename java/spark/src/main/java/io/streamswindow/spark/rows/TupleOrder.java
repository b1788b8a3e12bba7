package io.streamswindow.spark.rows;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.RString;
import io.streamswindow.schema.SplSchema;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The {@code order_by} order of tuples: ascending by each order column in turn, with the order
 * Spark gives the same columns (strings and blobs by unsigned bytes), on the values the operator
 * receives: an unsigned attribute read from an integer column compares as the unsigned number it
 * holds; a value an SPL type stated for its column rounds ({@code decimal64}, {@code float32}) or
 * cuts ({@code rstring[n]}) compares as rounded or cut. Both sides of a run use it: {@link
 * RowPacker} keeps each packed row's tuples in this order and {@link ArrivalOrder} merges the
 * packed rows of a group by it, and {@code SingleInstanceRun} sorts its input by it.
 *
 * <pre>{@code
 * TupleOrder order = new TupleOrder(schema, List.of("seq"));
 * order.compare(a, b);                  // < 0: tuple a arrives first
 * order.compareValues(new Object[] {1L}, new Object[] {2L});   // the same, on SPL values
 * }</pre>
 */
public final class TupleOrder implements Comparator<Tuple> {
  private final int[] attributes;
  private final Comparator<Object>[] values;

  /**
   * @param schema the tuples' schema
   * @param orderColumns the {@code order_by} attributes, at least one
   * @throws IllegalArgumentException when an order column has a type with no order
   */
  @SuppressWarnings("unchecked")
  public TupleOrder(SplSchema schema, List<String> orderColumns) {
    this.attributes = new int[orderColumns.size()];
    this.values = new Comparator[attributes.length];
    for (int i = 0; i < attributes.length; i++) {
      String column = orderColumns.get(i);
      attributes[i] = schema.requireIndex(column);
      values[i] = valueOrder(schema.getType(attributes[i]), column);
    }
  }

  /** Numbers, booleans, strings, timestamps and blobs have an order; other types have none. */
  private static boolean orderable(MetaType type) {
    return switch (type) {
      case LIST, BLIST, SET, BSET, MAP, BMAP, TUPLE, OPTIONAL, XML, ENUM, COMPLEX32, COMPLEX64 ->
          false;
      default -> true;
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Comparator<Object> valueOrder(Type splType, String column) {
    MetaType type = splType.getMetaType();
    if (!orderable(type)) {
      throw new IllegalArgumentException(
          "order_by column '"
              + column
              + "' has SPL type "
              + splType.getLanguageType()
              + ", which has no order");
    }
    return switch (type) {
      case RSTRING, BSTRING, USTRING -> (a, b) -> Arrays.compareUnsigned(utf8(a), utf8(b));
      case BLOB -> (a, b) -> Arrays.compareUnsigned(((Blob) a).getData(), ((Blob) b).getData());
      case UINT8 -> (a, b) -> Byte.compareUnsigned((Byte) a, (Byte) b);
      case UINT16 -> (a, b) -> Short.compareUnsigned((Short) a, (Short) b);
      case UINT32 -> (a, b) -> Integer.compareUnsigned((Integer) a, (Integer) b);
      case UINT64 -> (a, b) -> Long.compareUnsigned((Long) a, (Long) b);
      default -> (a, b) -> ((Comparable) a).compareTo(b);
    };
  }

  /**
   * A string value's UTF-8 bytes, whose unsigned order is Spark's string order. A row's value is a
   * {@code String} until it becomes a tuple's {@code RString}.
   */
  private static byte[] utf8(Object value) {
    return value instanceof RString r
        ? r.getData()
        : value.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The tuple attributes of the order columns, in order. */
  public int[] attributes() {
    return attributes;
  }

  @Override
  public int compare(Tuple a, Tuple b) {
    for (int i = 0; i < attributes.length; i++) {
      int c = values[i].compare(a.getObject(attributes[i]), b.getObject(attributes[i]));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /**
   * Compares two tuples' order values, given in {@link #attributes()} order as the values a tuple
   * is made of (for rows not yet made tuples: a {@code String} may stand for an {@code RString}).
   */
  public int compareValues(Object[] a, Object[] b) {
    for (int i = 0; i < attributes.length; i++) {
      int c = values[i].compare(a[i], b[i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
