package io.streamswindow.runtime;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData;

/**
 * What every port of a hosted operator shares: its number, name and schema. Ports here are never
 * connected to a processing element's own ports, as they would be in a Streams job.
 */
abstract class HostPort implements StreamingData {
  /** The port number, from 0 per direction. */
  protected final int portNumber;

  /** The port name. */
  protected final String name;

  /** The schema of the port's tuples. */
  protected final StreamSchema schema;

  HostPort(int portNumber, String name, StreamSchema schema) {
    this.portNumber = portNumber;
    this.name = name;
    this.schema = schema;
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
}
