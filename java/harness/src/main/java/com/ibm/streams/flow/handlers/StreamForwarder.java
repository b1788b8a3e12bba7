package com.ibm.streams.flow.handlers;

/**
 * A stream handler that passes everything on to one fixed handler.
 *
 * <pre>{@code
 * graph.registerStreamHandler(out, new StreamForwarder<>(collector));
 * }</pre>
 *
 * @param <T> the tuple type
 */
public class StreamForwarder<T> extends AbstractStreamForwarder<T> {
  private final StreamHandler<T> destination;

  /**
   * Creates a forwarder to {@code destination}.
   *
   * @param destination where everything goes
   */
  public StreamForwarder(StreamHandler<T> destination) {
    this.destination = destination;
  }

  @Override
  public StreamHandler<T> getDestination() {
    return destination;
  }
}
