package io.streamswindow.bench;

import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * A tumbling-window listener that sums incrementally: it adds each tuple's value on INSERTION and,
 * on EVICTION (the tumble), emits the sum and starts again from zero, without iterating the evicted
 * tuples. The shape of a typical hand-written tumbling aggregate.
 */
public final class TumblingSumListener implements StreamWindowListener<Sample> {
  private double sum;
  private double lastEmitted;
  private long tumbles;

  @Override
  public void handleEvent(StreamWindowEvent<Sample> event) {
    switch (event.getType()) {
      case INSERTION:
        for (Sample s : event.getTuples()) {
          sum += s.value();
        }
        break;
      case EVICTION:
        lastEmitted = sum;
        tumbles++;
        sum = 0;
        break;
      default:
        break;
    }
  }

  /** The sum emitted by the latest tumble. */
  public double lastEmitted() {
    return lastEmitted;
  }

  /** How many tumbles have been emitted. */
  public long tumbles() {
    return tumbles;
  }

  /** The sum of the tuples inserted since the latest tumble. */
  public double pending() {
    return sum;
  }
}
