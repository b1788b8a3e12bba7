package com.ibm.streams.operator.compile;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Type;

/**
 * Checks an operator's invocation before it starts. It is passed to the operator's {@link
 * OperatorContext.ContextCheck @ContextCheck} methods; each {@code check} method returns whether
 * the check passed and, when it did not, marks the context invalid with a message that names what
 * is wrong. An invalid context stops the operator.
 *
 * <pre>{@code
 * @ContextCheck(compile = true)
 * public static void checkWindow(OperatorContextChecker checker) {
 *   checker.checkTumblingWindow(checker.getOperatorContext().getStreamingInputs().get(0));
 * }
 * }</pre>
 */
public interface OperatorContextChecker {

  /**
   * Returns the context being checked.
   *
   * @return the operator's context
   */
  OperatorContext getOperatorContext();

  /** Marks the context invalid without a message. */
  void setInvalidContext();

  /**
   * Marks the context invalid.
   *
   * @param message the message, which may hold {@code java.text.MessageFormat} placeholders
   * @param arguments the values for the placeholders; may be null
   */
  void setInvalidContext(String message, Object[] arguments);

  /**
   * Tells whether every check so far passed.
   *
   * @return true when the context is still valid
   */
  boolean isContextValid();

  /**
   * Checks that when a parameter is set, all the parameters it depends on are set too.
   *
   * @param parameterName the parameter
   * @param dependentParameterNames the parameters it needs
   * @return true when the check passed
   */
  boolean checkDependentParameters(String parameterName, String... dependentParameterNames);

  /**
   * Checks that when a parameter is set, none of the parameters it excludes is set.
   *
   * @param parameterName the parameter
   * @param excludedParameterNames the parameters it excludes
   * @return true when the check passed
   */
  boolean checkExcludedParameters(String parameterName, String... excludedParameterNames);

  /**
   * Checks that ports have the same schema as a given port.
   *
   * @param port the reference port
   * @param otherPorts the ports to compare with it
   * @return true when the check passed
   */
  boolean checkMatchingSchemas(StreamingData port, StreamingData... otherPorts);

  /**
   * Checks that a schema has the named attributes.
   *
   * @param schema the schema
   * @param attributeNames the required attributes
   * @return true when the check passed
   */
  boolean checkRequiredAttributes(StreamSchema schema, String... attributeNames);

  /**
   * Checks that a port's schema has the named attributes.
   *
   * @param port the port
   * @param attributeNames the required attributes
   * @return true when the check passed
   */
  boolean checkRequiredAttributes(StreamingData port, String... attributeNames);

  /**
   * Checks that a schema has the attributes of another schema, with the same types.
   *
   * @param schema the schema to check
   * @param required true when every attribute of {@code attributes} must be present, false when
   *     only those present must have matching types
   * @param attributes the attributes to look for
   * @return true when the check passed
   */
  boolean checkAttributes(StreamSchema schema, boolean required, StreamSchema attributes);

  /**
   * Checks that a schema has the attributes of an SPL tuple type, with the same types.
   *
   * @param schema the schema to check
   * @param required true when every attribute must be present
   * @param attributes the SPL tuple type holding the attributes to look for
   * @return true when the check passed
   */
  boolean checkAttributes(StreamSchema schema, boolean required, String attributes);

  /**
   * Checks that a port's schema has the attributes of another schema, with the same types.
   *
   * @param port the port to check
   * @param required true when every attribute must be present
   * @param attributes the attributes to look for
   * @return true when the check passed
   */
  boolean checkAttributes(StreamingData port, boolean required, StreamSchema attributes);

  /**
   * Checks that a port's schema has the attributes of an SPL tuple type, with the same types.
   *
   * @param port the port to check
   * @param required true when every attribute must be present
   * @param attributes the SPL tuple type holding the attributes to look for
   * @return true when the check passed
   */
  boolean checkAttributes(StreamingData port, boolean required, String attributes);

  /**
   * Checks that an attribute has one of the given kinds of type.
   *
   * @param attribute the attribute
   * @param allowedTypes the kinds allowed
   * @return true when the check passed
   */
  boolean checkAttributeType(Attribute attribute, Type.MetaType... allowedTypes);

  /**
   * Checks that an input port has a tumbling window.
   *
   * @param port the input port
   * @return true when the check passed
   */
  boolean checkTumblingWindow(StreamingInput<?> port);

  /**
   * Checks that an input port has a sliding window.
   *
   * @param port the input port
   * @return true when the check passed
   */
  boolean checkSlidingWindow(StreamingInput<?> port);
}
