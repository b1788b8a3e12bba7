package io.streamswindow.spark.rows;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.schema.SchemaTupleCodec;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.types.RowTupleConverter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;

/**
 * The map side of a run: turns an input partition's rows into packed rows ({@link PackedRows}), one
 * per window partition, before Spark's shuffle.
 *
 * <p>Why: Spark's shuffle, its sort by key and its conversion of each row into a {@code Row} cost
 * more per row than the window and the operator together (docs/performance.md). A packed row
 * carries all of a key's rows of the input partition, so those costs are paid per key and input
 * partition instead, and the rows cross the shuffle as operator tuples, ready to use. This is the
 * map-side combine Spark's own aggregations do, for an operator Spark cannot see into.
 *
 * <p>Memory is bounded: when the tuples held reach the executor's share ({@link #flushBytes}),
 * every key's packed row goes out and packing starts again; the origin column keeps the flushes in
 * order. A task holds at most about three times that (the buffers kept for the next flush, and the
 * rows handed on). With {@code order_by}, each packed row's entries are handed on in that order:
 * rows are checked as they come (one comparison each). With one order column of a number, boolean
 * or timestamp type ({@link PrimitiveOrderKey}), a key's entries that came in no order are sorted
 * by their keys when its packed row is written ({@link KeyedPositionSort}), so every packed row is
 * one run and the reduce side ({@link ArrivalOrder}) merges a run per input partition and flush
 * however the rows came. With other order columns, where a row comes before the one packed before
 * it a new run of ordered entries starts, and the reduce side merges the runs. Rows are written
 * once, as they come; a sort moves their bytes once more. A row whose column has no SPL value (a
 * null) fails here, naming the column.
 */
public final class RowPacker implements MapPartitionsFunction<Row, Row> {
  private static final long serialVersionUID = 1L;

  /** The least and the most a task packs before it hands its packed rows on. */
  static final int MIN_FLUSH_BYTES = 4 << 20;

  static final int MAX_FLUSH_BYTES = 64 << 20;

  /**
   * The rows a fill must have packed, up to its flush, before the packer judges whether keys came
   * back in it; fewer say too little (and a real-time partition packs one row a fill).
   */
  static final int JUDGED_ROWS = 4096;

  /** Rows handed on one by one between two looks at the packed rows ready to go. */
  static final int ONE_BY_ONE_ROWS = 1024;

  /** Sampled rows per judgement of whether keys came back, once rows go one by one. */
  static final int RECURRENCE_STRETCH = 1024;

  private static final int[] NO_RUNS = new int[0];

  private static final long[] NO_KEYS = new long[0];

  private final OperatorPlan plan;
  private final int flushBytes;

  /** The input port whose rows this packer packs; its origins carry it ({@link PackedRows}). */
  private final int port;

  /** A packer of input port 0's rows, flushing at this executor's share. */
  public RowPacker(OperatorPlan plan) {
    this(plan, 0);
  }

  /**
   * A packer of input port {@code port}'s rows, with the plan of that port ({@link
   * OperatorPlan#ofPort}), flushing at this executor's share.
   */
  public static RowPacker ofPort(OperatorPlan plan, int port) {
    return new RowPacker(plan.ofPort(port), 0, port);
  }

  /**
   * How many bytes of tuples a task packs before it hands them on, on this executor: a share of the
   * heap's user memory (the 40 % of it beyond the 300 MiB Spark reserves that Spark's own memory
   * manager leaves to user code) such that every core's task, holding up to three times its share
   * (buffers, their spare capacity, the rows handed on), fits in three eighths of it; between
   * {@link #MIN_FLUSH_BYTES} and {@link #MAX_FLUSH_BYTES}. More is better with many keys: a key's
   * rows combine only while its buffer waits (with 100,000 keys over 5M rows, 8 MiB gave packed
   * rows of one or two tuples and ran twice as long as 64 MiB).
   */
  static int flushBytes(long maxHeap, int cores) {
    long user = Math.max(0L, maxHeap - (300L << 20)) * 2 / 5;
    long share = user / (8L * Math.max(1, cores));
    return (int) Math.max(MIN_FLUSH_BYTES, Math.min(MAX_FLUSH_BYTES, share));
  }

  /** A packer that flushes at {@code flushBytes}, or at this executor's share when 0. */
  public RowPacker(OperatorPlan plan, int flushBytes) {
    this(plan, flushBytes, 0);
  }

