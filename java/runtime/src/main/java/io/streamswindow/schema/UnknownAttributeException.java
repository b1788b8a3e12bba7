package io.streamswindow.schema;

/**
 * An attribute name that a tuple's schema does not have, used by name on a tuple: the message names
 * the attribute, the schema and its attributes, with the closest name when one is close. Its type
 * and getters let a caller that knows where the schema came from (the Spark adapter's output port,
 * from {@code output_schema}) say so, without reading the message.
 *
 * <pre>{@code
 * try {
 *   tuple.setDouble("maximum", 1.0);
 * } catch (UnknownAttributeException e) {
 *   e.attribute();  // "maximum"
 *   e.schema();     // the tuple's schema
 * }
 * }</pre>
 */
public final class UnknownAttributeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String attribute;
  private final transient SplSchema schema;

  UnknownAttributeException(String message, String attribute, SplSchema schema) {
    super(message);
    this.attribute = attribute;
    this.schema = schema;
  }

  /** The name that was not found. */
  public String attribute() {
    return attribute;
  }

  /** The schema it was looked up in; null once the exception was serialized. */
  public SplSchema schema() {
    return schema;
  }
}
