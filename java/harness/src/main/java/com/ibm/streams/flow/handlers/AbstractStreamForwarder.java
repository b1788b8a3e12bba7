package com.ibm.streams.flow.handlers;

import com.ibm.streams.operator.StreamingData.Punctuation;

/**
 * A stream handler that passes everything on to another handler, chosen by the subclass. When there
 * is no destination, tuples and marks are dropped.
 *
 * @param <T> the tuple type
 */
public abstract class AbstractStreamForwarder<T> implements StreamHandler<T> {
  /** Creates the forwarder. */
  public AbstractStreamForwarder() {}

  /**
   * Returns where tuples and marks go now.
   *
   * @return the destination, or null to drop
   */
  public abstract StreamHandler<T> getDestination();

  @Override
  public void tuple(T tuple) throws Exception {
    StreamHandler<T> destination = getDestination();
    if (destination != null) {
      destination.tuple(tuple);
    }
  }

  @Override
  public void mark(Punctuation mark) throws Exception {
    StreamHandler<T> destination = getDestination();
    if (destination != null) {
      destination.mark(mark);
    }
  }
}
