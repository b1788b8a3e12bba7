package com.ibm.streams.operator.samples.state;

import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import java.io.IOException;

/**
 * An {@code int} count that is its own {@link StateHandler}: a checkpoint writes the count, a reset
 * reads it back, and a reset to the initial state sets it to 0. {@code PollingSingleTupleProducer}
 * counts its tuples with one.
 *
 * <pre>{@code
 * Counter sent = new Counter();
 * context.registerStateHandler(sent);
 * sent.increment();   // 1, and 1 again after a restart from this checkpoint
 * }</pre>
 */
public class Counter implements StateHandler {
  private int count;

  /** Makes a counter at 0. */
  public Counter() {}

  /** Nothing to release. */
  @Override
  public void close() throws IOException {}

  /** Nothing to drain: the count is always current. */
  @Override
  public void drain() throws Exception {}

  /** Sets the count to the one the checkpoint holds. */
  @Override
  public synchronized void reset(Checkpoint checkpoint) throws Exception {
    setCount(checkpoint.getInputStream().readInt());
  }

  /** Writes the count as one {@code int}. */
  @Override
  public synchronized void checkpoint(Checkpoint checkpoint) throws Exception {
    checkpoint.getOutputStream().writeInt(getCount());
  }

  /** Nothing kept per checkpoint. */
  @Override
  public void retireCheckpoint(long id) throws Exception {}

  /** Sets the count to 0. */
  @Override
  public synchronized void resetToInitialState() throws Exception {
    count = 0;
  }

  /**
   * Returns the count.
   *
   * @return the count
   */
  public synchronized int getCount() {
    return count;
  }

  /**
   * Sets the count.
   *
   * @param count the new count
   */
  public synchronized void setCount(int count) {
    this.count = count;
  }

  /**
   * Adds one.
   *
   * @return the new count
   */
  public synchronized int increment() {
    return ++count;
  }

  /**
   * Takes one away.
   *
   * @return the new count
   */
  public synchronized int decrement() {
    return --count;
  }
}
