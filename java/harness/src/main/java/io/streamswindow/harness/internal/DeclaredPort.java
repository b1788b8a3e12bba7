package io.streamswindow.harness.internal;

import com.ibm.streams.flow.declare.StreamConnection;
import com.ibm.streams.operator.StreamSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** What declared input and output ports share: owner, number, name, schema and connections. */
abstract class DeclaredPort {
  private final DeclaredOperator<?> operator;
  private final int portNumber;
  private final String name;
  private final StreamSchema schema;
  private final List<DeclaredConnection> connections = new ArrayList<>();

  DeclaredPort(DeclaredOperator<?> operator, int portNumber, String name, StreamSchema schema) {
    this.operator = operator;
    this.portNumber = portNumber;
    this.name = name;
    this.schema = schema;
  }

  public DeclaredOperator<?> operator() {
    return operator;
  }

  public StreamSchema getStreamSchema() {
    return schema;
  }

  public String getName() {
    return name;
  }

  public int getPortNumber() {
    return portNumber;
  }

  public boolean isConnectedToPEPort() {
    return false;
  }

  public int getPEPortNumber() {
    return -1;
  }

  public synchronized boolean isConnected() {
    return !connections.isEmpty();
  }

  public synchronized Collection<StreamConnection> getConnections() {
    return List.copyOf(connections);
  }

  synchronized List<DeclaredConnection> connections() {
    return List.copyOf(connections);
  }

  /** Adds a connection unless one between the same two ports exists. */
  synchronized void addConnection(DeclaredConnection connection) {
    for (DeclaredConnection known : connections) {
      if (known.input() == connection.input() && known.output() == connection.output()) {
        return;
      }
    }
    connections.add(connection);
  }

  static void requireSameSchema(DeclaredOutputPort output, DeclaredInputPort input) {
    if (!output.getStreamSchema().equals(input.getStreamSchema())) {
      throw new IllegalArgumentException(
          "Cannot connect "
              + output
              + " with schema "
              + output.getStreamSchema().getLanguageType()
              + " to "
              + input
              + " with schema "
              + input.getStreamSchema().getLanguageType());
    }
  }

  static void connect(DeclaredOutputPort output, DeclaredInputPort input) {
    DeclaredConnection connection = new DeclaredConnection(output, input);
    output.addConnection(connection);
    input.addConnection(connection);
  }
}
