package io.streamswindow.bench;

import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * A partitioned tumbling-window listener that sums the tuples of each tumble when it happens, by
 * iterating the EVICTION event's tuples. It keeps no per-partition state of its own, so the
 * benchmark measures the engine's partition bookkeeping, not a map in the listener.
 */
public final class TumbleTupleSumListener implements StreamWindowListener<Sample> {
  private double lastEmitted;
  private Object lastPartition;
  private long tumbles;

  @Override
  public void handleEvent(StreamWindowEvent<Sample> event) {
    if (event.getType() == StreamWindowEvent.Type.EVICTION) {
      double sum = 0;
      for (Sample s : event.getTuples()) {
        sum += s.value();
      }
      lastEmitted = sum;
      lastPartition = event.getPartition();
      tumbles++;
    }
  }

  /** The sum emitted by the latest tumble. */
  public double lastEmitted() {
    return lastEmitted;
  }

  /** The partition of the latest tumble. */
  public Object lastPartition() {
    return lastPartition;
  }

  /** How many tumbles have been emitted, over all partitions. */
  public long tumbles() {
    return tumbles;
  }
}
