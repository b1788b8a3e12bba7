package io.streamswindow.harness.internal;

import com.ibm.streams.flow.handlers.StreamHandler;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.runtime.OutputSink;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where one declared output port's stream goes: to the input ports connected to it, then to the
 * stream handlers a test registered, synchronously and in that order.
 */
final class OutputRouter implements OutputSink {
  private final List<InputFeed> connectedInputs = new CopyOnWriteArrayList<>();
  private final List<StreamHandler<Tuple>> handlers = new CopyOnWriteArrayList<>();

  void connect(InputFeed input) {
    connectedInputs.add(input);
  }

  void addHandler(StreamHandler<Tuple> handler) {
    handlers.add(handler);
  }

  @Override
  public void tuple(int port, Tuple tuple) throws Exception {
    for (InputFeed input : connectedInputs) {
      input.tuple(tuple);
    }
    for (StreamHandler<Tuple> handler : handlers) {
      handler.tuple(tuple);
    }
  }

  @Override
  public void mark(int port, Punctuation mark) throws Exception {
    for (InputFeed input : connectedInputs) {
      input.mark(mark);
    }
    for (StreamHandler<Tuple> handler : handlers) {
      handler.mark(mark);
    }
  }
}
