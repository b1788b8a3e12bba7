package io.streamswindow.spark.types;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.ValueFactory;
import io.streamswindow.schema.SchemaTupleCodec;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.line.ScalaCollections;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;

/**
 * Converts rows of one Spark schema to tuples of the matching SPL schema and back, following the
 * type table of {@link SplSparkTypes}, or the SPL types stated for some columns ({@code spl_types},
 * {@code output_spl_types}), whose values a {@link SplValueConversion} converts. One converter per
 * schema, built once per task; the per-column work is chosen when it is built, not per row.
 */
public final class RowTupleConverter implements Serializable {
  private static final long serialVersionUID = 1L;

  private final StructType struct;
  private final SplSchema schema;
  private final DataType[] types;

  /** For each attribute, the row column it is read from (rows may carry extra columns). */
  private final int[] columns;

  /** For each attribute, whether its value is the same object in a tuple and in a row. */
  private final boolean[] same;

  /** For each attribute, whether a row's value is one the SPL attribute takes as it is. */
  private final boolean[] plainIn;

  /** For each attribute, the primitive written straight from the row ({@link #writeAttribute}). */
  private final Primitive[] primitives;

  /**
   * For each attribute whose SPL type is not the type table's for its column, the conversion of its
   * values; null for the others.
   */
  private final SplValueConversion[] stated;

  /** Spark types whose values are written in codec form without a boxed value in between. */
  private enum Primitive {
    NONE,
    BOOLEAN,
    BYTE,
    SHORT,
    INT,
    LONG,
    FLOAT,
    DOUBLE
  }

  public RowTupleConverter(StructType struct) {
    this(struct, struct);
  }

  /** A converter for tuples of {@code struct}, read from rows of {@code rows} by column name. */
  public RowTupleConverter(StructType struct, StructType rows) {
    this(struct, rows, SplSparkTypes.toSpl(struct));
  }

  /**
   * A converter for tuples of {@code schema}, the SPL schema of {@code struct} with the types
   * stated for some columns ({@link SplSparkTypes#toSpl(StructType, Map,
   * SplSparkTypes.Direction)}), read from rows of {@code rows} by column name.
   */
  public RowTupleConverter(StructType struct, StructType rows, SplSchema schema) {
    this.struct = struct;
    this.schema = schema;
    this.types = new DataType[struct.fields().length];
    this.columns = new int[types.length];
    this.same = new boolean[types.length];
    this.plainIn = new boolean[types.length];
    this.primitives = new Primitive[types.length];
    this.stated = new SplValueConversion[types.length];
    for (int i = 0; i < types.length; i++) {
      String name = struct.fields()[i].name();
      types[i] = struct.fields()[i].dataType();
      columns[i] = rows.fieldIndex(name);
      if (!schema.getType(i).equals(SplSparkTypes.defaultType(types[i], name))) {
        stated[i] = SplValueConversion.of(types[i], schema.getType(i), name);
        primitives[i] = Primitive.NONE;
        continue;
      }
      primitives[i] = primitive(types[i]);
      same[i] = isSameInBoth(types[i]);
      plainIn[i] = same[i] || types[i].equals(DataTypes.StringType);
    }
  }

  public SplSchema schema() {
    return schema;
  }

  public StructType struct() {
    return struct;
  }

  /** The tuple of a row. */
  public Tuple toTuple(Row row) {
    Object[] values = new Object[types.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = splValue(row, i);
    }
    return schema.getTuple(values);
  }

  /**
   * The value of tuple attribute {@code attribute} in {@code row}, as its SPL attribute takes it
   * ({@code StreamSchema.getTuple}'s rules).
   *
   * @throws IllegalArgumentException when the column holds a null, naming the column
   */
  public Object splValue(Row row, int attribute) {
    int column = columns[attribute];
    return splValueOf(attribute, row.isNullAt(column) ? null : row.get(column));
  }

