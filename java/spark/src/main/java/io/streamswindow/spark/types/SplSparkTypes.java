package io.streamswindow.spark.types;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.schema.SimilarNames;
import io.streamswindow.schema.SplListType;
import io.streamswindow.schema.SplMapType;
import io.streamswindow.schema.SplOptionalType;
import io.streamswindow.schema.SplPrimitiveType;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplSetType;
import io.streamswindow.schema.SplTupleType;
import io.streamswindow.schema.SplType;
import io.streamswindow.schema.SplTypeParser;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The type table between Spark and SPL (docs/python.md, "SPL types of columns"): a DataFrame schema
 * becomes the input port's SPL schema, and the declared {@code output_schema} becomes the output
 * port's.
 *
 * <p>By default Spark strings become {@code rstring} (what SPL applications use nearly everywhere,
 * and what ported operators expect {@code getObject} to return as an {@code RString}), decimals
 * {@code decimal128}, and each number type the SPL type of its width. A caller may state another
 * SPL type for a column ({@code spl_types} for input attributes, {@code output_spl_types} for
 * output columns) where an operator was written for one the default does not give: {@code
 * decimal64}, the unsigned integers, {@code ustring}, {@code optional<T>}... {@link
 * #toSpl(StructType, Map, Direction)} checks each against the column's Spark type, and {@link
 * SplValueConversion} converts the values. Spark has no unsigned types: SPL's unsigned types are
 * read from integer columns (each value checked against the type's range) and written as the next
 * wider signed type.
 *
 * <pre>{@code
 * SplSparkTypes.toSpl(StructType.fromDDL("id string, amount decimal(16,6)"));
 * // tuple<rstring id, decimal128 amount>
 * SplSparkTypes.toSpl(StructType.fromDDL("id string, amount decimal(16,6)"), Map.of("amount", "decimal64"), Direction.INPUT);
 * // tuple<rstring id, decimal64 amount>
 * }</pre>
 */
public final class SplSparkTypes {
  private SplSparkTypes() {}

  /**
   * Which way values go between a column and its attribute, which decides what an SPL type stated
   * for the column must satisfy.
   */
  public enum Direction {
    /**
     * A column's values become the attribute's ({@code spl_types}): the SPL type must take them,
     * values of a wider range checked one by one, decimals rounded to the type's digits.
     */
    INPUT("spl_types"),
    /**
     * The attribute's values become the column's ({@code output_spl_types}): the column must hold
     * every value of the SPL type's range.
     */
    OUTPUT("output_spl_types");

    /** The argument's name, as the Python facade spells it, for messages. */
    public final String argument;

    Direction(String argument) {
      this.argument = argument;
    }
  }

  /** The SPL schema of a DataFrame's rows, with the type table's default types. */
  public static SplSchema toSpl(StructType struct) {
    return SplSchema.parse(splTupleType(struct, "", Map.of()));
  }

  /**
   * The SPL schema of rows of {@code struct}, with the SPL types {@code stated} for some columns
   * (column name to SPL type text) and the default types for the others.
   *
   * @throws IllegalArgumentException naming the argument ({@code direction.argument}) and the
   *     column: for a name that is not a column, text that is no SPL type, or a type that does not
   *     fit the column's Spark type (with what would fit)
   */
  public static SplSchema toSpl(
      StructType struct, Map<String, String> stated, Direction direction) {
    if (stated.isEmpty()) {
      return toSpl(struct);
    }
    List<String> columns = Arrays.asList(struct.fieldNames());
    Map<String, String> types = new LinkedHashMap<>();
    for (Map.Entry<String, String> entry : stated.entrySet()) {
      String column = entry.getKey();
      if (!columns.contains(column)) {
        throw new IllegalArgumentException(
            direction.argument
                + " names '"
                + column
                + "', which is not a column of "
                + (direction == Direction.INPUT ? "the operator's input" : "output_schema")
                + SimilarNames.hint(column, columns)
                + "; its columns are "
                + columns);
      }
      types.put(
          column, statedType(struct.apply(column), entry.getValue(), direction).getLanguageType());
    }
    return SplSchema.parse(splTupleType(struct, "", types));
  }

  /**
   * The entries of {@code stated} whose column {@code struct} has: the SPL types that apply to one
   * output port of several, whose stated types are keyed by column name alone.
   */
  public static Map<String, String> statedFor(StructType struct, Map<String, String> stated) {
    List<String> columns = Arrays.asList(struct.fieldNames());
    Map<String, String> own = new LinkedHashMap<>();
    stated.forEach(
        (column, type) -> {
          if (columns.contains(column)) {
            own.put(column, type);
          }
        });
    return own;
  }

  /** Parses the SPL type stated for {@code field} and checks that it fits the column. */
  private static SplType statedType(StructField field, String text, Direction direction) {
    String column = field.name();
    SplType type;
    try {
      type = SplTypeParser.parseType(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          direction.argument
              + " gives column '"
              + column
              + "' the type \""
              + text
              + "\", which is not an SPL type: "
              + e.getMessage(),
          e);
    }
    String misfit = misfit(field.dataType(), type, direction);
    if (misfit != null) {
      throw new IllegalArgumentException(
          direction.argument
              + " gives column '"
              + column
              + "' (Spark type "
              + field.dataType().simpleString()
              + ") the SPL type "
              + type
              + ", which does not fit it: "
              + misfit);
    }
    return type;
  }

  private static String splTupleType(StructType struct, String path, Map<String, String> stated) {
    List<String> attributes = new ArrayList<>();
    for (StructField field : struct.fields()) {
      String name = path + field.name();
      if (!field.name().matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw new IllegalArgumentException(
            "Column '"
                + name
                + "' is not a valid SPL attribute name (letters, digits and _ only): rename it");
      }
      String type = stated.get(field.name());
      attributes.add((type != null ? type : splType(field.dataType(), name)) + " " + field.name());
    }
    return "tuple<" + String.join(", ", attributes) + ">";
  }

  private static String splType(DataType type, String column) {
    if (type.equals(DataTypes.StringType)) {
      return "rstring";
    } else if (type.equals(DataTypes.ByteType)) {
      return "int8";
    } else if (type.equals(DataTypes.ShortType)) {
      return "int16";
    } else if (type.equals(DataTypes.IntegerType)) {
      return "int32";
    } else if (type.equals(DataTypes.LongType)) {
      return "int64";
    } else if (type.equals(DataTypes.FloatType)) {
      return "float32";
    } else if (type.equals(DataTypes.DoubleType)) {
      return "float64";
    } else if (type.equals(DataTypes.BooleanType)) {
      return "boolean";
    } else if (type.equals(DataTypes.TimestampType)) {
      return "timestamp";
    } else if (type.equals(DataTypes.BinaryType)) {
      return "blob";
    } else if (type instanceof DecimalType) {
      return "decimal128";
    } else if (type instanceof ArrayType array) {
      return "list<" + splType(array.elementType(), column + "[]") + ">";
    } else if (type instanceof MapType map) {
      return "map<"
          + splType(map.keyType(), column + ".key")
          + ", "
          + splType(map.valueType(), column + ".value")
          + ">";
    } else if (type instanceof StructType struct) {
      return splTupleType(struct, column + ".", Map.of());
    }
    throw new IllegalArgumentException(
        "Column '"
            + column
            + "' has Spark type "
            + type.simpleString()
            + ", which has no SPL counterpart; cast it (for example a date to timestamp) before run_operator");
  }

  /** The type table's SPL type for a column of Spark type {@code type}. */
  public static SplType defaultType(DataType type, String column) {
    return SplTypeParser.parseType(splType(type, column));
  }

  // ---- what fits ---------------------------------------------------------------------------

  /**
   * Whether SPL type {@code spl} fits a column of Spark type {@code spark} in {@code direction}:
   * whether {@code spl_types} (input) or {@code output_spl_types} (output) may state it ({@link
   * #misfit}).
   */
  public static boolean fits(DataType spark, SplType spl, Direction direction) {
    return misfit(spark, spl, direction) == null;
  }

  /**
   * Why SPL type {@code spl} does not fit a column of Spark type {@code spark} in {@code
   * direction}, or null when it fits. The rules (docs/python.md's table): a type of the same kind;
   * integers take any integer column and decimals of scale 0 on input (values checked one by one)
   * and go into columns holding their whole range on output; floats take either float type on input
   * and go into as wide a one on output; decimals take and go into any decimal column; {@code
   * optional<T>}, lists, sets, maps and tuples fit where their parts fit.
   */
  static String misfit(DataType spark, SplType spl, Direction direction) {
    if (spl instanceof SplOptionalType optional) {
      return misfit(spark, optional.getValueType(), direction);
    }
    if (spl instanceof SplListType || spl instanceof SplSetType) {
      if (!(spark instanceof ArrayType array)) {
        return spl + " " + verb(direction) + " array columns; " + fitting(spark, direction);
      }
      SplType element =
          spl instanceof SplListType list
              ? list.getElementType()
              : ((SplSetType) spl).getElementType();
      return inner("its elements", misfit(array.elementType(), element, direction));
    }
    if (spl instanceof SplMapType map) {
      if (!(spark instanceof MapType sparkMap)) {
        return spl + " " + verb(direction) + " map columns; " + fitting(spark, direction);
      }
      String keys = inner("its keys", misfit(sparkMap.keyType(), map.getKeyType(), direction));
      return keys != null
          ? keys
          : inner("its values", misfit(sparkMap.valueType(), map.getValueType(), direction));
    }
    if (spl instanceof SplTupleType tuple) {
      return tupleMisfit(spark, tuple, direction);
    }
    if (primitiveFits(spark, spl, direction)) {
      return null;
    }
    return spl
        + " "
        + verb(direction)
        + " "
        + columnsOf(spl, direction)
        + "; "
        + fitting(spark, direction);
  }

  private static String tupleMisfit(DataType spark, SplTupleType tuple, Direction direction) {
    SplSchema schema = tuple.getTupleSchema();
    List<String> names = new ArrayList<>(schema.getAttributeNames());
    if (!(spark instanceof StructType struct)
        || !Arrays.asList(struct.fieldNames()).equals(names)) {
      return tuple
          + " "
          + verb(direction)
          + " struct columns with the fields "
          + names
          + " in this order; "
          + fitting(spark, direction);
    }
    for (int i = 0; i < names.size(); i++) {
      String misfit =
          inner(
              "its field '" + names.get(i) + "'",
              misfit(struct.fields()[i].dataType(), schema.getType(i), direction));
      if (misfit != null) {
        return misfit;
      }
    }
    return null;
  }

  private static String inner(String part, String misfit) {
    return misfit == null ? null : part + ": " + misfit;
  }

  private static String verb(Direction direction) {
    return direction == Direction.INPUT ? "takes" : "goes into";
  }

  /** Whether a primitive SPL type fits a Spark type (never for composite types on either side). */
  private static boolean primitiveFits(DataType spark, SplType spl, Direction direction) {
    // rstring[n] and xml are primitive in SPL but have type classes of their own here.
    if (!(spl instanceof SplPrimitiveType)
        && spl.getMetaType() != MetaType.BSTRING
        && spl.getMetaType() != MetaType.XML) {
      return false;
    }
    MetaType meta = spl.getMetaType();
    return switch (meta) {
      case BOOLEAN -> spark instanceof BooleanType;
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 ->
          integerFits(spark, meta, direction);
      case FLOAT32 -> spark instanceof FloatType || spark instanceof DoubleType;
      case FLOAT64 ->
          spark instanceof DoubleType
              || (direction == Direction.INPUT && spark instanceof FloatType);
      case DECIMAL32, DECIMAL64, DECIMAL128 -> spark instanceof DecimalType;
      case RSTRING, BSTRING, USTRING -> spark instanceof StringType;
      case TIMESTAMP -> spark instanceof TimestampType;
      case BLOB -> spark instanceof BinaryType;
      case XML -> spark instanceof StringType;
      default -> false;
    };
  }

  /**
   * Input: any integer column, or a decimal of scale 0 (uint64's own Spark type is decimal(20,0)),
   * each value checked. Output: a column whose range holds the SPL type's whole range.
   */
  private static boolean integerFits(DataType spark, MetaType meta, Direction direction) {
    if (!isIntegerColumn(spark)) {
      return false;
    }
    if (direction == Direction.INPUT) {
      return true;
    }
    IntegerRange type = IntegerRange.of(meta);
    IntegerRange column = IntegerRange.of(spark);
    return column.min.compareTo(type.min) <= 0 && column.max.compareTo(type.max) >= 0;
  }

  /** Integer columns: tinyint, smallint, int, bigint, and decimals of scale 0. */
  static boolean isIntegerColumn(DataType spark) {
    return spark instanceof ByteType
        || spark instanceof ShortType
        || spark instanceof IntegerType
        || spark instanceof LongType
        || (spark instanceof DecimalType decimal && decimal.scale() == 0);
  }

  /**
   * The Spark columns a primitive SPL type takes or goes into, for messages: {@code "decimal
   * columns"}, {@code "bigint or decimal(p,0) columns with p >= 10"}.
   */
  private static String columnsOf(SplType spl, Direction direction) {
    MetaType meta = spl.getMetaType();
    return switch (meta) {
      case BOOLEAN -> "boolean columns";
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 ->
          direction == Direction.INPUT
              ? "integer columns (tinyint, smallint, int, bigint, decimal(p,0)), each value checked against its range "
                  + IntegerRange.of(meta)
              : integerTargets(meta);
      case FLOAT32 ->
          direction == Direction.INPUT
              ? "float and double columns (a double rounded)"
              : "float and double columns";
      case FLOAT64 -> direction == Direction.INPUT ? "float and double columns" : "double columns";
      case DECIMAL32, DECIMAL64, DECIMAL128 ->
          direction == Direction.INPUT
              ? "decimal columns (values rounded to its "
                  + meta.getMathContext().getPrecision()
                  + " digits)"
              : "decimal columns";
      case RSTRING, BSTRING, USTRING -> "string columns";
      case TIMESTAMP -> "timestamp columns";
      case BLOB -> "binary columns";
      case XML -> "string columns holding the document's text";
      default -> "no Spark column";
    };
  }

  /** The integer columns that hold an integer SPL type's whole range. */
  private static String integerTargets(MetaType meta) {
    List<String> columns = new ArrayList<>();
    for (DataType column :
        List.of(
            DataTypes.ByteType, DataTypes.ShortType, DataTypes.IntegerType, DataTypes.LongType)) {
      if (integerFits(column, meta, Direction.OUTPUT)) {
        columns.add(column.simpleString());
      }
    }
    String decimals = "decimal(p,0) with p >= " + IntegerRange.of(meta).digits();
    return (columns.isEmpty() ? decimals : String.join(", ", columns) + " or " + decimals)
        + " columns (its range is "
        + IntegerRange.of(meta)
        + ")";
  }

  /**
   * What fits a column of Spark type {@code spark}, for messages: "a string column takes rstring
   * (the default), ustring, rstring[n] or xml".
   */
  static String fitting(DataType spark, Direction direction) {
    String name = spark.simpleString();
    String column = ("aeiou".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name + " column";
    String defaultType;
    try {
      defaultType = defaultType(spark, "").getLanguageType();
    } catch (IllegalArgumentException e) {
      return column + " has no SPL counterpart";
    }
    String verb = direction == Direction.INPUT ? " takes " : " holds ";
    String optional =
        ", or optional<T> of one of those ("
            + (direction == Direction.INPUT
                ? "a null becomes no value)"
                : "no value becomes a null)");
    if (spark instanceof ArrayType) {
      return column
          + verb
          + "list<T>, list<T>[n], set<T> or set<T>[n] where T fits its elements (the default is "
          + defaultType
          + ")"
          + optional;
    } else if (spark instanceof MapType) {
      return column
          + verb
          + "map<K,V> or map<K,V>[n] where K and V fit its keys and values (the default is "
          + defaultType
          + ")"
          + optional;
    } else if (spark instanceof StructType) {
      return column
          + verb
          + "tuple<...> with its fields in order, each of a type that fits it (the default is "
          + defaultType
          + ")"
          + optional;
    }
    List<String> fits = new ArrayList<>();
    for (SplPrimitiveType candidate : SplPrimitiveType.values()) {
      if (primitiveFits(spark, candidate, direction)) {
        String spelling = candidate.getLanguageType();
        fits.add(spelling.equals(defaultType) ? spelling + " (the default)" : spelling);
        if (candidate == SplPrimitiveType.USTRING) {
          fits.add("rstring[n]");
          fits.add("xml"); // a type class of its own, not among SplPrimitiveType's
        }
      }
    }
    String last = fits.remove(fits.size() - 1);
    return column
        + verb
        + (fits.isEmpty() ? last : String.join(", ", fits) + " or " + last)
        + optional;
  }

  /** The range of an integer SPL type or an integer Spark column, inclusive. */
  record IntegerRange(BigInteger min, BigInteger max) {
    static IntegerRange of(MetaType meta) {
      return switch (meta) {
        case INT8 -> signed(8);
        case INT16 -> signed(16);
        case INT32 -> signed(32);
        case INT64 -> signed(64);
        case UINT8 -> unsigned(8);
        case UINT16 -> unsigned(16);
        case UINT32 -> unsigned(32);
        case UINT64 -> unsigned(64);
        default -> throw new IllegalArgumentException(meta + " is not an integer type");
      };
    }

    static IntegerRange of(DataType column) {
      if (column instanceof ByteType) {
        return signed(8);
      } else if (column instanceof ShortType) {
        return signed(16);
      } else if (column instanceof IntegerType) {
        return signed(32);
      } else if (column instanceof LongType) {
        return signed(64);
      } else if (column instanceof DecimalType decimal && decimal.scale() == 0) {
        BigInteger max = BigInteger.TEN.pow(decimal.precision()).subtract(BigInteger.ONE);
        return new IntegerRange(max.negate(), max);
      }
      throw new IllegalArgumentException(column.simpleString() + " is not an integer column");
    }

    private static IntegerRange signed(int bits) {
      return new IntegerRange(
          BigInteger.ONE.shiftLeft(bits - 1).negate(),
          BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE));
    }

    private static IntegerRange unsigned(int bits) {
      return new IntegerRange(
          BigInteger.ZERO, BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE));
    }

    boolean contains(BigInteger value) {
      return value.compareTo(min) >= 0 && value.compareTo(max) <= 0;
    }

    boolean contains(long value) {
      return contains(BigInteger.valueOf(value));
    }

    /** How many decimal digits the range's largest magnitude has. */
    int digits() {
      return max.max(min.negate()).toString().length();
    }

    @Override
    public String toString() {
      return min + " to " + max;
    }
  }

  /**
   * Checks that an output schema only holds types the type table maps (the error names the column).
   */
  public static void checkOutput(StructType struct) {
    toSpl(struct);
  }

  /** The Spark type of an SPL attribute type, for documentation and checks. */
  public static DataType sparkType(MetaType type) {
    return switch (type) {
      case RSTRING, USTRING, BSTRING -> DataTypes.StringType;
      case INT8 -> DataTypes.ByteType;
      case INT16, UINT8 -> DataTypes.ShortType;
      case INT32, UINT16 -> DataTypes.IntegerType;
      case INT64, UINT32 -> DataTypes.LongType;
      case UINT64 -> DataTypes.createDecimalType(20, 0);
      case FLOAT32 -> DataTypes.FloatType;
      case FLOAT64 -> DataTypes.DoubleType;
      case BOOLEAN -> DataTypes.BooleanType;
      case TIMESTAMP -> DataTypes.TimestampType;
      case BLOB -> DataTypes.BinaryType;
      case XML -> DataTypes.StringType;
      case DECIMAL32, DECIMAL64, DECIMAL128 -> DataTypes.createDecimalType(38, 18);
      default ->
          throw new IllegalArgumentException(
              "SPL type " + type.getLanguageType() + " has no direct Spark column type");
    };
  }

  /** Lists the attribute names of a schema, for error messages. */
  static List<String> names(StreamSchema schema) {
    List<String> names = new ArrayList<>();
    for (Attribute a : schema) {
      names.add(a.getName());
    }
    return names;
  }
}
