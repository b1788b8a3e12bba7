package com.ibm.streams.operator;

/**
 * A port of an operator through which tuples and punctuation marks flow, either an input ({@link
 * StreamingInput}) or an output ({@link StreamingOutput}).
 */
public interface StreamingData {

  /**
   * A punctuation mark that travels in a stream between tuples.
   *
   * <p>The ordinals are part of the contract and never change.
   */
  enum Punctuation {
    /** No punctuation; used where a value is required but no mark was seen. */
    NON_EXISTENT,
    /** Marks the end of a group of tuples, such as the output of one window tumble. */
    WINDOW_MARKER,
    /** Marks the end of the stream: nothing follows it. */
    FINAL_MARKER
  }

  /**
   * Returns the schema of the tuples on this port.
   *
   * @return the port's schema
   */
  StreamSchema getStreamSchema();

  /**
   * Returns the name of the stream on this port.
   *
   * @return the port's stream name
   */
  String getName();

  /**
   * Returns the port's zero-based index among the operator's inputs or outputs.
   *
   * @return the port number
   */
  int getPortNumber();

  /**
   * Tells whether this port is connected to a port of the processing element. Under streams-window
   * an operator runs on its own, so this is false unless the host says otherwise.
   *
   * @return true when connected to a processing element port
   */
  boolean isConnectedToPEPort();

  /**
   * Returns the index of the processing element port this port is connected to.
   *
   * @return the processing element port number, or -1 when not connected to one
   */
  int getPEPortNumber();
}
