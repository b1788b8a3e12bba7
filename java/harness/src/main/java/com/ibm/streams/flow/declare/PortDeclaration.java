package com.ibm.streams.flow.declare;

import com.ibm.streams.operator.StreamingData;
import java.util.Collection;

/**
 * A declared port of an operator invocation: its name, number and schema (as {@link
 * StreamingData}), its operator and its connections.
 *
 * @param <T> the concrete port declaration type
 */
public interface PortDeclaration<T extends PortDeclaration<T>> extends StreamingData {
  /**
   * Returns the operator this port belongs to.
   *
   * @return the invocation
   */
  OperatorInvocation<?> operator();

  /**
   * Tells whether this port is connected to another operator's port.
   *
   * @return true when connected
   */
  boolean isConnected();

  /**
   * Returns this port's connections.
   *
   * @return the connections, empty when not connected
   */
  Collection<StreamConnection> getConnections();
}