  /**
   * A row value of tuple attribute {@code attribute}'s column (as {@code Row.get} returns it), as
   * the SPL attribute takes it.
   *
   * @throws IllegalArgumentException when the value is null, naming the column
   */
  public Object splValueOf(int attribute, Object value) {
    if (stated[attribute] != null) {
      return stated[attribute].toSpl(value);
    }
    return value != null && plainIn[attribute] ? value : toSpl(types[attribute], value, attribute);
  }

  /**
   * Whether attribute {@code attribute} has an SPL type stated for its column (not the default).
   */
  public boolean isStated(int attribute) {
    return stated[attribute] != null;
  }

  /**
   * Writes tuple attribute {@code attribute} of {@code row} as {@code codec.writeAttribute} writes
   * its SPL value: numbers and booleans straight from the row (the same big-endian bytes, without
   * the per-value type dispatch), everything else through {@link #splValue}.
   *
   * @throws IllegalArgumentException when the column holds a null, naming the column
   */
  public void writeAttribute(Row row, int attribute, SchemaTupleCodec codec, DataOutput out)
      throws IOException {
    int column = columns[attribute];
    Primitive primitive = primitives[attribute];
    if (primitive != Primitive.NONE && !row.isNullAt(column)) {
      switch (primitive) {
        case LONG -> out.writeLong(row.getLong(column));
        case DOUBLE -> out.writeDouble(row.getDouble(column));
        case INT -> out.writeInt(row.getInt(column));
        case BOOLEAN -> out.writeBoolean(row.getBoolean(column));
        case FLOAT -> out.writeFloat(row.getFloat(column));
        case SHORT -> out.writeShort(row.getShort(column));
        case BYTE -> out.writeByte(row.getByte(column));
        default -> throw new AssertionError(primitive);
      }
      return;
    }
    codec.writeAttribute(out, attribute, splValue(row, attribute));
  }

  /**
   * The SPL types {@link SplSparkTypes} gives these Spark types are written as Java's primitives.
   */
  private static Primitive primitive(DataType type) {
    if (type.equals(DataTypes.LongType)) {
      return Primitive.LONG;
    } else if (type.equals(DataTypes.DoubleType)) {
      return Primitive.DOUBLE;
    } else if (type.equals(DataTypes.IntegerType)) {
      return Primitive.INT;
    } else if (type.equals(DataTypes.BooleanType)) {
      return Primitive.BOOLEAN;
    } else if (type.equals(DataTypes.FloatType)) {
      return Primitive.FLOAT;
    } else if (type.equals(DataTypes.ShortType)) {
      return Primitive.SHORT;
    } else if (type.equals(DataTypes.ByteType)) {
      return Primitive.BYTE;
    }
    return Primitive.NONE;
  }

  /** Whether tuple attribute {@code attribute}'s column is null in {@code row}. */
  public boolean isNull(Row row, int attribute) {
    return row.isNullAt(columns[attribute]);
  }

  private Object toSpl(DataType type, Object value, int index) {
    if (value == null) {
      throw new IllegalArgumentException(
          "Column '"
              + struct.fields()[index].name()
              + "' holds a null, and SPL attributes cannot be null: filter or fill it"
              + " first, or state an optional<T> SPL type for it (spl_types)");
    }
    return toSpl(type, value);
  }

