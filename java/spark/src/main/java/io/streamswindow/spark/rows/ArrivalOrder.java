package io.streamswindow.spark.rows;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.schema.SchemaTupleCodec;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.types.RowTupleConverter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * The reduce side of a run: unpacks a group's packed rows ({@link PackedRows}) and hands their
 * tuples on in arrival order.
 *
 * <p>Spark keeps the packed rows of a key together but not in any order, so the order is restored
 * here: by input position when there is no {@code order_by} (input partition first, then the row's
 * place in it; the order a batch DataFrame's rows have), and otherwise by the {@code order_by}
 * columns, ties broken by input position. {@link RowPacker} writes each packed row as runs of
 * entries already in {@code order_by} order, so ordering a group is a merge of its runs: each tuple
 * is decoded just before it is handed on, one comparison per tuple while one run stays ahead of the
 * others (the usual case: an input file holds a stretch of a key's rows), and a group never holds
 * more than its packed bytes and one tuple per run. With one order column of a number, boolean or
 * timestamp type the packer sorts each packed row, so a group has a run per input partition and
 * flush, and runs compare by their {@link PrimitiveOrderKey}s, without a comparator. With other
 * order columns, rows in no order make runs of a row or two; beyond {@value #MAX_MERGED_RUNS} runs
 * a group's tuples are decoded first and sorted instead, which is faster then (by primitive keys
 * when there are some).
 *
 * <pre>{@code
 * ArrivalOrder order = new ArrivalOrder(packedSchema, tupleSchema, List.of("seq"), false);
 * order.deliver(packedRows, (tuple, marker) -> { ... host.submit(0, tuple) ... });
 * }</pre>
 */
public final class ArrivalOrder {
  private final int originColumn;
  private final int tuplesColumn;
  private final boolean markers;
  private final RowTupleConverter converter;
  private final SchemaTupleCodec codec;

  /** For each attribute the entries leave out, the packed rows' column that holds it; else -1. */
  private final int[] keyColumns;

  /** Whether entries leave attributes out, and the group's values of them (codec.omittedValues). */
  private final boolean omits;

  private Object[] shared;

  /** The order_by order, or null when the input order is the arrival order. */
  private final TupleOrder order;

  /** The order_by order as one long per tuple, when it has one (else null): what runs compare. */
  private final PrimitiveOrderKey orderKey;

  private final ByteArraySource in = new ByteArraySource();

  /** The tuples of a group being sorted (sortAll), reused from group to group for its capacity. */
  private final ArrayList<Object> arrivals = new ArrayList<>();

  /** Their primitive keys and positions (sortAllByKey), reused likewise. */
  private long[] sortKeys = new long[0];

  private int[] sortPositions = new int[0];

  /** Up to this many runs a group is merged; beyond, decoded and sorted (sortAll). */
  static final int MAX_MERGED_RUNS = 64;

  /**
   * @param packed the schema of the packed rows
   * @param tuples the converter of the tuples they carry (their Spark and SPL schemas)
   * @param partitionBy the {@code partition_by} columns
   * @param orderColumns the {@code order_by} attributes, empty for input order
   * @param markers whether entries start with a marker byte (the run has a {@code marker_column})
   * @throws IllegalArgumentException when an order column has a type with no order
   */
  public ArrivalOrder(
      StructType packed,
      RowTupleConverter tuples,
      List<String> partitionBy,
      List<String> orderColumns,
      boolean markers) {
    this.originColumn = packed.fieldIndex(PackedRows.ORIGIN_COLUMN);
    this.tuplesColumn = packed.fieldIndex(PackedRows.TUPLES_COLUMN);
    this.markers = markers;
    this.converter = tuples;
    SplSchema schema = tuples.schema();
    this.codec = new SchemaTupleCodec(schema);
    this.order = orderColumns.isEmpty() ? null : new TupleOrder(schema, orderColumns);
    this.orderKey = orderColumns.isEmpty() ? null : PrimitiveOrderKey.of(schema, orderColumns);
    boolean[] omitted = PackedRows.omittedAttributes(tuples, partitionBy);
    this.keyColumns = new int[omitted.length];
    boolean any = false;
    for (int i = 0; i < omitted.length; i++) {
      keyColumns[i] = omitted[i] ? packed.fieldIndex(tuples.struct().fields()[i].name()) : -1;
      any |= omitted[i];
    }
    this.omits = any;
  }

  /** Takes the arrivals of a group, one at a time, in order. */
  @FunctionalInterface
  public interface Arrivals {
    /** A tuple arrives ({@code marker} false), or a window marker placed by {@code tuple}. */
    void arrive(Tuple tuple, boolean marker) throws Exception;
  }

  /** Hands the group's arrivals to {@code to} in order. */
  public void deliver(Iterator<Row> packedRows, Arrivals to) throws Exception {
    List<Row> packs = new ArrayList<>();
    packedRows.forEachRemaining(packs::add);
    if (packs.isEmpty()) {
      return;
    }
    if (packs.size() > 1) {
      packs.sort(Comparator.comparingLong(row -> row.getLong(originColumn)));
    }
    if (omits) {
      shared = sharedValues(packs.get(0));
    }
    if (order == null) {
      for (Row pack : packs) {
        in.reset(bytes(pack));
        while (in.available() > 0) {
          boolean marker = markers && in.readUnsignedByte() == PackedRows.MARKER;
          to.arrive(read(in), marker);
        }
      }
      return;
    }
    List<Cursor> runs = new ArrayList<>();
    for (Row pack : packs) {
      byte[] bytes = bytes(pack);
      in.reset(bytes);
      int count = in.readInt();
      int entries = 4 * count;
      int start = entries;
      for (int i = 1; i <= count; i++) {
        int end = i < count ? entries + in.readInt() : bytes.length;
        runs.add(new Cursor(runs.size(), bytes, start, end));
        start = end;
      }
    }
    merge(runs, to);
  }

  /**
   * Merges runs of entries that are each in {@code order_by} order. A heap holds each run's next
   * entry; the least is handed on, and its run keeps the lead, without going back into the heap,
   * for as long as its next entry comes before every other run's.
   */
  private void merge(List<Cursor> runs, Arrivals to) throws Exception {
    if (runs.size() > MAX_MERGED_RUNS) {
      sortAll(runs, to);
      return;
    }
    if (runs.size() == 1) {
      // One run: nothing to merge (the usual group of a key with few rows).
      Cursor run = runs.get(0);
      while (run.advance()) {
        to.arrive(run.tuple, run.marker);
      }
      return;
    }
    PriorityQueue<Cursor> heads = new PriorityQueue<>(Math.max(1, runs.size()));
    for (Cursor run : runs) {
      if (run.advance()) {
        heads.add(run);
      }
    }
    while (!heads.isEmpty()) {
      Cursor lead = heads.poll();
      Cursor next = heads.peek();
      do {
        to.arrive(lead.tuple, lead.marker);
        if (!lead.advance()) {
          lead = null;
          break;
        }
      } while (next == null || lead.compareTo(next) < 0);
      if (lead != null) {
        heads.add(lead);
      }
    }
  }

  /**
   * Decodes every run, in input order, then sorts (stable: ties keep their input position; Java's
   * sort finds the runs itself). For rows in no order, where runs are a row or two long and a heap
   * of runs took twice as long as sorting (1M rows in random order in one group: 4.0 against 1.9
   * s).
   */
  private void sortAll(List<Cursor> runs, Arrivals to) throws Exception {
    if (orderKey != null) {
      sortAllByKey(runs, to);
      return;
    }
    arrivals.clear();
    try {
      for (Cursor run : runs) {
        while (run.advance()) {
          arrivals.add(run.marker ? new Marker(run.tuple) : run.tuple);
        }
      }
      arrivals.sort((a, b) -> order.compare(placeOf(a), placeOf(b)));
      for (Object arrival : arrivals) {
        to.arrive(placeOf(arrival), arrival instanceof Marker);
      }
    } finally {
      arrivals.clear(); // the tuples are the window's now, or garbage
    }
  }

  /** As {@link #sortAll}, on primitive keys taken once per tuple. */
  private void sortAllByKey(List<Cursor> runs, Arrivals to) throws Exception {
    arrivals.clear();
    try {
      int n = 0;
      for (Cursor run : runs) {
        while (run.advance()) {
          arrivals.add(run.marker ? new Marker(run.tuple) : run.tuple);
          if (n == sortKeys.length) {
            sortKeys = Arrays.copyOf(sortKeys, Math.max(64, n * 2));
            sortPositions = Arrays.copyOf(sortPositions, sortKeys.length);
          }
          sortKeys[n] = run.key;
          sortPositions[n] = n;
          n++;
        }
      }
      KeyedPositionSort.sort(sortKeys, sortPositions, n);
      for (int i = 0; i < n; i++) {
        Object arrival = arrivals.get(sortPositions[i]);
        to.arrive(placeOf(arrival), arrival instanceof Marker);
      }
    } finally {
      arrivals.clear(); // the tuples are the window's now, or garbage
    }
  }

  private static Tuple placeOf(Object arrival) {
    return arrival instanceof Marker marker ? marker.place() : (Tuple) arrival;
  }

  /**
   * A window marker among the arrivals being sorted, with the tuple that gives its place. Tuples
   * are held unwrapped: markers are rare, and a wrapper per tuple was a measurable cost.
   */
  private record Marker(Tuple place) {}

  private byte[] bytes(Row pack) {
    return (byte[]) pack.get(tuplesColumn);
  }

  /**
   * The group's values of the attributes the entries leave out, from a packed row's key columns. A
   * null key (only marker rows have one: tuples with a null are refused) stands for the attribute's
   * default value, as in the marker's own tuple.
   */
  private Object[] sharedValues(Row pack) {
    Object[] values = new Object[keyColumns.length];
    for (int i = 0; i < values.length; i++) {
      if (keyColumns[i] >= 0) {
        Object value = pack.get(keyColumns[i]);
        values[i] =
            value != null
                ? converter.splValueOf(i, value)
                : converter.schema().getAttribute(i).getType().getDefaultValue();
      }
    }
    return codec.omittedValues(values);
  }

  private Tuple read(ByteArraySource source) throws IOException {
    return omits ? codec.read(source, shared) : codec.read(source);
  }

  /** A run being merged: its place among the group's runs (input order) and its next entry. */
  private final class Cursor implements Comparable<Cursor> {
    final int position;
    final ByteArraySource entries = new ByteArraySource();
    Tuple tuple;
    boolean marker;

    /** The entry's primitive order key, when the order has one. */
    long key;

    Cursor(int position, byte[] bytes, int from, int to) {
      this.position = position;
      entries.reset(bytes, from, to);
    }

    /** Reads the next entry; false when there is none. */
    boolean advance() throws IOException {
      if (entries.available() == 0) {
        tuple = null;
        return false;
      }
      marker = markers && entries.readUnsignedByte() == PackedRows.MARKER;
      tuple = read(entries);
      if (orderKey != null) {
        key = orderKey.of(tuple);
      }
      return true;
    }

    /** Entries of equal order values arrive in input order: the earlier run first. */
    @Override
    public int compareTo(Cursor other) {
      int c = orderKey != null ? Long.compare(key, other.key) : order.compare(tuple, other.tuple);
      return c != 0 ? c : Integer.compare(position, other.position);
    }
  }
}
