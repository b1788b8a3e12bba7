package com.ibm.streams.flow.handlers;

import com.ibm.streams.operator.StreamingData.Punctuation;

/**
 * A stream handler that drops everything, for output ports a test does not look at.
 *
 * @param <T> the tuple type
 */
public final class StreamDiscarder<T> implements StreamHandler<T> {
  /** Creates the handler. */
  public StreamDiscarder() {}

  /** Drops the tuple. */
  @Override
  public final void tuple(T tuple) throws Exception {}

  /** Drops the mark. */
  @Override
  public final void mark(Punctuation mark) throws Exception {}
}