  private RowPacker(OperatorPlan plan, int flushBytes, int port) {
    this.plan = plan;
    this.flushBytes = flushBytes;
    this.port = port;
  }

  @Override
  public Iterator<Row> call(Iterator<Row> rows) {
    TaskContext task = TaskContext.get();
    return pack(rows, task == null ? 0 : task.partitionId());
  }

  /** The packed rows of one input partition's {@code rows}. */
  Iterator<Row> pack(Iterator<Row> rows, int inputPartition) {
    Runtime runtime = Runtime.getRuntime();
    // Rows that arrive one by one (real-time mode) go on one by one: an unbounded real-time
    // partition ends only when its batch does, so nothing may wait for more rows.
    int flushAt =
        plan.arrival().perRow()
            ? 1
            : flushBytes > 0
                ? flushBytes
                : flushBytes(runtime.maxMemory(), runtime.availableProcessors());
    return new Packing(rows, inputPartition, flushAt);
  }

  /** One task's packing: reads rows until a flush is due, then hands out that flush's rows. */
  private final class Packing implements Iterator<Row> {
    private final Iterator<Row> rows;
    private final int inputPartition;
    private final int flushAt;
    private final RowTupleConverter converter =
        new RowTupleConverter(plan.tuplesOf(0), plan.input(), plan.inputSchema(plan.tuplesOf(0)));
    private final SchemaTupleCodec codec = new SchemaTupleCodec(converter.schema());
    private final int attributes = converter.schema().getAttributeCount();
    private final int[] keyColumns;
    private final int markerColumn;

    /** The order_by order, which each packed row's entries follow; null without order_by. */
    private final TupleOrder order;

    /** For each attribute, whether entries leave it out (a partition_by attribute, PackedRows). */
    private final boolean[] omitted;

    /**
     * The order_by order as one long per row, when it is one column of a type that has one; then
     * each key's entries are sorted on it (docs/architecture.md, step 3). Null otherwise.
     */
    private final PrimitiveOrderKey orderKey;

    /**
     * With a primitive order key and entries that all take the same bytes (numbers, booleans,
     * timestamps; no marker column): each entry's width, and where its order key's bytes begin. A
     * buffer of such entries notes nothing per entry but whether one came before the entry written
     * before it; its keys are read back from the bytes only when it must be sorted. Zero otherwise.
     */
    private final int entryWidth;

    private final int keyOffset;

    /**
     * The keys and places of the entries of the buffer being sorted, reused from buffer to buffer.
     */
    private long[] sortKeys = NO_KEYS;

    private int[] sortPlaces = NO_RUNS;

    /** The order values of the row being packed (swapped with its buffer's last ones). */
    private Object[] orderValues;

    /**
     * The buffers in the order their keys first came, found by key in one of two tables: by a
     * primitive {@code long} when the window is partitioned by one integer column ({@link
     * LongKeyTable}; a null key goes to the other table), otherwise by the key object.
     */
    private final List<Buffer> buffers = new ArrayList<>();

    private final LongKeyTable<Buffer> byIntegerKey;
    private final Map<Object, Buffer> byKey = new HashMap<>();

    /** A reader of a buffer's entries, for when it must note their order keys after all. */
    private final ByteArraySource written = new ByteArraySource();

    private final ArrayDeque<Row> ready = new ArrayDeque<>();
    private int flushes;
    private long held;

    /**
     * Whether each row goes on as a packed row of its own, with a flush of its own: set when nearly
     * every row of a full fill started a buffer (keys did not come back within a flush, so a buffer
     * gained nothing and its table cost a cache miss per row), cleared when a sample of the keys
     * shows them coming back ({@link KeyRecurrence}; docs/decisions.md, "Many keys").
     */
    private boolean oneByOne;

    private final KeyRecurrence recurrence = new KeyRecurrence(RECURRENCE_STRETCH);

    /** Rows packed, and buffers started, since the last flush. */
    private int rowsSinceFlush;

    private int buffersSinceFlush;

    /** Whether the input is used up and its last flush done. */
    private boolean done;

