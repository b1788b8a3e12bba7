package io.streamswindow.spark;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The type table between Spark and SPL (docs/architecture.md): a DataFrame schema becomes the
 * input port's SPL schema, and the declared {@code output_schema} becomes the output port's.
 *
 * <p>Spark strings become {@code rstring} (what SPL applications use nearly everywhere, and what
 * ported operators expect {@code getObject} to return as an {@code RString}); Spark has no unsigned
 * types, so SPL's unsigned types only ever appear on the way out, as the next wider signed type.
 */
final class SplSparkTypes {
  private SplSparkTypes() {}

  /** The SPL schema of a DataFrame's rows. */
  static SplSchema toSpl(StructType struct) {
    return SplSchema.parse(splTupleType(struct, ""));
  }

  private static String splTupleType(StructType struct, String path) {
    List<String> attributes = new ArrayList<>();
    for (StructField field : struct.fields()) {
      String name = path + field.name();
      if (!field.name().matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw new IllegalArgumentException(
            "Column '" + name + "' is not a valid SPL attribute name (letters, digits and _ only): rename it");
      }
      attributes.add(splType(field.dataType(), name) + " " + field.name());
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
      return "map<" + splType(map.keyType(), column + ".key") + ", " + splType(map.valueType(), column + ".value") + ">";
    } else if (type instanceof StructType struct) {
      return splTupleType(struct, column + ".");
    }
    throw new IllegalArgumentException(
        "Column '" + column + "' has Spark type " + type.simpleString()
            + ", which has no SPL counterpart; cast it (for example a date to timestamp) before run_operator");
  }

  /** Checks that an output schema only holds types the type table maps (the error names the column). */
  static void checkOutput(StructType struct) {
    toSpl(struct);
  }

  /** The Spark type of an SPL attribute type, for documentation and checks. */
  static DataType sparkType(MetaType type) {
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
      case DECIMAL32, DECIMAL64, DECIMAL128 -> DataTypes.createDecimalType(38, 18);
      default -> throw new IllegalArgumentException("SPL type " + type.getLanguageType() + " has no direct Spark column type");
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
