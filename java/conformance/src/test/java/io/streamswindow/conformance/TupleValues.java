package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.types.Timestamp;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;

/**
 * Sets a scenario tuple's attribute values on an {@link OutputTuple}, converting each JSON value to
 * its attribute's type. Attributes a step does not name keep their defaults.
 *
 * <p>A timestamp is written as seconds since the epoch, preferably as a string so that nanoseconds
 * are exact ({@code "1020.500000001"}). A float attribute takes a JSON number, or one of the
 * strings {@code "NaN"}, {@code "Infinity"} and {@code "-Infinity"}, which JSON has no numbers for.
 */
public final class TupleValues {
  private TupleValues() {}

  static void set(OutputTuple tuple, StreamSchema schema, ObjectNode values) {
    for (Iterator<Map.Entry<String, JsonNode>> fields = values.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      String name = field.getKey();
      JsonNode value = field.getValue();
      Attribute attribute = schema.getAttribute(name);
      if (attribute == null) {
        throw new ScenarioFormatException(
            "tuple attribute \"" + name + "\" is not in the schema " + schema.getLanguageType());
      }
      switch (attribute.getType().getMetaType()) {
        case RSTRING, USTRING, BSTRING -> tuple.setString(name, value.asText());
        case FLOAT64 -> tuple.setDouble(name, floatingPoint(name, value));
        case FLOAT32 -> tuple.setFloat(name, (float) floatingPoint(name, value));
        case INT64, UINT64 -> tuple.setLong(name, value.asLong());
        case INT32, UINT32 -> tuple.setInt(name, value.asInt());
        case INT16, UINT16 -> tuple.setShort(name, (short) value.asInt());
        case INT8, UINT8 -> tuple.setByte(name, (byte) value.asInt());
        case BOOLEAN -> tuple.setBoolean(name, value.asBoolean());
        case TIMESTAMP -> tuple.setTimestamp(name, timestamp(value.asText()));
        default ->
            throw new ScenarioFormatException(
                "attribute \""
                    + name
                    + "\" has a type scenarios do not support: "
                    + attribute.getType().getLanguageType());
      }
    }
  }

  /**
   * The value of a {@code float64} or {@code float32} attribute: a JSON number, or {@code "NaN"},
   * {@code "Infinity"} or {@code "-Infinity"} (float32 rounds it afterwards).
   *
   * @throws ScenarioFormatException for any other value, naming the attribute
   */
  public static double floatingPoint(String name, JsonNode value) {
    if (value.isNumber()) {
      return value.asDouble();
    }
    switch (value.isTextual() ? value.asText() : "") {
      case "NaN":
        return Double.NaN;
      case "Infinity":
        return Double.POSITIVE_INFINITY;
      case "-Infinity":
        return Double.NEGATIVE_INFINITY;
      default:
        throw new ScenarioFormatException(
            "attribute \""
                + name
                + "\" is a float: write a number, \"NaN\", \"Infinity\" or \"-Infinity\", not "
                + value);
    }
  }

  /** A timestamp from decimal seconds, exact to the nanosecond. */
  static Timestamp timestamp(String seconds) {
    BigDecimal value = new BigDecimal(seconds);
    BigDecimal whole = new BigDecimal(value.toBigInteger());
    int nanos = value.subtract(whole).movePointRight(9).intValueExact();
    return new Timestamp(whole.longValueExact(), nanos);
  }
}
