package com.ibm.streams.flow.handlers;

import com.ibm.streams.operator.StreamingData.Punctuation;

/**
 * A receiver of a stream: the tuples and punctuation marks an output port of an operator under test
 * submits. Register one with {@code JavaTestableGraph.registerStreamHandler}.
 *
 * <pre>{@code
 * graph.registerStreamHandler(out, new StreamHandler<Tuple>() {
 *   public void tuple(Tuple tuple) { seen.add(tuple.getString("id")); }
 *   public void mark(Punctuation mark) {}
 * });
 * }</pre>
 *
 * @param <T> the tuple type
 */
public interface StreamHandler<T> {
  /**
   * Receives one tuple.
   *
   * @param tuple the tuple
   * @throws Exception when handling fails; it propagates to the submitting operator
   */
  void tuple(T tuple) throws Exception;

  /**
   * Receives one punctuation mark.
   *
   * @param mark the mark
   * @throws Exception when handling fails
   */
  void mark(Punctuation mark) throws Exception;
}
