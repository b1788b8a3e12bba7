package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * {@code time(T)} eviction. Tumbling: every T the partition tumbles, also when empty, on a grid
 * starting at the partition's creation. Sliding: a tuple leaves once it has been in the window more
 * than T; the window starts full.
 *
 * @param <T> the tuple type
 */
final class TimeEvictionPolicy<T> implements EvictionPolicy<T> {
  private final long period;
  private final double seconds;
  private final StreamWindow.Type type;

  TimeEvictionPolicy(double seconds, StreamWindow.Type type) {
    this.seconds = seconds;
    this.period = Clock.secondsToNanos(seconds);
    this.type = type;
  }

  private boolean sliding() {
    return type == StreamWindow.Type.SLIDING;
  }

  @Override
  public StreamWindow.Policy kind() {
    return StreamWindow.Policy.TIME;
  }

  @Override
  public InitialFull initialFull() {
    return sliding() ? InitialFull.ON_CREATION : InitialFull.NEVER;
  }

  @Override
  public void onCreate(Partition<T> partition, long now) {
    if (!sliding()) {
      partition.nextTumbleAt = now + period;
    }
  }

  @Override
  public Eviction onTime(Partition<T> partition, long now) {
    if (sliding()) {
      // Strictly more than T: a tuple exactly T old is still in the window.
      int expired = 0;
      for (Entry<T> entry : partition.entries) {
        if (now - entry.insertedAt <= period) {
          break;
        }
        expired++;
      }
      return Eviction.oldest(expired);
    }
    if (now < partition.nextTumbleAt) {
      return Eviction.NONE;
    }
    // Keep the grid: after a catch-up the next tumble is still a whole number of periods after the
    // last recorded one, as SPL restores a time window (docs/decisions.md, "Catch-up after a
    // reset").
    partition.nextTumbleAt = EvictionPolicy.nextAfter(partition.nextTumbleAt, now, period);
    return Eviction.ALL;
  }

  @Override
  public long deadline(Partition<T> partition) {
    if (!sliding()) {
      return partition.nextTumbleAt;
    }
    Entry<T> oldest = partition.entries.peekFirst();
    return oldest == null ? Long.MAX_VALUE : oldest.insertedAt + period + 1;
  }

  @Override
  public String toString() {
    return "time(" + seconds + ")";
  }
}
