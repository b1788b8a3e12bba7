package io.streamswindow.engine;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * How a checkpoint writes a partition's entries inline (not in chunks): one encoding per kind of
 * partition and format version. Each entry ends with whether it holds a tuple and, if so, the
 * tuple; what comes before differs. {@link PartitionTuples} picks one for each partition it reads
 * or writes.
 */
enum InlineEntries {
  /**
   * A {@link Window} partition in format version 1: each arrival time as a full {@code long}
   * difference from the previous one (the first from the partition's creation), then the delta
   * value when the window evicts by delta. Only read: later versions write {@link
   * #ARRIVAL_DIFFERENCES}.
   */
  FIXED_ARRIVAL_DIFFERENCES {
    @Override
    <T> void write(
        DataOutput out, NumberedEntries<T> p, long base, boolean deltaValues, TupleCodec<T> codec) {
      throw new UnsupportedOperationException("Format version 1 is only read");
    }

    @Override
    <T> void read(
        DataInput in,
        NumberedEntries<T> p,
        int size,
        long base,
        boolean deltaValues,
        TupleCodec<T> codec)
        throws IOException {
      long previous = base;
      for (int j = 0; j < size; j++) {
        long insertedAt = previous + in.readLong();
        previous = insertedAt;
        readValueAndTuple(in, p, insertedAt, deltaValues, codec);
      }
    }
  },

  /**
   * A {@link Window} partition since format version 2: as {@link #FIXED_ARRIVAL_DIFFERENCES}, the
   * differences as variable-length numbers, mostly 0 within a micro-batch: one byte each.
   */
  ARRIVAL_DIFFERENCES {
    @Override
    <T> void write(
        DataOutput out, NumberedEntries<T> p, long base, boolean deltaValues, TupleCodec<T> codec)
        throws IOException {
      long previous = base;
      for (Entry<T> e : p.entries) {
        VarLong.write(out, e.insertedAt - previous);
        previous = e.insertedAt;
        writeValueAndTuple(out, e, deltaValues, codec);
      }
    }

    @Override
    <T> void read(
        DataInput in,
        NumberedEntries<T> p,
        int size,
        long base,
        boolean deltaValues,
        TupleCodec<T> codec)
        throws IOException {
      long previous = base;
      for (int j = 0; j < size; j++) {
        long insertedAt = previous + VarLong.read(in);
        previous = insertedAt;
        readValueAndTuple(in, p, insertedAt, deltaValues, codec);
      }
    }
  },

  /**
   * A {@link TimeIntervalWindow} pane's partition: each event time as an offset from the pane's
   * start (the base), {@code 0 <= x < D}. No delta values.
   */
  EVENT_TIME_OFFSETS {
    @Override
    <T> void write(
        DataOutput out, NumberedEntries<T> p, long base, boolean deltaValues, TupleCodec<T> codec)
        throws IOException {
      for (Entry<T> e : p.entries) {
        VarLong.write(out, e.insertedAt - base);
        writeTuple(out, e, codec);
      }
    }

    @Override
    <T> void read(
        DataInput in,
        NumberedEntries<T> p,
        int size,
        long base,
        boolean deltaValues,
        TupleCodec<T> codec)
        throws IOException {
      for (int n = 0; n < size; n++) {
        long time = base + VarLong.read(in);
        T tuple = in.readBoolean() ? codec.read(in) : null;
        p.append(new Entry<>(tuple, time, 0));
      }
    }
  },

  /**
   * A sliced {@link TimeIntervalWindow}'s partition ({@link KeySlices}), whose entries keep their
   * arrival numbers: the next entry number, then for each entry its number as a difference from the
   * previous one and its event time in full (a base of 0). No delta values.
   */
  NUMBERED {
    @Override
    <T> void write(
        DataOutput out, NumberedEntries<T> p, long base, boolean deltaValues, TupleCodec<T> codec)
        throws IOException {
      out.writeLong(p.nextEntrySequence);
      long previous = 0;
      for (Entry<T> e : p.entries) {
        VarLong.write(out, e.sequence - previous);
        previous = e.sequence;
        VarLong.write(out, e.insertedAt - base);
        writeTuple(out, e, codec);
      }
    }

    @Override
    <T> void read(
        DataInput in,
        NumberedEntries<T> p,
        int size,
        long base,
        boolean deltaValues,
        TupleCodec<T> codec)
        throws IOException {
      long next = in.readLong();
      long sequence = 0;
      for (int n = 0; n < size; n++) {
        sequence += VarLong.read(in);
        long time = base + VarLong.read(in);
        Entry<T> e = new Entry<>(in.readBoolean() ? codec.read(in) : null, time, 0);
        e.sequence = sequence;
        p.entries.addLast(e);
      }
      p.nextEntrySequence = next;
    }
  };

  /**
   * Writes every entry of {@code p}.
   *
   * @param base what times are written relative to: the partition's creation time, a pane's start,
   *     or 0
   * @param deltaValues whether entries carry the delta value of a window evicting by delta
   */
  abstract <T> void write(
      DataOutput out, NumberedEntries<T> p, long base, boolean deltaValues, TupleCodec<T> codec)
      throws IOException;

  /**
   * Reads {@code size} entries written by {@link #write} with the same base and appends them to
   * {@code p}, in order.
   */
  abstract <T> void read(
      DataInput in,
      NumberedEntries<T> p,
      int size,
      long base,
      boolean deltaValues,
      TupleCodec<T> codec)
      throws IOException;

  private static <T> void writeValueAndTuple(
      DataOutput out, Entry<T> e, boolean deltaValues, TupleCodec<T> codec) throws IOException {
    if (deltaValues) {
      out.writeDouble(e.deltaValue);
    }
    writeTuple(out, e, codec);
  }

  private static <T> void writeTuple(DataOutput out, Entry<T> e, TupleCodec<T> codec)
      throws IOException {
    out.writeBoolean(e.tuple != null);
    if (e.tuple != null) {
      codec.write(out, e.tuple);
    }
  }

  private static <T> void readValueAndTuple(
      DataInput in, NumberedEntries<T> p, long insertedAt, boolean deltaValues, TupleCodec<T> codec)
      throws IOException {
    double value = deltaValues ? in.readDouble() : 0;
    T tuple = in.readBoolean() ? codec.read(in) : null;
    p.append(new Entry<>(tuple, insertedAt, value));
  }
}
