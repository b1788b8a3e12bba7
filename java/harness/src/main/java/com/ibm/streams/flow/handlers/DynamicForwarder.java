package com.ibm.streams.flow.handlers;

/**
 * A stream handler that passes everything on to a handler that can be changed at any time, for
 * example to look at different parts of a stream with different collectors.
 *
 * <pre>{@code
 * DynamicForwarder<Tuple> out = new DynamicForwarder<>();
 * graph.registerStreamHandler(outputPort, out);
 * out.setDestination(firstHalf);
 * // ...
 * out.setDestination(secondHalf);
 * }</pre>
 *
 * @param <T> the tuple type
 */
public class DynamicForwarder<T> extends AbstractStreamForwarder<T> {
  private StreamHandler<T> destination;

  /** Creates a forwarder without destination: everything is dropped until one is set. */
  public DynamicForwarder() {}

  /**
   * Creates a forwarder to {@code destination}.
   *
   * @param destination where everything goes, until changed
   */
  public DynamicForwarder(StreamHandler<T> destination) {
    this.destination = destination;
  }

  /**
   * Changes where tuples and marks go.
   *
   * @param destination the new destination, or null to drop
   */
  public synchronized void setDestination(StreamHandler<T> destination) {
    this.destination = destination;
  }

  @Override
  public synchronized StreamHandler<T> getDestination() {
    return destination;
  }
}
