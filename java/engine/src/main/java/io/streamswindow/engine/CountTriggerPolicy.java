package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * {@code count(M)} trigger: after every M-th insertion since the partition's last trigger.
 *
 * @param <T> the tuple type
 */
final class CountTriggerPolicy<T> implements TriggerPolicy<T> {
  private final int count;

  CountTriggerPolicy(int count) {
    this.count = count;
  }

  @Override
  public StreamWindow.Policy kind() {
    return StreamWindow.Policy.COUNT;
  }

  @Override
  public TriggerResult afterInsert(Partition<T> partition) {
    if (++partition.insertionsSinceTrigger < count) {
      return TriggerResult.CONTINUE;
    }
    partition.insertionsSinceTrigger = 0;
    return TriggerResult.FIRE;
  }

  @Override
  public String toString() {
    return "count(" + count + ")";
  }
}