    Packing(Iterator<Row> rows, int inputPartition, int flushAt) {
      this.rows = rows;
      this.inputPartition = inputPartition;
      this.flushAt = flushAt;
      List<String> partitionBy = plan.partitionBy();
      keyColumns = partitionBy.stream().mapToInt(plan.input()::fieldIndex).toArray();
      markerColumn =
          plan.markerColumn() == null ? -1 : plan.input().fieldIndex(plan.markerColumn());
      omitted = PackedRows.omittedAttributes(converter, partitionBy);
      order = plan.orderBy().isEmpty() ? null : new TupleOrder(converter.schema(), plan.orderBy());
      orderValues = order == null ? null : new Object[plan.orderBy().size()];
      orderKey = order == null ? null : PrimitiveOrderKey.of(converter.schema(), plan.orderBy());
      int[] offsets = orderKey == null || markerColumn >= 0 ? null : codec.fixedOffsets(omitted);
      int width = offsets == null ? 0 : offsets[attributes];
      int keyAt = offsets == null ? -1 : offsets[orderKey.attribute()];
      if (width > 0 && keyAt >= 0) {
        entryWidth = width;
        keyOffset = keyAt;
      } else {
        entryWidth = 0;
        keyOffset = 0;
      }
      byIntegerKey =
          keyColumns.length == 1 && isIntegerType(plan.input().fields()[keyColumns[0]].dataType())
              ? new LongKeyTable<>()
              : null;
      if (plan.streaming() && inputPartition == 0) {
        // The definition record: one per micro-batch with data, whose group checks the query's
        // definition against the one its checkpoint was written with (docs/reliability.md).
        // Every input port's packer writes one, so a micro-batch with data on any port checks it;
        // the group checks once however many it holds.
        Object[] values = new Object[Math.max(1, keyColumns.length) + 3];
        if (keyColumns.length == 0) {
          values[0] = 0;
        }
        values[values.length - 3] = true;
        values[values.length - 2] = PackedRows.origin(0, 0);
        values[values.length - 1] = new byte[0];
        ready.add(RowFactory.create(values));
      }
    }

    @Override
    public boolean hasNext() {
      // A flush can hand on nothing (every buffer kept from the last one stayed empty) while
      // input remains: fill again until rows are ready or the input is used up.
      while (ready.isEmpty() && !done) {
        fill();
      }
      return !ready.isEmpty();
    }

    @Override
    public Row next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return ready.poll();
    }

