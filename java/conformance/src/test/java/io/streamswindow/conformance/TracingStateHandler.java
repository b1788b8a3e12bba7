package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import com.ibm.streams.operator.window.StreamWindow;
import java.util.ArrayList;

/**
 * An operator StateHandler that records each call ({@code stateHandler drain}, ...) so a trace
 * shows it runs after the window's own action, and optionally evicts every partition during drain,
 * the one window change SPL allows there (docs/conformance.md).
 */
final class TracingStateHandler implements StateHandler {
  private final StreamWindow<Tuple> window;
  private final Trace trace;
  private final boolean evictPartitionsOnDrain;

  TracingStateHandler(StreamWindow<Tuple> window, Trace trace, boolean evictPartitionsOnDrain) {
    this.window = window;
    this.trace = trace;
    this.evictPartitionsOnDrain = evictPartitionsOnDrain;
  }

  @Override
  public void drain() throws Exception {
    trace.add("stateHandler drain");
    if (evictPartitionsOnDrain) {
      for (Object partition : new ArrayList<>(window.getPartitions())) {
        window.evictPartition(partition);
      }
    }
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) {
    trace.add("stateHandler checkpoint");
  }

  @Override
  public void reset(Checkpoint checkpoint) {
    trace.add("stateHandler reset");
  }

  @Override
  public void resetToInitialState() {
    trace.add("stateHandler resetToInitialState");
  }

  @Override
  public void retireCheckpoint(long id) {}

  @Override
  public void close() {}
}
