package io.streamswindow.harness.internal;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.declare.StreamConnection;

/**
 * A declared stream from an output port to an input port.
 *
 * @param output the submitting port
 * @param input the receiving port
 */
record DeclaredConnection(DeclaredOutputPort output, DeclaredInputPort input)
    implements StreamConnection {
  @Override
  public InputPortDeclaration getInput() {
    return input;
  }

  @Override
  public OutputPortDeclaration getOutput() {
    return output;
  }

  @Override
  public String toString() {
    return output + " -> " + input;
  }
}
