package io.streamswindow.spark.rows;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.schema.SplSchema;
import java.io.DataInput;
import java.io.IOException;
import java.util.List;

/**
 * The {@code order_by} order of a single column of a number, boolean or timestamp type, as one
 * {@code long} per tuple whose signed order is {@link TupleOrder}'s order of the values: both sides
 * of a run sort and merge on these keys instead of comparing boxed values through a comparator
 * (docs/architecture.md, steps 3 and 5).
 *
 * <p>Each type maps to a long that keeps its order: signed integers as they are, unsigned ones as
 * the unsigned number (a {@code uint64} with its top bit flipped), floating-point numbers through
 * their bits so that {@code -0.0} comes before {@code 0.0} and NaN last, as {@link Double#compare}
 * orders them, booleans as 0 and 1, timestamps as microseconds (the precision of Spark's
 * timestamps, whose whole range fits).
 *
 * <pre>{@code
 * PrimitiveOrderKey key = PrimitiveOrderKey.of(schema, List.of("seq"));   // null: not one such column
 * key.of(tuple) < key.of(other);         // tuple comes first in order_by order
 * key.ofValue(42L);                      // the key of an SPL value of the column
 * }</pre>
 */
final class PrimitiveOrderKey {
  private final int attribute;
  private final MetaType type;

  private PrimitiveOrderKey(int attribute, MetaType type) {
    this.attribute = attribute;
    this.type = type;
  }

  /**
   * The key of {@code orderColumns} in {@code schema}, or null when they are not one column of a
   * type with such a key (several columns, strings, blobs, decimals: compared by {@link
   * TupleOrder}).
   */
  static PrimitiveOrderKey of(SplSchema schema, List<String> orderColumns) {
    if (orderColumns.size() != 1) {
      return null;
    }
    int attribute = schema.requireIndex(orderColumns.get(0));
    MetaType type = schema.getType(attribute).getMetaType();
    return switch (type) {
      case INT8,
          INT16,
          INT32,
          INT64,
          UINT8,
          UINT16,
          UINT32,
          UINT64,
          FLOAT32,
          FLOAT64,
          BOOLEAN,
          TIMESTAMP ->
          new PrimitiveOrderKey(attribute, type);
      default -> null;
    };
  }

  /** The tuple attribute of the order column. */
  int attribute() {
    return attribute;
  }

  /** The key of a tuple. */
  long of(Tuple tuple) {
    return switch (type) {
      case INT64 -> tuple.getLong(attribute);
      case INT32 -> tuple.getInt(attribute);
      case FLOAT64 -> ofDouble(tuple.getDouble(attribute));
      default -> ofValue(tuple.getObject(attribute));
    };
  }

  /** The key of an SPL value of the order column (as a tuple holds it). */
  long ofValue(Object value) {
    return switch (type) {
      case INT8, INT16, INT32, INT64 -> ((Number) value).longValue();
      case UINT8 -> Byte.toUnsignedLong((Byte) value);
      case UINT16 -> Short.toUnsignedLong((Short) value);
      case UINT32 -> Integer.toUnsignedLong((Integer) value);
      case UINT64 -> (Long) value ^ Long.MIN_VALUE;
      case FLOAT32 -> ofDouble((Float) value);
      case FLOAT64 -> ofDouble((Double) value);
      case BOOLEAN -> (Boolean) value ? 1L : 0L;
      case TIMESTAMP -> ofTimestamp((Timestamp) value);
      default -> throw new IllegalStateException("no primitive key for " + type);
    };
  }

  /**
   * The key of a value as {@code SchemaTupleCodec} wrote it, read from {@code in}: the packer sorts
   * a buffer of fixed-width entries by keys read straight from their bytes, without decoding the
   * entries (docs/architecture.md, step 3).
   */
  long ofEncoded(DataInput in) throws IOException {
    return switch (type) {
      case INT64 -> in.readLong();
      case INT32 -> in.readInt();
      case INT16 -> in.readShort();
      case INT8 -> in.readByte();
      case UINT8 -> in.readUnsignedByte();
      case UINT16 -> in.readUnsignedShort();
      case UINT32 -> Integer.toUnsignedLong(in.readInt());
      case UINT64 -> in.readLong() ^ Long.MIN_VALUE;
      case FLOAT32 -> ofDouble(Float.intBitsToFloat(in.readInt()));
      case FLOAT64 -> ofDouble(Double.longBitsToDouble(in.readLong()));
      case BOOLEAN -> in.readBoolean() ? 1L : 0L;
      case TIMESTAMP -> ofTimestamp(in.readLong(), in.readInt(), in.readInt());
      default -> throw new IllegalStateException("no primitive key for " + type);
    };
  }

  /**
   * A double's bits made to compare as {@link Double#compare} compares the doubles: negative
   * numbers have their magnitude bits inverted. Every NaN is one NaN, as {@code doubleToLongBits}
   * makes it. A float widens to the same order.
   */
  private static long ofDouble(double value) {
    long bits = Double.doubleToLongBits(value);
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }

  /**
   * A timestamp in microseconds. A timestamp made from a Spark value always has whole microseconds
   * and machine id 0; any other would need the nanoseconds and machine id that {@link
   * Timestamp#compareTo} also compares, so it is refused rather than ordered wrongly.
   */
  private static long ofTimestamp(Timestamp value) {
    return ofTimestamp(value.getSeconds(), value.getNanoseconds(), value.getMachineId());
  }

  private static long ofTimestamp(long seconds, int nanoseconds, int machineId) {
    if (nanoseconds % 1000 != 0 || machineId != 0) {
      throw new IllegalStateException(
          "timestamp "
              + new Timestamp(seconds, nanoseconds, machineId)
              + " is not a Spark timestamp (whole microseconds, machine id 0)");
    }
    return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanoseconds / 1000);
  }
}
