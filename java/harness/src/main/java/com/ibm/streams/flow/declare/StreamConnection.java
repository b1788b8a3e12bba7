package com.ibm.streams.flow.declare;

/** A stream from an output port of one operator to an input port of another. */
public interface StreamConnection {
  /**
   * Returns the receiving port.
   *
   * @return the input port
   */
  InputPortDeclaration getInput();

  /**
   * Returns the submitting port.
   *
   * @return the output port
   */
  OutputPortDeclaration getOutput();
}
