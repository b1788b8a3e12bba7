package io.streamswindow.spark.types;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.XML;
import io.streamswindow.schema.SplListType;
import io.streamswindow.schema.SplMapType;
import io.streamswindow.schema.SplOptionalType;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplSetType;
import io.streamswindow.schema.SplTupleType;
import io.streamswindow.schema.SplType;
import io.streamswindow.schema.SplXmlType;
import io.streamswindow.spark.line.ScalaCollections;
import io.streamswindow.spark.types.SplSparkTypes.IntegerRange;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructType;

/**
 * Converts the values of one column to the values of an attribute of the SPL type stated for it
 * ({@code spl_types}, {@code output_spl_types}), and back. Built once per column and task for a
 * pair that {@link SplSparkTypes#misfit} accepts; {@link RowTupleConverter} uses it for the columns
 * whose SPL type is not the type table's default.
 *
 * <p>Integers are converted exactly: a value outside the target's range is refused, naming the
 * column, the value and the range (the unsigned types hold the same bits as the signed Java type of
 * their size, as in IBM's API). Floats convert as Java's casts do; decimals pass as they are and
 * the SPL type rounds them to its digits; a null becomes an absent {@code optional<T>} and back.
 * Lists, sets, maps and tuples convert element by element.
 *
 * <pre>{@code
 * SplValueConversion c = SplValueConversion.of(DataTypes.LongType, SplPrimitiveType.UINT8, "n");
 * c.toSpl(200L);          // (byte) 200, the uint8 200
 * c.toSpark((byte) -56);  // 200L
 * c.toSpl(300L);          // IllegalArgumentException: Column 'n' holds 300, ... uint8 ... (0 to 255)
 * }</pre>
 */
abstract class SplValueConversion {
  /** The column, for messages ({@code "amount"}, {@code "tags[]"}, {@code "at.x"}). */
  final String column;

  private SplValueConversion(String column) {
    this.column = column;
  }

  /**
   * The attribute value for a column value as {@code Row.get} returns it (null for a null): a value
   * the SPL type's {@code toStored} takes.
   *
   * @throws IllegalArgumentException for a null where the SPL type is not optional, or a value
   *     outside an integer type's range, naming the column
   */
  abstract Object toSpl(Object value);

  /**
   * The column value for an attribute value as {@code Tuple.getObject} returns it (null for an
   * absent optional), in the exact Java class Spark's row encoder takes for the column.
   *
   * @throws IllegalArgumentException for a value outside an integer column's range
   */
  abstract Object toSpark(Object value);

  /**
   * The conversion between columns of Spark type {@code spark} and attributes of SPL type {@code
   * spl}, which must fit ({@link SplSparkTypes#misfit} in some direction).
   */
  static SplValueConversion of(DataType spark, SplType spl, String column) {
    if (spl instanceof SplOptionalType optional) {
      return new Optional(of(spark, optional.getValueType(), column), column);
    }
    MetaType meta = spl.getMetaType();
    return switch (meta) {
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 ->
          new Integers(spark, spl, column);
      case FLOAT32, FLOAT64 -> new Floats(spark, spl, column);
      case LIST, BLIST, SET, BSET -> new Elements((ArrayType) spark, spl, column);
      case MAP, BMAP -> new Entries((MapType) spark, (SplMapType) spl, column);
      case TUPLE -> new Fields((StructType) spark, (SplTupleType) spl, column);
      default -> new Plain(spl, column);
    };
  }

  /** Refuses a null where the SPL type is not optional. */
  final Object present(Object value, SplType type) {
    if (value == null) {
      throw new IllegalArgumentException(
          "Column '"
              + column
              + "' holds a null, and SPL type "
              + type
              + " cannot be null: filter or fill it first,"
              + " or state an optional<"
              + type
              + "> SPL type for it (spl_types)");
    }
    return value;
  }

  /** {@code optional<T>}: a null is no value, anything else a {@code T}. */
  private static final class Optional extends SplValueConversion {
    private final SplValueConversion value;

    Optional(SplValueConversion value, String column) {
      super(column);
      this.value = value;
    }

    @Override
    Object toSpl(Object given) {
      return given == null ? null : value.toSpl(given);
    }

    @Override
    Object toSpark(Object given) {
      return given == null ? null : value.toSpark(given);
    }
  }

