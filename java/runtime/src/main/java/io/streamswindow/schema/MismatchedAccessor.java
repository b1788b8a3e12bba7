package io.streamswindow.schema;

import com.ibm.streams.operator.Type.MetaType;
import java.util.Map;

/**
 * The error of a typed getter or setter called on an attribute whose SPL type it does not take
 * ({@code getDouble} on an {@code rstring}): an {@link UnsupportedOperationException}, as IBM
 * documents, whose message names the attribute, its SPL type, the type the accessor asked for, and
 * the fix on Spark, where the attribute's type comes from its column. A getter reads an input
 * attribute: cast the column, or, when the column's kind can hold the asked type, state it with
 * {@code spl_types}. A setter writes an output attribute: declare the column so in {@code
 * output_schema}.
 *
 * <pre>{@code
 * MismatchedAccessor.error("v", SplPrimitiveType.RSTRING, "getDouble").getMessage();
 * // getDouble is not supported for attribute v of SPL type rstring (Java type ...RString):
 * // getDouble reads a float64 attribute. On Spark, cast column 'v' to double before the
 * // operator runs (df.withColumn('v', df['v'].cast('double')))
 * }</pre>
 */
final class MismatchedAccessor {
  private MismatchedAccessor() {}

  /** The SPL type an accessor asks for, and the Spark type whose column gives it by default. */
  private record Asked(String splType, String sparkType) {}

  private static final Map<String, Asked> ASKED =
      Map.ofEntries(
          Map.entry("Boolean", new Asked("boolean", "boolean")),
          Map.entry("Byte", new Asked("int8", "tinyint")),
          Map.entry("Short", new Asked("int16", "smallint")),
          Map.entry("Int", new Asked("int32", "int")),
          Map.entry("Long", new Asked("int64", "bigint")),
          Map.entry("Float", new Asked("float32", "float")),
          Map.entry("Double", new Asked("float64", "double")),
          Map.entry("BigDecimal", new Asked("decimal128", "decimal(38,18)")),
          Map.entry("String", new Asked("rstring", "string")),
          Map.entry("Timestamp", new Asked("timestamp", "timestamp")),
          Map.entry("Blob", new Asked("blob", "binary")),
          Map.entry("Buffer", new Asked("blob", "binary")),
          Map.entry("List", new Asked("list", "array")),
          Map.entry("Map", new Asked("map", "map")),
          Map.entry("Tuple", new Asked("tuple", "struct")));

  /**
   * The error of {@code method} (such as {@code getDouble}, {@code setInt}) on attribute {@code
   * name} of SPL type {@code type}.
   */
  static UnsupportedOperationException error(String name, SplType type, String method) {
    String message =
        method
            + " is not supported for attribute "
            + name
            + " of SPL type "
            + type
            + " (Java type "
            + type.getObjectType().getName()
            + ")";
    return new UnsupportedOperationException(message + fix(name, type, method));
  }

  /** What to do, after a colon, or nothing for an accessor without a column type to give. */
  private static String fix(String name, SplType type, String method) {
    boolean getter = method.startsWith("get");
    Asked asked = getter || method.startsWith("set") ? ASKED.get(method.substring(3)) : null;
    if (asked == null) {
      return "";
    }
    String article = "aeiou".indexOf(asked.splType.charAt(0)) >= 0 ? "an " : "a ";
    if (!getter) {
      return ": "
          + method
          + " writes "
          + article
          + asked.splType
          + " attribute. On Spark, declare column '"
          + name
          + "' as "
          + asked.sparkType
          + " in output_schema";
    }
    String cast =
        ": "
            + method
            + " reads "
            + article
            + asked.splType
            + " attribute. On Spark, cast column '"
            + name
            + "' to "
            + asked.sparkType
            + " before the operator runs (df.withColumn('"
            + name
            + "', df['"
            + name
            + "'].cast('"
            + asked.sparkType
            + "')))";
    String family = family(type.getMetaType());
    if (family == null || !family.equals(family(metaTypeOf(asked.splType)))) {
      return cast;
    }
    return cast
        + ", or state its SPL type: spl_types={'"
        + name
        + "': '"
        + asked.splType
        + "'}"
        + (family.equals("integer") ? " (each value checked against its range)" : "");
  }

  private static MetaType metaTypeOf(String splType) {
    return switch (splType) {
      case "int8" -> MetaType.INT8;
      case "int16" -> MetaType.INT16;
      case "int32" -> MetaType.INT32;
      case "int64" -> MetaType.INT64;
      case "float32" -> MetaType.FLOAT32;
      case "float64" -> MetaType.FLOAT64;
      default -> MetaType.BOOLEAN; // a kind of its own: no spl_types between kinds
    };
  }

  /**
   * The kind of column a primitive type's values come from, where {@code spl_types} may state
   * another type of the same kind for it (integers of any width, floats of either width), or null.
   */
  private static String family(MetaType meta) {
    return switch (meta) {
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 -> "integer";
      case FLOAT32, FLOAT64 -> "float";
      default -> null;
    };
  }
}
