package io.streamswindow.spark.rows;

import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.types.RowTupleConverter;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The layout of a packed row: the rows of one window partition that one input partition holds, made
 * into a single row before Spark's shuffle ({@link RowPacker} writes them, {@link ArrivalOrder}
 * reads them back).
 *
 * <p>Columns: the {@code partition_by} columns (for a window that is not partitioned, the int
 * column {@value #GROUP_COLUMN}, always 0: the whole window is one group); {@value #ORIGIN_COLUMN},
 * a long that orders the packed rows of a group as their rows arrived (the input partition in the
 * high 32 bits, the packer's flush count in the low ones; with several input ports, the port in the
 * top 8 bits: {@link #origin(int, int, int)}); {@value #TUPLES_COLUMN}, the rows as operator
 * tuples, one entry after another in input order.
 *
 * <p>With {@code order_by}, the entries are runs, each in {@code order_by} order (a run ends where
 * a row comes before the one packed before it), and a run table precedes them: the number of runs
 * as a big-endian int, then where each run after the first starts, as an int offset from the first
 * entry.
 *
 * <p>An entry is the tuple in {@link io.streamswindow.schema.SchemaTupleCodec}'s form, preceded,
 * when the call has a {@code marker_column}, by one byte: {@value #MARKER} for a window marker row,
 * {@value #TUPLE} for a tuple. The {@code partition_by} attributes whose values Spark groups by
 * value ({@link #omittedAttributes}: integers, booleans, strings of the default collation) are left
 * out of the entries: every tuple of a packed row, and of its group, has the same ones, which the
 * key columns carry. The form lives only between the two sides of one micro-batch's shuffle and is
 * never saved, so it carries no version.
 */
public final class PackedRows {
  public static final String GROUP_COLUMN = "__streams_window_group";
  static final String ORIGIN_COLUMN = "__streams_window_origin";
  static final String TUPLES_COLUMN = "__streams_window_tuples";
  static final String WATERMARK_COLUMN = "__streams_window_watermark";
  public static final String DEFINITION_COLUMN = "__streams_window_definition";
  static final int TUPLE = 0;
  static final int MARKER = 1;

  private PackedRows() {}

  /** The grouping columns of packed rows: {@code partitionBy}, or the constant group column. */
  public static List<String> keyColumns(List<String> partitionBy) {
    return partitionBy.isEmpty() ? List.of(GROUP_COLUMN) : partitionBy;
  }

  /**
   * The grouping columns of packed rows of a batch ({@code streaming} false) or of a stream, whose
   * key ends with {@value #DEFINITION_COLUMN}: true only for the query's definition record, one
   * packed row per micro-batch that the query's definition is checked against (docs/reliability.md,
   * "Restarts that change the query").
   */
  public static List<String> keyColumns(List<String> partitionBy, boolean streaming) {
    if (!streaming) {
      return keyColumns(partitionBy);
    }
    List<String> columns = new java.util.ArrayList<>(keyColumns(partitionBy));
    columns.add(DEFINITION_COLUMN);
    return List.copyOf(columns);
  }

  /** The schema of the packed rows of {@code input} rows grouped by {@code partitionBy}. */
  public static StructType schema(StructType input, List<String> partitionBy) {
    return schema(input, partitionBy, false);
  }

  /**
   * The schema of the packed rows of a batch or a stream ({@link #keyColumns(List, boolean)}). On a
   * stream the partition_by columns are nullable: the definition record holds nulls there.
   */
  public static StructType schema(StructType input, List<String> partitionBy, boolean streaming) {
    StructType packed = new StructType();
    if (partitionBy.isEmpty()) {
      packed = packed.add(GROUP_COLUMN, DataTypes.IntegerType, false);
    }
    for (String column : partitionBy) {
      StructField field = input.apply(column);
      packed =
          packed.add(
              streaming
                  ? new StructField(field.name(), field.dataType(), true, field.metadata())
                  : field);
    }
    if (streaming) {
      packed = packed.add(DEFINITION_COLUMN, DataTypes.BooleanType, false);
    }
    return packed
        .add(ORIGIN_COLUMN, DataTypes.LongType, false)
        .add(TUPLES_COLUMN, DataTypes.BinaryType, false);
  }

  /**
   * The packed rows with {@value #WATERMARK_COLUMN}, a null timestamp column carrying the watermark
   * metadata of the event-time column ({@code watermark}), so that the stateful operator after them
   * sees Spark's watermark. Its null values keep Spark from dropping any packed row as late.
   */
  public static Dataset<Row> withWatermarkColumn(Dataset<Row> packedRows, Metadata watermark) {
    return packedRows.withColumn(
        WATERMARK_COLUMN,
        functions.lit(null).cast(DataTypes.TimestampType).as(WATERMARK_COLUMN, watermark));
  }

  /** Whether {@code key}, a group's key of {@code plan}, is the query's definition record. */
  public static boolean isDefinition(OperatorPlan plan, Row key) {
    int width = keyColumns(plan.partitionBy()).size();
    return plan.streaming() && key.size() > width && Boolean.TRUE.equals(key.get(width));
  }

  /** The key without its definition column, as messages show it: the partition_by values. */
  public static Row partitionKey(OperatorPlan plan, Row key) {
    int width = keyColumns(plan.partitionBy()).size();
    if (key.size() == width) {
      return key;
    }
    Object[] values = new Object[width];
    for (int i = 0; i < width; i++) {
      values[i] = key.get(i);
    }
    return org.apache.spark.sql.RowFactory.create(values);
  }

  /** Writes a run table int: big-endian, as {@code DataInput.readInt} reads it. */
  static void putInt(byte[] bytes, int at, int value) {
    bytes[at] = (byte) (value >>> 24);
    bytes[at + 1] = (byte) (value >>> 16);
    bytes[at + 2] = (byte) (value >>> 8);
    bytes[at + 3] = (byte) value;
  }

  /**
   * For each attribute of the tuples {@code tuples} converts, whether packed entries leave it out:
   * a {@code partition_by} column of a type whose equal values Spark groups together and no others.
   * Not floating point (Spark groups -0.0 with 0.0, and NaNs), binary, timestamps or collated
   * strings ("a" with "A"): their tuples keep their own values. Nor a column with an SPL type
   * stated for it: its values are converted (and checked) row by row on the map side, and an {@code
   * optional<T>} one may hold a null, which is a value there. When that would leave out every
   * attribute (tuples of the key columns alone), none is left out: an entry must take at least a
   * byte, or the reduce side could not tell one entry from none.
   */
  static boolean[] omittedAttributes(RowTupleConverter tuples, List<String> partitionBy) {
    boolean[] omitted = new boolean[tuples.struct().size()];
    boolean kept = false;
    for (int i = 0; i < omitted.length; i++) {
      StructField field = tuples.struct().fields()[i];
      omitted[i] =
          partitionBy.contains(field.name())
              && GROUPED_BY_VALUE.contains(field.dataType())
              && !tuples.isStated(i);
      kept |= !omitted[i];
    }
    return kept ? omitted : new boolean[omitted.length];
  }

  private static final List<DataType> GROUPED_BY_VALUE =
      List.of(
          DataTypes.LongType,
          DataTypes.IntegerType,
          DataTypes.ShortType,
          DataTypes.ByteType,
          DataTypes.BooleanType,
          DataTypes.StringType);

  /** The origin of a packed row: its input partition, then the packer's flush. */
  static long origin(int inputPartition, int flush) {
    return ((long) inputPartition << 32) | (flush & 0xFFFF_FFFFL);
  }

  /**
   * The origin of a packed row of input port {@code port}: the port in the top {@value #PORT_BITS}
   * bits, above the input partition (so a group's packed rows sort by port first); port 0's origins
   * are those of {@link #origin(int, int)}. An input partition number takes the 24 bits below the
   * port's (Spark numbers a DataFrame's partitions from 0, far below 16,777,216).
   */
  static long origin(int port, int inputPartition, int flush) {
    return ((long) port << (64 - PORT_BITS)) | origin(inputPartition, flush);
  }

  /** The input port of a packed row whose origin is {@code origin}. */
  static int portOf(long origin) {
    return (int) (origin >>> (64 - PORT_BITS));
  }

  /** The bits of an origin that hold the input port: up to 256 ports. */
  static final int PORT_BITS = 8;
}
