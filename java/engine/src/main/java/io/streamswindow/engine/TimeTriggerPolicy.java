package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * {@code time(T)} trigger: every T per partition, counted from the partition's creation (not its
 * first tuple), also when the partition is empty.
 *
 * @param <T> the tuple type
 */
final class TimeTriggerPolicy<T> implements TriggerPolicy<T> {
  private final long period;
  private final double seconds;

  TimeTriggerPolicy(double seconds) {
    this.seconds = seconds;
    this.period = Clock.secondsToNanos(seconds);
  }

  @Override
  public StreamWindow.Policy kind() {
    return StreamWindow.Policy.TIME;
  }

  @Override
  public void onCreate(Partition<T> partition, long now) {
    partition.nextTriggerAt = now + period;
  }

  @Override
  public TriggerResult onTime(Partition<T> partition, long now) {
    if (now < partition.nextTriggerAt) {
      return TriggerResult.CONTINUE;
    }
    partition.nextTriggerAt = EvictionPolicy.nextAfter(partition.nextTriggerAt, now, period);
    return TriggerResult.FIRE;
  }

  @Override
  public long deadline(Partition<T> partition) {
    return partition.nextTriggerAt;
  }

  @Override
  public String toString() {
    return "time(" + seconds + ")";
  }
}
