package io.streamswindow.engine;

import java.util.PriorityQueue;

/**
 * The partitions of a window ordered by the instant their time policies next need them.
 *
 * <p>A partition is pushed only when its deadline moves earlier than the one already queued; a
 * later deadline is found when the earlier entry fires and does nothing. Stale entries are skipped
 * when they reach the head. Ties fire in partition creation order, so results do not depend on
 * hashing.
 *
 * @param <T> the tuple type
 */
final class TimerQueue<T> {
  private record Timer<T>(long at, Partition<T> partition) {}

  private final PriorityQueue<Timer<T>> queue =
      new PriorityQueue<>(
          (a, b) ->
              a.at != b.at
                  ? Long.compare(a.at, b.at)
                  : Long.compare(a.partition.sequence, b.partition.sequence));

  /** Makes sure {@code partition} is woken no later than {@code at}. */
  void schedule(Partition<T> partition, long at) {
    if (at < partition.scheduledAt) {
      partition.scheduledAt = at;
      queue.add(new Timer<>(at, partition));
    }
  }

  /** The instant of the earliest live timer, or {@code Long.MAX_VALUE}. */
  long next() {
    dropStale();
    Timer<T> head = queue.peek();
    return head == null ? Long.MAX_VALUE : head.at;
  }

  /**
   * Removes and returns the partition due at or before {@code now}, or null. Its {@code
   * scheduledAt} still holds the instant it was due at; the caller clears it.
   */
  Partition<T> pollDue(long now) {
    dropStale();
    Timer<T> head = queue.peek();
    if (head == null || head.at > now) {
      return null;
    }
    queue.poll();
    return head.partition;
  }

  void clear() {
    queue.clear();
  }

  private void dropStale() {
    Timer<T> head;
    while ((head = queue.peek()) != null
        && (head.partition.evicted || head.partition.scheduledAt != head.at)) {
      queue.poll();
    }
  }
}