  private static Object toSpl(DataType type, Object value) {
    if (value instanceof java.sql.Timestamp ts) {
      return new Timestamp(Math.floorDiv(ts.getTime(), 1000L), ts.getNanos());
    } else if (value instanceof Instant instant) {
      return new Timestamp(instant.getEpochSecond(), instant.getNano());
    } else if (value instanceof byte[] bytes) {
      return ValueFactory.newBlob(bytes);
    } else if (type instanceof ArrayType array) {
      List<Object> out = new ArrayList<>();
      for (Object element : asJavaList(value)) {
        out.add(toSpl(array.elementType(), element));
      }
      return out;
    } else if (type instanceof MapType map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : asJavaMap(value).entrySet()) {
        out.put(toSpl(map.keyType(), e.getKey()), toSpl(map.valueType(), e.getValue()));
      }
      return out;
    } else if (type instanceof StructType nested && value instanceof Row row) {
      return nestedConverter(nested).toTuple(row);
    }
    return value;
  }

  /** The row of a tuple of this converter's schema, with the exact boxed types Spark expects. */
  public Row toRow(Tuple tuple) {
    return toRow(tuple, types.length);
  }

  /**
   * {@link #toRow(Tuple)}, in a row of {@code width} columns: the tuple's first, then nulls (the
   * result's columns after the output port's), so that no row is copied to be widened.
   */
  public Row toRow(Tuple tuple, int width) {
    Object[] values = new Object[width];
    for (int i = 0; i < types.length; i++) {
      if (same[i]) {
        values[i] = tuple.getObject(i);
        continue;
      } else if (stated[i] != null) {
        values[i] = stated[i].toSpark(tuple.getObject(i));
        continue;
      }
      // getList, not getObject: IBM's getObject turns lists of primitives into Java arrays.
      Object value = types[i] instanceof ArrayType ? tuple.getList(i) : tuple.getObject(i);
      values[i] = toSpark(types[i], value);
    }
    return RowFactory.create(values);
  }

  /** Numbers and booleans: the boxed value of the tuple is what the row holds too. */
  private static boolean isSameInBoth(DataType type) {
    return type instanceof org.apache.spark.sql.types.NumericType
        || type.equals(DataTypes.BooleanType);
  }

  private static Object toSpark(DataType type, Object value) {
    if (value == null) {
      return null;
    } else if (value instanceof RString r) {
      return r.getString();
    } else if (value instanceof Timestamp ts) {
      return ts.getSQLTimestamp();
    } else if (value instanceof Blob blob) {
      return blob.getData();
    } else if (type instanceof ArrayType array && value instanceof Iterable<?> list) {
      // Spark's row encoder takes Scala collections for array and map columns.
      List<Object> out = new ArrayList<>();
      for (Object element : list) {
        out.add(toSpark(array.elementType(), element));
      }
      return ScalaCollections.seq(out);
    } else if (type instanceof MapType map && value instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        out.put(toSpark(map.keyType(), e.getKey()), toSpark(map.valueType(), e.getValue()));
      }
      return ScalaCollections.scalaMap(out);
    } else if (type instanceof StructType nested && value instanceof Tuple t) {
      return nestedConverter(nested).toRow(t);
    } else if (type.equals(DataTypes.StringType)) {
      return value.toString();
    }
    return value;
  }

  /**
   * Converters of struct columns, built once per struct type rather than once per value. Bounded
   * (the least recently used go first), since a long-lived executor sees the struct types of every
   * query it ever ran.
   */
  private static final Map<StructType, RowTupleConverter> NESTED =
      Collections.synchronizedMap(
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<StructType, RowTupleConverter> eldest) {
              return size() > NESTED_LIMIT;
            }
          });

  /** How many struct types' converters {@link #NESTED} keeps. */
  static final int NESTED_LIMIT = 256;

  private static RowTupleConverter nestedConverter(StructType struct) {
    return NESTED.computeIfAbsent(struct, RowTupleConverter::new);
  }

  private static List<?> asJavaList(Object value) {
    if (value instanceof List<?> list) {
      return list;
    } else if (value instanceof scala.collection.Seq<?> seq) {
      return ScalaCollections.list(seq);
    } else if (value instanceof Object[] array) {
      return List.of(array);
    }
    throw new IllegalArgumentException("Not an array value: " + value.getClass().getName());
  }

  private static Map<?, ?> asJavaMap(Object value) {
    if (value instanceof Map<?, ?> map) {
      return map;
    } else if (value instanceof scala.collection.Map<?, ?> map) {
      return ScalaCollections.map(map);
    }
    throw new IllegalArgumentException("Not a map value: " + value.getClass().getName());
  }
}
