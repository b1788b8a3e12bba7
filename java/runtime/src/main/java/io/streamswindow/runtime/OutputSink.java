package io.streamswindow.runtime;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;

/**
 * Where an {@link OperatorHost} delivers what its operator submits on an output port: the harness's
 * stream handlers, a downstream operator, or the Spark adapter's result buffer.
 *
 * <p>Calls for one port are serialised. Tuples are read-only copies, so a sink may keep them.
 * Nothing arrives on a port after its {@link Punctuation#FINAL_MARKER}.
 *
 * <pre>{@code
 * List<Tuple> seen = new ArrayList<>();
 * OutputSink sink = OutputSink.of((port, tuple) -> seen.add(tuple));
 * }</pre>
 */
public interface OutputSink {

  /**
   * Receives one submitted tuple.
   *
   * @param port the output port number
   * @param tuple a read-only tuple of the port's schema
   * @throws Exception when downstream processing fails; it propagates to the operator's submit
   */
  void tuple(int port, Tuple tuple) throws Exception;

  /**
   * Receives one punctuation mark ({@link Punctuation#WINDOW_MARKER} or {@link
   * Punctuation#FINAL_MARKER}).
   *
   * @param port the output port number
   * @param mark the mark
   * @throws Exception when downstream processing fails
   */
  void mark(int port, Punctuation mark) throws Exception;

  /** A tuple consumer that may throw, for {@link #of}. */
  @FunctionalInterface
  interface TupleConsumer {
    /**
     * Receives one tuple.
     *
     * @param port the output port number
     * @param tuple the tuple
     * @throws Exception when processing fails
     */
    void accept(int port, Tuple tuple) throws Exception;
  }

  /**
   * A sink that passes tuples to {@code consumer} and ignores punctuation marks.
   *
   * @param consumer receives every tuple
   * @return the sink
   */
  static OutputSink of(TupleConsumer consumer) {
    return new OutputSink() {
      @Override
      public void tuple(int port, Tuple tuple) throws Exception {
        consumer.accept(port, tuple);
      }

      @Override
      public void mark(int port, Punctuation mark) {}
    };
  }

  /**
   * A sink that drops everything.
   *
   * @return the sink
   */
  static OutputSink discard() {
    return new OutputSink() {
      @Override
      public void tuple(int port, Tuple tuple) {}

      @Override
      public void mark(int port, Punctuation mark) {}
    };
  }
}
