package io.streamswindow.spark;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.RString;
import io.streamswindow.schema.SchemaTupleCodec;
import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * The reduce side of a run: unpacks a group's packed rows ({@link PackedRows}) and puts their
 * tuples in arrival order.
 *
 * <p>Spark keeps the packed rows of a key together but not in any order, so the order is restored
 * here: by the {@code order_by} columns, ties broken by input position, or by input position alone
 * when there are none (input partition first, then the row's place in it; the same order a batch
 * DataFrame's rows have). Tuples that already arrive in order are only checked, not sorted: one
 * comparison per tuple in the common case, and a merge of the sorted runs (Java's sort finds them)
 * otherwise.
 *
 * <pre>{@code
 * ArrivalOrder order = new ArrivalOrder(packedSchema, tupleSchema, List.of("seq"), false);
 * order.deliver(packedRows, (tuple, marker) -> { ... host.submit(0, tuple) ... });
 * }</pre>
 */
final class ArrivalOrder {
  /**
   * A window marker among the arrivals being sorted, with the tuple that gives its place. Tuples
   * themselves are held unwrapped: markers are rare, and a wrapper per tuple was a measurable cost.
   */
  private record Marker(Tuple place) {}

  private final int originColumn;
  private final int tuplesColumn;
  private final boolean markers;
  private final SchemaTupleCodec codec;
  private final Comparator<Object> order;
  private final ByteArraySource in = new ByteArraySource();
  /** The tuples being ordered (with order_by), reused from group to group for its capacity. */
  private final ArrayList<Object> arrivals = new ArrayList<>();

  /**
   * @param packed the schema of the packed rows
   * @param tuples the schema of the tuples they carry
   * @param orderColumns the {@code order_by} attributes, empty for input order
   * @param markers whether entries start with a marker byte (the run has a {@code marker_column})
   * @throws IllegalArgumentException when an order column has a type with no order
   */
  ArrivalOrder(StructType packed, SplSchema tuples, List<String> orderColumns, boolean markers) {
    this.originColumn = packed.fieldIndex(PackedRows.ORIGIN_COLUMN);
    this.tuplesColumn = packed.fieldIndex(PackedRows.TUPLES_COLUMN);
    this.markers = markers;
    this.codec = new SchemaTupleCodec(tuples);
    Comparator<Object> byColumns = null;
    for (String column : orderColumns) {
      int index = tuples.requireIndex(column);
      Comparator<Object> values = valueOrder(tuples.getType(index).getMetaType(), column);
      Comparator<Object> next = (a, b) -> values.compare(placeOf(a).getObject(index), placeOf(b).getObject(index));
      byColumns = byColumns == null ? next : byColumns.thenComparing(next);
    }
    this.order = byColumns;
  }

  /**
   * Whether a column of this SPL type can be an {@code order_by} column: numbers, booleans,
   * strings, timestamps and blobs, ordered as Spark orders them (strings and blobs by unsigned
   * bytes).
   */
  static boolean orderable(MetaType type) {
    return switch (type) {
      case LIST, BLIST, SET, BSET, MAP, BMAP, TUPLE, OPTIONAL, XML, ENUM, COMPLEX32, COMPLEX64 -> false;
      default -> true;
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Comparator<Object> valueOrder(MetaType type, String column) {
    if (!orderable(type)) {
      throw new IllegalArgumentException("order_by column '" + column + "' (" + type + ") has no order");
    }
    return switch (type) {
      case RSTRING, BSTRING -> (a, b) -> Arrays.compareUnsigned(((RString) a).getData(), ((RString) b).getData());
      case BLOB -> (a, b) -> Arrays.compareUnsigned(((Blob) a).getData(), ((Blob) b).getData());
      default -> (a, b) -> ((Comparable) a).compareTo(b);
    };
  }

  private static Tuple placeOf(Object arrival) {
    return arrival instanceof Marker marker ? marker.place() : (Tuple) arrival;
  }

  /** Takes the arrivals of a group, one at a time, in order. */
  @FunctionalInterface
  interface Arrivals {
    /** A tuple arrives ({@code marker} false), or a window marker placed by {@code tuple}. */
    void arrive(Tuple tuple, boolean marker) throws Exception;
  }

  /**
   * Hands the group's arrivals to {@code to} in order. Without {@code order_by} each tuple is
   * decoded as it is handed on, so a group never holds more than its packed bytes and one tuple
   * (a window that is not partitioned is one group: a whole batch DataFrame); with {@code
   * order_by} the group's tuples are decoded first, to be checked and, if need be, sorted.
   */
  void deliver(Iterator<Row> packedRows, Arrivals to) throws Exception {
    List<Row> packs = new ArrayList<>();
    packedRows.forEachRemaining(packs::add);
    if (packs.size() > 1) {
      packs.sort(Comparator.comparingLong(row -> row.getLong(originColumn)));
    }
    if (order == null) {
      unpack(packs, to);
      return;
    }
    arrivals.clear();
    unpack(packs, (tuple, marker) -> arrivals.add(marker ? new Marker(tuple) : tuple));
    for (int i = 1; i < arrivals.size(); i++) {
      if (order.compare(arrivals.get(i - 1), arrivals.get(i)) > 0) {
        arrivals.sort(order); // stable: ties keep their input position
        break;
      }
    }
    try {
      for (Object arrival : arrivals) {
        to.arrive(placeOf(arrival), arrival instanceof Marker);
      }
    } finally {
      arrivals.clear(); // the tuples are the window's now, or garbage
    }
  }

  /** Decodes the packs' entries in pack order, handing each on as it is read. */
  private void unpack(List<Row> packs, Arrivals to) throws Exception {
    for (Row pack : packs) {
      in.reset((byte[]) pack.get(tuplesColumn));
      while (in.available() > 0) {
        boolean marker = markers && in.readUnsignedByte() == PackedRows.MARKER;
        to.arrive(codec.read(in), marker);
      }
    }
  }
}
