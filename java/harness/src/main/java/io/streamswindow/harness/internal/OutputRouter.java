package io.streamswindow.harness.internal;

import com.ibm.streams.flow.handlers.StreamHandler;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.runtime.OutputSink;
import java.util.Arrays;

/**
 * Where one declared output port's stream goes: to the input ports connected to it, then to the
 * stream handlers a test registered, synchronously and in that order.
 *
 * <p>The destinations are arrays replaced whole when one is added (connections are made while a
 * graph is set up, tuples flow for the rest of a test), and each tuple walks them by index: an
 * iterator per tuple would be an allocation on every output tuple whenever the JIT does not remove
 * it (docs/performance.md, "Through IBM's harness").
 */
final class OutputRouter implements OutputSink {
  private volatile InputFeed[] connectedInputs = new InputFeed[0];
  private volatile StreamHandler<?>[] handlers = new StreamHandler<?>[0];

  synchronized void connect(InputFeed input) {
    InputFeed[] next = Arrays.copyOf(connectedInputs, connectedInputs.length + 1);
    next[next.length - 1] = input;
    connectedInputs = next;
  }

  synchronized void addHandler(StreamHandler<Tuple> handler) {
    StreamHandler<?>[] next = Arrays.copyOf(handlers, handlers.length + 1);
    next[next.length - 1] = handler;
    handlers = next;
  }

  @SuppressWarnings("unchecked")
  private static StreamHandler<Tuple> handler(StreamHandler<?> handler) {
    return (StreamHandler<Tuple>) handler;
  }

  @Override
  public void tuple(int port, Tuple tuple) throws Exception {
    InputFeed[] inputs = connectedInputs;
    for (int i = 0; i < inputs.length; i++) {
      inputs[i].tuple(tuple);
    }
    StreamHandler<?>[] sinks = handlers;
    for (int i = 0; i < sinks.length; i++) {
      handler(sinks[i]).tuple(tuple);
    }
  }

  @Override
  public void mark(int port, Punctuation mark) throws Exception {
    InputFeed[] inputs = connectedInputs;
    for (int i = 0; i < inputs.length; i++) {
      inputs[i].mark(mark);
    }
    StreamHandler<?>[] sinks = handlers;
    for (int i = 0; i < sinks.length; i++) {
      handler(sinks[i]).mark(mark);
    }
  }
}
