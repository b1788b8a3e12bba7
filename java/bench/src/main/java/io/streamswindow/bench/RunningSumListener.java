package io.streamswindow.bench;

import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * A sliding-window listener that keeps a running sum: adds on INSERTION, subtracts on EVICTION and
 * reads the sum on TRIGGER. Its own work per tuple is constant, so any growth of the cost per tuple
 * with the window size is the engine's.
 */
public final class RunningSumListener implements StreamWindowListener<Sample> {
  private double sum;
  private double lastTriggered;
  private long triggers;

  @Override
  public void handleEvent(StreamWindowEvent<Sample> event) {
    switch (event.getType()) {
      case INSERTION:
        for (Sample s : event.getTuples()) {
          sum += s.value();
        }
        break;
      case EVICTION:
        for (Sample s : event.getTuples()) {
          sum -= s.value();
        }
        break;
      case TRIGGER:
        lastTriggered = sum;
        triggers++;
        break;
      default:
        break;
    }
  }

  /** The running sum as read by the latest TRIGGER. */
  public double lastTriggered() {
    return lastTriggered;
  }

  /** How many TRIGGER events were seen. */
  public long triggers() {
    return triggers;
  }
}
