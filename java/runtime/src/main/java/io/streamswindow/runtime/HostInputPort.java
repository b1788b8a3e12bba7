package io.streamswindow.runtime;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;

/**
 * An input port of a hosted operator as the operator sees it. The host delivers tuples to the
 * operator; this object only describes the port and leads to its window.
 */
final class HostInputPort extends HostPort implements StreamingInput<Tuple> {
  // Set once, right after construction: the window needs this port, and this port its window.
  private StreamWindow<Tuple> window;

  HostInputPort(int portNumber, String name, StreamSchema schema) {
    super(portNumber, name, schema);
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
  public String toString() {
    return "input port " + portNumber + " '" + name + "'";
  }
}