    private void fill() {
      // The input is asked for more only when the packer wants another row: a real-time source's
      // hasNext() waits for the next row to arrive, which the rows packed so far must not wait for.
      boolean more = true;
      try {
        if (oneByOne) {
          for (int n = 0; n < ONE_BY_ONE_ROWS && oneByOne && (more = rows.hasNext()); n++) {
            pack(rows.next());
          }
          done = !more;
          return;
        }
        while (held < flushAt && (more = rows.hasNext())) {
          pack(rows.next());
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      done = !more;
      flush();
      // A fill that stopped at the flush size, not at the input's end, is a full stretch of rows.
      if (more && rowsSinceFlush >= JUDGED_ROWS && 8L * buffersSinceFlush >= 7L * rowsSinceFlush) {
        goOneByOne();
      }
      rowsSinceFlush = 0;
      buffersSinceFlush = 0;
    }

    /** From packing to handing rows on one by one: the buffers kept, all empty, go. */
    private void goOneByOne() {
      buffers.clear();
      byKey.clear();
      if (byIntegerKey != null) {
        byIntegerKey.clear();
      }
      held = 0;
      recurrence.reset();
      oneByOne = true;
    }

    private void pack(Row row) throws IOException {
      try {
        if (oneByOne) {
          handOn(row);
        } else {
          rowsSinceFlush++;
          packAs(bufferOf(row), row);
        }
      } catch (RuntimeException e) {
        // A row the operator cannot take (a null in a tuple column): named like an operator
        // failure, since it is the operator's input that is refused.
        throw plan.failure(keyColumns.length == 0 ? null : RowFactory.create(groupValues(row)), e);
      }
    }

    /** The buffer of the row's window partition, new when its key has none yet. */
    private Buffer bufferOf(Row row) {
      if (byIntegerKey != null) {
        Object value = row.get(keyColumns[0]);
        if (value != null) {
          long key = ((Number) value).longValue();
          Buffer buffer = byIntegerKey.get(key);
          if (buffer == null) {
            buffer = newBuffer(row, value);
            byIntegerKey.put(key, buffer);
          }
          return buffer;
        }
      }
      Object key = key(row);
      Buffer buffer = byKey.get(key);
      if (buffer == null) {
        buffer = newBuffer(row, key);
        byKey.put(key, buffer);
      }
      return buffer;
    }

    private Buffer newBuffer(Row row, Object key) {
      Buffer buffer = new Buffer(row, key);
      buffers.add(buffer);
      buffersSinceFlush++;
      held += Buffer.OVERHEAD;
      return buffer;
    }

    /**
     * Hands one row on as a packed row of its own, in a flush of its own, so the origins keep the
     * input's order; packing starts again when a sample of the keys shows them coming back.
     */
    private void handOn(Row row) throws IOException {
      Object key = key(row);
      if (KeyRecurrence.sampled(Objects.hashCode(key)) && recurrence.note(key)) {
        oneByOne = false;
      }
      Buffer buffer = new Buffer(row, key);
      packAs(buffer, row);
      held = 0;
      ready.add(packedRow(buffer, PackedRows.origin(port, inputPartition, flushes++)));
    }

    private void packAs(Buffer buffer, Row row) throws IOException {
      ByteArraySink out = buffer.sink;
      int before = out.size();
      if (markerColumn >= 0 && !row.isNullAt(markerColumn) && row.getBoolean(markerColumn)) {
        Tuple place = markerTuple(row);
        out.writeByte(PackedRows.MARKER);
        codec.write(out, place, omitted);
        if (orderKey != null) {
          buffer.note(orderKey.ofValue(place.getObject(orderKey.attribute())), before, row);
        } else if (order != null) {
          int[] attributes = order.attributes();
          for (int i = 0; i < attributes.length; i++) {
            orderValues[i] = place.getObject(attributes[i]);
          }
        }
      } else {
        if (markerColumn >= 0) {
          out.writeByte(PackedRows.TUPLE);
        }
        // Attribute by attribute: the same bytes as codec.write(tuple, omitted), without building
        // the tuple.
        for (int i = 0; i < attributes; i++) {
          if (!omitted[i]) {
            converter.writeAttribute(row, i, codec, out);
          } else if (converter.isNull(row, i)) {
            converter.splValue(row, i); // refuses the null, naming the column, as for the others
          }
        }
        if (orderKey != null) {
          buffer.note(orderKey.ofValue(converter.splValue(row, orderKey.attribute())), before, row);
        } else if (order != null) {
          int[] attributes = order.attributes();
          for (int i = 0; i < attributes.length; i++) {
            orderValues[i] = converter.splValue(row, attributes[i]);
          }
        }
      }
      if (order != null && orderKey == null) {
        orderValues = buffer.follow(orderValues, before);
      }
      held += out.size() - before;
    }

    /**
     * A marker row stands for punctuation, so its other columns may be null; only its order_by
     * values matter (they place the marker). Nulls become the attributes' SPL defaults.
     */
    private Tuple markerTuple(Row row) {
      Map<String, Object> values = new HashMap<>();
      for (int i = 0; i < attributes; i++) {
        String name = converter.schema().getAttribute(i).getName();
        if (!converter.isNull(row, i)) {
          values.put(name, converter.splValue(row, i));
        } else if (plan.orderBy().contains(name)) {
          throw new IllegalArgumentException(
              "order_by column '"
                  + name
                  + "' holds a null in a marker row: a marker is placed by its order_by values");
        }
      }
      return converter.schema().getTuple(values);
    }

    /**
     * The grouping columns of a row's packed row ({@link PackedRows#keyColumns}): its partition_by
     * values, or the constant group of a window that is not partitioned.
     */
    private Object[] groupValues(Row row) {
      if (keyColumns.length == 0) {
        return new Object[] {0};
      }
      Object[] values = new Object[keyColumns.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = row.get(keyColumns[i]);
      }
      return values;
    }

    /** The key that groups a row with the other rows of its window partition. */
    private Object key(Row row) {
      if (keyColumns.length == 0) {
        return 0;
      } else if (keyColumns.length == 1) {
        return keyValue(row, keyColumns[0]);
      }
      Object[] values = new Object[keyColumns.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = keyValue(row, keyColumns[i]);
      }
      return Arrays.asList(values);
    }

    /**
     * Hands on a packed row per key that got rows since the last flush. Buffers of those keys are
     * kept, emptied, for the next flush (keys recur, and a kept buffer no longer grows); buffers of
     * keys that got none are dropped, so memory follows the keys actually arriving.
     */
    private void flush() {
      long origin = PackedRows.origin(port, inputPartition, flushes++);
      // The buffers kept move down over the dropped ones in one pass: removing each dropped one
      // from the list alone would shift the rest every time, quadratic in the keys of a task
      // (docs/performance.md, "Many keys").
      int kept = 0;
      held = 0;
      for (int i = 0, n = buffers.size(); i < n; i++) {
        Buffer buffer = buffers.get(i);
        if (buffer.sink.size() == 0) {
          continue;
        }
        buffers.set(kept++, buffer);
        ready.add(packedRow(buffer, origin));
        buffer.clear();
        held += Buffer.OVERHEAD;
      }
      boolean dropped = kept < buffers.size();
      if (dropped) {
        buffers.subList(kept, buffers.size()).clear();
        // The tables cannot drop an entry alone; they take back the buffers kept.
        if (byIntegerKey != null) {
          byIntegerKey.clear();
        }
        byKey.clear();
        for (Buffer buffer : buffers) {
          if (byIntegerKey != null && buffer.key instanceof Number value) {
            byIntegerKey.put(value.longValue(), buffer);
          } else {
            byKey.put(buffer.key, buffer);
          }
        }
      }
    }

    /** The packed row of {@code buffer}'s entries, in the flush of {@code origin}. */
    private Row packedRow(Buffer buffer, long origin) {
      int definition = plan.streaming() ? 1 : 0;
      Object[] values = Arrays.copyOf(buffer.keyValues, buffer.keyValues.length + definition + 2);
      if (plan.streaming()) {
        values[buffer.keyValues.length] = false;
      }
      values[values.length - 2] = origin;
      values[values.length - 1] = buffer.packed();
      return RowFactory.create(values);
    }

    /** One window partition's tuples so far, and the key columns its packed row repeats. */
    private final class Buffer {
      /** About what a buffer costs before its first tuple: many keys must flush too. */
      static final int OVERHEAD = 256;

      final Object[] keyValues;

      /** Its key in the table that finds it ({@link #bufferOf}). */
      final Object key;

      final ByteArraySink sink = new ByteArraySink(64);

      /**
       * With order_by: the order values of the last entry (when {@code hasLast}), and where each
       * run of entries in order after the first begins (an entry that comes before the last one
       * starts a run).
       */
      Object[] last;

      boolean hasLast;
      int[] runStarts = NO_RUNS;
      int runs;

      /**
       * With a primitive order key: how many entries there are and the last one's key; once an
       * entry came before the one written before it ({@code unordered}: then the entries are
       * sorted), each entry's key and where it begins, in input order. Entries that come in order,
       * the usual case, are noted by count alone: the arrays cost a write to two more places of
       * memory per row (docs/performance.md, "Rows in order: where the packer's time went").
       * Entries of a fixed width ({@code entryWidth}) never fill the arrays: their keys are read
       * back from their bytes when they are sorted.
       */
      long[] keys = NO_KEYS;

      int[] starts = NO_RUNS;
      int entries;
      long lastKey;
      boolean unordered;

      Buffer(Row row, Object key) {
        keyValues = groupValues(row);
        this.key = key;
      }

      /**
       * Notes the order values of the entry written at {@code offset}, keeping {@code values};
       * returns the array they replace, for the next entry's values (two arrays per buffer,
       * whatever the number of rows and flushes).
       */
      Object[] follow(Object[] values, int offset) {
        Object[] previous = last;
        if (hasLast && order.compareValues(previous, values) > 0) {
          if (runs == runStarts.length) {
            runStarts = Arrays.copyOf(runStarts, Math.max(4, runs * 2));
          }
          runStarts[runs++] = offset;
          held += 4; // its place in the run table
        }
        last = values;
        hasLast = true;
        return previous != null ? previous : new Object[values.length];
      }

      /**
       * Notes the primitive order key of the entry written at {@code offset}; {@code row} is the
       * row it was written from.
       */
      void note(long key, int offset, Row row) throws IOException {
        if (entryWidth > 0) {
          unordered |= entries > 0 && key < lastKey;
          lastKey = key;
          entries++;
          return;
        }
        if (!unordered) {
          if (entries == 0 || key >= lastKey) {
            lastKey = key;
            entries++;
            return;
          }
          noteEarlierEntries(offset, row);
          unordered = true;
        }
        append(key, offset);
      }

      /**
       * Reads back the keys and places of the entries written before {@code end}, all in order,
       * once the first entry out of order comes: the entry bytes are decoded once, which costs less
       * than noting every entry of every buffer in case one comes out of order.
       */
      private void noteEarlierEntries(int end, Row row) throws IOException {
        int count = entries;
        entries = 0;
        Object[] shared = null;
        Object[] values = new Object[attributes];
        for (int i = 0; i < attributes; i++) {
          if (omitted[i]) {
            // As the reduce side fills them in (ArrivalOrder): a marker row's null key stands for
            // the attribute's default value.
            values[i] =
                converter.isNull(row, i)
                    ? converter.schema().getAttribute(i).getType().getDefaultValue()
                    : converter.splValue(row, i);
            shared = values;
          }
        }
        Object[] omittedValues = shared == null ? null : codec.omittedValues(shared);
        sink.readBack(written, 0, end);
        for (int i = 0; i < count; i++) {
          int start = written.position();
          if (markerColumn >= 0) {
            written.readUnsignedByte();
          }
          Tuple entry =
              omittedValues == null ? codec.read(written) : codec.read(written, omittedValues);
          append(orderKey.ofValue(entry.getObject(orderKey.attribute())), start);
        }
      }

      private void append(long key, int offset) {
        if (entries == keys.length) {
          int capacity = Math.max(8, entries * 2);
          keys = Arrays.copyOf(keys, capacity);
          starts = Arrays.copyOf(starts, capacity);
        }
        keys[entries] = key;
        starts[entries++] = offset;
        held += 12; // its key and place
      }

      /**
       * The packed row's bytes: with order_by, the run table ({@link PackedRows}), then entries.
       */
      byte[] packed() {
        if (order == null) {
          return sink.toByteArray();
        }
        if (orderKey != null) {
          return sortedByKey();
        }
        int header = 4 * (runs + 1);
        byte[] packed = new byte[header + sink.size()];
        PackedRows.putInt(packed, 0, runs + 1);
        for (int i = 0; i < runs; i++) {
          PackedRows.putInt(packed, 4 * (i + 1), runStarts[i]);
        }
        sink.copyTo(packed, header);
        return packed;
      }

      /**
       * One run: the entries in key order, ties in input order. Entries that came in order are
       * copied as they are; others are sorted by key and copied one by one to their places.
       */
      private byte[] sortedByKey() {
        byte[] packed = new byte[4 + sink.size()];
        PackedRows.putInt(packed, 0, 1);
        if (!unordered) {
          sink.copyTo(packed, 4);
          return packed;
        }
        if (entryWidth > 0) {
          return sortedFixedWidth(packed);
        }
        int[] byKey = new int[entries];
        for (int i = 0; i < entries; i++) {
          byKey[i] = i;
        }
        KeyedPositionSort.sort(keys, byKey, entries);
        int at = 4;
        for (int i = 0; i < entries; i++) {
          int entry = byKey[i];
          int from = starts[entry];
          int length = (entry + 1 < entries ? starts[entry + 1] : sink.size()) - from;
          sink.copyTo(from, length, packed, at);
          at += length;
        }
        return packed;
      }

      /**
       * {@link #sortedByKey} for entries of {@code entryWidth} bytes: the keys are read from the
       * entries' bytes, in one pass, and the entries copied to their places.
       */
      private byte[] sortedFixedWidth(byte[] packed) {
        int n = sink.size() / entryWidth;
        if (sortKeys.length < n) {
          sortKeys = new long[Math.max(n, sortKeys.length * 2)];
          sortPlaces = new int[sortKeys.length];
        }
        try {
          for (int i = 0; i < n; i++) {
            int start = i * entryWidth + keyOffset;
            // The key is read from the entry's bytes that begin with it.
            sink.readBack(written, start, start - keyOffset + entryWidth);
            sortKeys[i] = orderKey.ofEncoded(written);
            sortPlaces[i] = i;
          }
        } catch (IOException e) {
          // Each read stays inside bytes this buffer wrote: there is always a whole key to read.
          throw new UncheckedIOException(e);
        }
        KeyedPositionSort.sort(sortKeys, sortPlaces, n);
        int at = 4;
        for (int i = 0; i < n; i++) {
          sink.copyTo(sortPlaces[i] * entryWidth, entryWidth, packed, at);
          at += entryWidth;
        }
        return packed;
      }

      void clear() {
        sink.clear();
        hasLast = false;
        runs = 0;
        entries = 0;
        unordered = false;
      }
    }
  }

  /** Whether a key column's values are integers that a {@code long} holds exactly. */
  private static boolean isIntegerType(DataType type) {
    return type instanceof ByteType
        || type instanceof ShortType
        || type instanceof IntegerType
        || type instanceof LongType;
  }

  /**
   * A key column's value as a map key. Binary values are compared by content, as Spark groups them;
   * everything else a {@code Row} holds has value equality already. Keys equal here are equal to
   * Spark too, so a packed row never mixes two of Spark's groups.
   */
  private static Object keyValue(Row row, int column) {
    Object value = row.get(column);
    return value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value;
  }
}
