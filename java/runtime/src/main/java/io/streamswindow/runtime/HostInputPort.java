package io.streamswindow.runtime;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;

/**
 * An input port of a hosted operator as the operator sees it. The host delivers tuples to the
 * operator; this object only describes the port and leads to its window.
 */
final class HostInputPort implements StreamingInput<Tuple> {
  private final int portNumber;
  private final String name;
  private final StreamSchema schema;
  // Set once, right after construction: the window needs this port, and this port its window.
  private StreamWindow<Tuple> window;

  HostInputPort(int portNumber, String name, StreamSchema schema) {
    this.portNumber = portNumber;
    this.name = name;
    this.schema = schema;
  }

  void attachWindow(StreamWindow<Tuple> window) {
    this.window = window;
  }

  @Override
  public ImportType getImportType() {
    return ImportType.NOT_IMPORTED;
  }

  @Override
  public boolean isImported() {
    return false;
  }

  @Override
  public StreamWindow<Tuple> getStreamWindow() {
    return window;
  }

  @Override
  public boolean isControl() {
    return false;
  }

  @Override
  public StreamSchema getStreamSchema() {
    return schema;
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public int getPortNumber() {
    return portNumber;
  }

  @Override
  public boolean isConnectedToPEPort() {
    return false;
  }

  @Override
  public int getPEPortNumber() {
    return -1;
  }

  @Override
  public String toString() {
    return "input port " + portNumber + " '" + name + "'";
  }
}
