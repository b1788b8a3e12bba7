package com.ibm.streams.flow.handlers;

import com.ibm.streams.operator.StreamingData.Punctuation;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A stream handler that counts tuples and punctuation marks, and lets a test wait until enough
 * tuples have arrived (for operators that submit from their own threads).
 *
 * <pre>{@code
 * StreamCounter<Tuple> counter = new StreamCounter<>();
 * graph.registerStreamHandler(out, counter);
 * assertTrue(counter.waitForTuples(10, 5, TimeUnit.SECONDS));
 * assertEquals(1, counter.getMarkCount(Punctuation.FINAL_MARKER));
 * }</pre>
 *
 * @param <T> the tuple type
 */
public class StreamCounter<T> implements StreamHandler<T> {
  private long tuples;
  private final Map<Punctuation, Long> marks = new EnumMap<>(Punctuation.class);

  /** Creates a counter at zero. */
  public StreamCounter() {}

  /**
   * Returns the number of tuples seen since creation or the last {@link #reset()}.
   *
   * @return the tuple count
   */
  public synchronized long getTupleCount() {
    return tuples;
  }

  /**
   * Returns how many marks of one kind were seen.
   *
   * @param mark the kind of mark
   * @return the count
   */
  public synchronized long getMarkCount(Punctuation mark) {
    return marks.getOrDefault(mark, 0L);
  }

  @Override
  public synchronized void tuple(T tuple) throws Exception {
    tuples++;
    notifyAll();
  }

  @Override
  public synchronized void mark(Punctuation mark) throws Exception {
    marks.merge(mark, 1L, Long::sum);
    notifyAll();
  }

  /** Sets every count back to zero. */
  public synchronized void reset() {
    tuples = 0;
    marks.clear();
  }

  /**
   * Waits until at least {@code count} tuples have been counted, or the timeout passes.
   *
   * @param count the number of tuples to wait for
   * @param timeout how long to wait at most
   * @param unit the unit of {@code timeout}
   * @return true when the count was reached, false on timeout
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public boolean waitForTuples(int count, long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    synchronized (this) {
      while (tuples < count) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
      return true;
    }
  }
}
