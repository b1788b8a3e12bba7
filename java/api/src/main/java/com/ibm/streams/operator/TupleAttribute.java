package com.ibm.streams.operator;

/**
 * An attribute of an input port's tuples, passed to an operator as a parameter, from which the
 * operator reads values.
 *
 * @param <T> the tuple type of the port
 * @param <A> the Java type of the attribute's values
 */
public interface TupleAttribute<T, A> {

  /**
   * Returns the input port whose tuples carry the attribute.
   *
   * @return the port
   */
  StreamingInput<T> getPort();

  /**
   * Returns the attribute.
   *
   * @return the attribute
   */
  Attribute getAttribute();

  /**
   * Reads the attribute's value from a tuple of the port.
   *
   * @param tuple a tuple of the port
   * @return the attribute's value in that tuple
   */
  A getValue(T tuple);
}