  /**
   * Integer SPL types and integer columns, exactly, each value checked against the target's range.
   */
  private static final class Integers extends SplValueConversion {
    private final SplType type;
    private final MetaType meta;
    private final IntegerRange splRange;
    private final DataType spark;
    private final IntegerRange sparkRange;

    Integers(DataType spark, SplType type, String column) {
      super(column);
      this.type = type;
      this.meta = type.getMetaType();
      this.splRange = IntegerRange.of(meta);
      this.spark = spark;
      this.sparkRange = IntegerRange.of(spark);
    }

    @Override
    Object toSpl(Object given) {
      Object value = present(given, type);
      if (value instanceof BigDecimal decimal) {
        BigInteger exact = decimal.toBigIntegerExact();
        requireIn(splRange, exact, type.toString());
        return bits(exact.longValue());
      }
      long number = ((Number) value).longValue();
      if (!splRange.contains(number)) {
        requireIn(splRange, BigInteger.valueOf(number), type.toString());
      }
      return bits(number);
    }

    /**
     * The SPL type's Java value holding {@code number}'s low bits (unsigned types hold the bits).
     */
    private Object bits(long number) {
      return switch (meta) {
        case INT8, UINT8 -> (byte) number;
        case INT16, UINT16 -> (short) number;
        case INT32, UINT32 -> (int) number;
        default -> number;
      };
    }

    @Override
    Object toSpark(Object given) {
      if (given == null) {
        return null;
      }
      Number stored = (Number) given;
      if (meta == MetaType.UINT64 && stored.longValue() < 0) {
        BigInteger value = new BigInteger(Long.toUnsignedString(stored.longValue()));
        requireIn(sparkRange, value, spark.simpleString() + " column");
        return new BigDecimal(value);
      }
      long value =
          switch (meta) {
            case UINT8 -> Byte.toUnsignedInt(stored.byteValue());
            case UINT16 -> Short.toUnsignedInt(stored.shortValue());
            case UINT32 -> Integer.toUnsignedLong(stored.intValue());
            default -> stored.longValue();
          };
      if (!sparkRange.contains(value)) {
        requireIn(sparkRange, BigInteger.valueOf(value), spark.simpleString() + " column");
      }
      if (spark instanceof ByteType) {
        return (byte) value;
      } else if (spark instanceof ShortType) {
        return (short) value;
      } else if (spark instanceof IntegerType) {
        return (int) value;
      } else if (spark instanceof LongType) {
        return value;
      }
      return BigDecimal.valueOf(value);
    }

    private void requireIn(IntegerRange range, BigInteger value, String target) {
      if (!range.contains(value)) {
        throw new IllegalArgumentException(
            "Column '"
                + column
                + "' holds "
                + value
                + ", which "
                + (target.endsWith("column") ? "its " : "SPL type ")
                + target
                + " cannot hold ("
                + range
                + ")");
      }
    }
  }

  /** Float SPL types and float columns, as Java's casts convert them. */
  private static final class Floats extends SplValueConversion {
    private final SplType type;
    private final boolean float32;
    private final boolean floatColumn;

    Floats(DataType spark, SplType type, String column) {
      super(column);
      this.type = type;
      this.float32 = type.getMetaType() == MetaType.FLOAT32;
      this.floatColumn = spark instanceof FloatType;
    }

    @Override
    Object toSpl(Object given) {
      Number value = (Number) present(given, type);
      return float32 ? (Object) value.floatValue() : (Object) value.doubleValue();
    }

    @Override
    Object toSpark(Object given) {
      if (given == null) {
        return null;
      }
      Number value = (Number) given;
      return floatColumn ? (Object) value.floatValue() : (Object) value.doubleValue();
    }
  }

  /**
   * Types whose values need no more than the type table's own conversions: booleans, decimals
   * (rounded by the SPL type), strings of every kind, timestamps, blobs.
   */
  private static final class Plain extends SplValueConversion {
    private final SplType type;

    Plain(SplType type, String column) {
      super(column);
      this.type = type;
    }

    @Override
    Object toSpl(Object given) {
      Object value = present(given, type);
      if (value instanceof java.sql.Timestamp ts) {
        return new Timestamp(Math.floorDiv(ts.getTime(), 1000L), ts.getNanos());
      } else if (value instanceof Instant instant) {
        return new Timestamp(instant.getEpochSecond(), instant.getNano());
      } else if (value instanceof scala.math.BigDecimal decimal) {
        return decimal.bigDecimal();
      }
      return value;
    }

