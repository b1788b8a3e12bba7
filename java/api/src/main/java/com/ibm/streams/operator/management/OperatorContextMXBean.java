package com.ibm.streams.operator.management;

/**
 * The management bean of an operator. streams-window does not register management beans; the type
 * exists so that harness and operator source referring to it compiles.
 */
public interface OperatorContextMXBean {

  /**
   * Returns the operator's name.
   *
   * @return the name
   */
  String getName();
}
