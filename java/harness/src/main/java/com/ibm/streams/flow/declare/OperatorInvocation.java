package com.ibm.streams.flow.declare;

import com.ibm.streams.operator.StreamSchema;
import java.math.BigDecimal;

/**
 * One operator declared in an {@link OperatorGraph}: its parameters and ports. Parameter values are
 * kept as strings, as SPL passes them; the operator sees them through its {@code @Parameter}
 * setters and {@code OperatorContext.getParameterValues}. Setting a parameter again replaces its
 * values.
 *
 * <pre>{@code
 * OperatorInvocation<Average> op = graph.addOperator(Average.class)
 *     .setIntParameter("precision", 2)
 *     .setStringParameter("groupBy", "sensor");
 * InputPortDeclaration in = op.addInput("tuple<rstring sensor, float64 reading>");
 * in.sliding().evictCount(10).triggerCount(1);
 * OutputPortDeclaration out = op.addOutput("tuple<rstring sensor, float64 average>");
 * }</pre>
 *
 * @param <T> the operator type
 */
public interface OperatorInvocation<T> {
  /**
   * Sets a parameter to string values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setStringParameter(String parameterName, String... values);

  /**
   * Sets a parameter to int values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setIntParameter(String parameterName, int... values);

  /**
   * Sets a parameter to boolean values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setBooleanParameter(String parameterName, boolean... values);

  /**
   * Sets a parameter to byte values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setByteParameter(String parameterName, byte... values);

  /**
   * Sets a parameter to short values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setShortParameter(String parameterName, short... values);

  /**
   * Sets a parameter to long values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setLongParameter(String parameterName, long... values);

  /**
   * Sets a parameter to float values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setFloatParameter(String parameterName, float... values);

  /**
   * Sets a parameter to double values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setDoubleParameter(String parameterName, double... values);

  /**
   * Sets a parameter to decimal values.
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setBigDecimalParameter(String parameterName, BigDecimal... values);

  /**
   * Sets an attribute parameter: each value names an attribute of an input port, as {@code
   * port.attribute}, or as {@code attribute} when only one input port has it.
   *
   * @param parameterName the parameter
   * @param values the attribute names
   * @return this invocation
   * @throws IllegalArgumentException when no input port declared so far has the attribute
   */
  OperatorInvocation<T> setAttributeParameter(String parameterName, String... values);

  /**
   * Sets a custom literal parameter to enum constants (passed by name).
   *
   * @param parameterName the parameter
   * @param values its values
   * @return this invocation
   */
  OperatorInvocation<T> setCustomLiteralParameter(String parameterName, Enum<?>... values);

  /**
   * Declares the next output port.
   *
   * @param name the port name
   * @param schema the SPL tuple type, such as {@code tuple<rstring id, int32 n>}
   * @return the port
   */
  OutputPortDeclaration addOutput(String name, String schema);

  /**
   * Declares the next output port.
   *
   * @param name the port name
   * @param schema the schema
   * @return the port
   */
  OutputPortDeclaration addOutput(String name, StreamSchema schema);

  /**
   * Declares the next output port, with a generated name.
   *
   * @param schema the SPL tuple type
   * @return the port
   */
  OutputPortDeclaration addOutput(String schema);

  /**
   * Declares the next output port, with a generated name.
   *
   * @param schema the schema
   * @return the port
   */
  OutputPortDeclaration addOutput(StreamSchema schema);

  /**
   * Declares the next input port.
   *
   * @param name the port name
   * @param schema the schema
   * @return the port, whose window can be declared next
   */
  InputPortDeclaration addInput(String name, StreamSchema schema);

  /**
   * Declares the next input port.
   *
   * @param name the port name
   * @param schema the SPL tuple type
   * @return the port
   */
  InputPortDeclaration addInput(String name, String schema);

  /**
   * Declares the next input port, with a generated name.
   *
   * @param schema the SPL tuple type
   * @return the port
   */
  InputPortDeclaration addInput(String schema);

  /**
   * Declares the next input port, with a generated name.
   *
   * @param schema the schema
   * @return the port
   */
  InputPortDeclaration addInput(StreamSchema schema);

  /**
   * Declares the next input port, connected to {@code outputPort}: it takes that port's name and
   * schema.
   *
   * @param outputPort the output port feeding the new input port
   * @return the port
   */
  InputPortDeclaration addInput(OutputPortDeclaration outputPort);

  /**
   * Runs the operator's compile-time context checks against this declaration.
   *
   * @param verbose accepted for compatibility; failed checks are always described
   * @return true when every check passed
   * @throws Exception what a check threw, or an incomplete window declaration
   */
  boolean compileChecks(boolean verbose) throws Exception;

  /**
   * Runs the operator's compile-time context checks against this declaration.
   *
   * @return true when every check passed
   * @throws Exception what a check threw, or an incomplete window declaration
   */
  boolean compileChecks() throws Exception;

  /**
   * Returns the operator's name.
   *
   * @return the name
   */
  String getName();

  /**
   * Returns the graph this invocation belongs to.
   *
   * @return the graph
   */
  OperatorGraph graph();

  /**
   * Returns the operator class.
   *
   * @return the class
   */
  Class<T> getOperatorClass();
}
