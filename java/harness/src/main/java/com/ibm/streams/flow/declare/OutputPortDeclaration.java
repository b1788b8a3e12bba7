package com.ibm.streams.flow.declare;

import com.ibm.streams.operator.model.OutputPortSet;

/**
 * A declared output port. Connect it to input ports of other operators, or, when it is not
 * connected, attach stream handlers through {@code JavaTestableGraph.registerStreamHandler}.
 */
public interface OutputPortDeclaration extends PortDeclaration<OutputPortDeclaration> {
  /**
   * Connects this port to input ports; their schemas must equal this port's.
   *
   * @param inputPorts the receiving ports
   * @return this port
   * @throws IllegalArgumentException when a schema differs
   */
  OutputPortDeclaration connect(InputPortDeclaration... inputPorts);

  /**
   * Returns the operator class's {@code @OutputPortSet} that describes this port.
   *
   * @return the port set, or null when the class declares none for this port
   */
  OutputPortSet getPortSet();
}
