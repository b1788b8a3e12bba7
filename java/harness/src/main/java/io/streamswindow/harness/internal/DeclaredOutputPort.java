package io.streamswindow.harness.internal;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.model.OutputPortSet;

/** A declared output port of a harness graph. */
public final class DeclaredOutputPort extends DeclaredPort implements OutputPortDeclaration {
  DeclaredOutputPort(
      DeclaredOperator<?> operator, int portNumber, String name, StreamSchema schema) {
    super(operator, portNumber, name, schema);
  }

  @Override
  public OutputPortDeclaration connect(InputPortDeclaration... inputPorts) {
    DeclaredInputPort[] inputs = new DeclaredInputPort[inputPorts.length];
    for (int i = 0; i < inputPorts.length; i++) {
      inputs[i] = DeclaredInputPort.of(inputPorts[i]);
      requireSameSchema(this, inputs[i]);
    }
    for (DeclaredInputPort input : inputs) {
      connect(this, input);
    }
    return this;
  }

  @Override
  public OutputPortSet getPortSet() {
    return PortSets.output(operator().getOperatorClass(), getPortNumber());
  }

  static DeclaredOutputPort of(OutputPortDeclaration port) {
    if (port instanceof DeclaredOutputPort declared) {
      return declared;
    }
    throw new IllegalArgumentException(
        "Not an output port declared through OperatorGraphFactory: " + port);
  }

  @Override
  public String toString() {
    return "output port "
        + getPortNumber()
        + " '"
        + getName()
        + "' of operator '"
        + operator().getName()
        + "'";
  }
}