    @Override
    Object toSpark(Object given) {
      if (given instanceof RString text) {
        return text.getString();
      } else if (given instanceof Timestamp ts) {
        return ts.getSQLTimestamp();
      } else if (given instanceof Blob blob) {
        return blob.getData();
      } else if (given instanceof XML document) {
        // An xml attribute's column is a string column holding the document's text.
        return new String(SplXmlType.bytes(document), java.nio.charset.StandardCharsets.UTF_8);
      }
      return given;
    }
  }

  /** Lists and sets, and array columns. */
  private static final class Elements extends SplValueConversion {
    private final SplType type;
    private final boolean set;
    private final SplValueConversion element;

    Elements(ArrayType spark, SplType type, String column) {
      super(column);
      this.type = type;
      this.set = type instanceof SplSetType;
      SplType elementType =
          set ? ((SplSetType) type).getElementType() : ((SplListType) type).getElementType();
      this.element = of(spark.elementType(), elementType, column + "[]");
    }

    @Override
    Object toSpl(Object given) {
      Object value = present(given, type);
      List<?> elements =
          value instanceof scala.collection.Seq<?> seq
              ? ScalaCollections.list(seq)
              : (List<?>) value;
      List<Object> converted = new ArrayList<>(elements.size());
      for (Object e : elements) {
        converted.add(element.toSpl(e));
      }
      return set ? new LinkedHashSet<>(converted) : converted;
    }

    @Override
    Object toSpark(Object given) {
      if (given == null) {
        return null;
      }
      List<Object> converted = new ArrayList<>();
      if (given instanceof Iterable<?> elements) {
        for (Object e : elements) {
          converted.add(element.toSpark(e));
        }
      } else {
        // IBM's getObject gives lists of primitives and ustring as Java arrays.
        for (int i = 0; i < Array.getLength(given); i++) {
          converted.add(element.toSpark(Array.get(given, i)));
        }
      }
      return ScalaCollections.seq(converted);
    }
  }

  /** Maps, and map columns. */
  private static final class Entries extends SplValueConversion {
    private final SplType type;
    private final SplValueConversion key;
    private final SplValueConversion value;

    Entries(MapType spark, SplMapType type, String column) {
      super(column);
      this.type = type;
      this.key = of(spark.keyType(), type.getKeyType(), column + ".key");
      this.value = of(spark.valueType(), type.getValueType(), column + ".value");
    }

    @Override
    Object toSpl(Object given) {
      Object present = present(given, type);
      Map<?, ?> entries =
          present instanceof scala.collection.Map<?, ?> map
              ? ScalaCollections.map(map)
              : (Map<?, ?>) present;
      Map<Object, Object> converted = new LinkedHashMap<>();
      entries.forEach((k, v) -> converted.put(key.toSpl(k), value.toSpl(v)));
      return converted;
    }

    @Override
    Object toSpark(Object given) {
      if (given == null) {
        return null;
      }
      Map<Object, Object> converted = new LinkedHashMap<>();
      ((Map<?, ?>) given).forEach((k, v) -> converted.put(key.toSpark(k), value.toSpark(v)));
      return ScalaCollections.scalaMap(converted);
    }
  }

  /** Tuples, and struct columns with the same fields in the same order. */
  private static final class Fields extends SplValueConversion {
    private final SplType type;
    private final SplSchema schema;
    private final SplValueConversion[] fields;

    Fields(StructType spark, SplTupleType type, String column) {
      super(column);
      this.type = type;
      this.schema = type.getTupleSchema();
      this.fields = new SplValueConversion[schema.getAttributeCount()];
      for (int i = 0; i < fields.length; i++) {
        fields[i] =
            of(
                spark.fields()[i].dataType(),
                schema.getType(i),
                column + "." + spark.fields()[i].name());
      }
    }

    @Override
    Object toSpl(Object given) {
      Row row = (Row) present(given, type);
      Object[] values = new Object[fields.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = fields[i].toSpl(row.isNullAt(i) ? null : row.get(i));
      }
      return schema.getTuple(values);
    }

    @Override
    Object toSpark(Object given) {
      if (given == null) {
        return null;
      }
      Tuple tuple = (Tuple) given;
      Object[] values = new Object[fields.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = fields[i].toSpark(tuple.getObject(i));
      }
      return RowFactory.create(values);
    }
  }
}
