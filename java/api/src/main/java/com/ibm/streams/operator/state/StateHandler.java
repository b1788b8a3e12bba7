package com.ibm.streams.operator.state;

import java.io.Closeable;

/**
 * Saves and restores an operator's state so that it can resume after a failure. Register one with
 * {@link com.ibm.streams.operator.OperatorContext#registerStateHandler(StateHandler)}; a {@link
 * com.ibm.streams.operator.window.StatefulWindowListener} registers itself.
 *
 * <p>The runtime calls {@link #drain()} before a checkpoint, then {@link #checkpoint(Checkpoint)};
 * on recovery it calls {@link #reset(Checkpoint)} with a saved checkpoint or {@link
 * #resetToInitialState()} when there is none. Calls never overlap with tuple processing.
 *
 * <pre>{@code
 * public void checkpoint(Checkpoint checkpoint) throws Exception {
 *   checkpoint.getOutputStream().writeLong(count);
 * }
 * public void reset(Checkpoint checkpoint) throws Exception {
 *   count = checkpoint.getInputStream().readLong();
 * }
 * }</pre>
 */
public interface StateHandler extends Closeable {

  /**
   * Finishes outstanding work (such as pending output) before a checkpoint is taken.
   *
   * @throws Exception to fail the checkpoint
   */
  void drain() throws Exception;

  /**
   * Restores the state saved in a checkpoint.
   *
   * @param checkpoint the checkpoint to read
   * @throws Exception to fail the reset
   */
  void reset(Checkpoint checkpoint) throws Exception;

  /**
   * Saves the current state into a checkpoint.
   *
   * @param checkpoint the checkpoint to write
   * @throws Exception to fail the checkpoint
   */
  void checkpoint(Checkpoint checkpoint) throws Exception;

  /**
   * Tells the handler that a checkpoint is no longer needed, so that resources held for it can go.
   *
   * @param id the checkpoint's sequence id
   * @throws Exception reported by the runtime
   */
  void retireCheckpoint(long id) throws Exception;

  /**
   * Returns the state to what it was before any tuple arrived.
   *
   * @throws Exception to fail the reset
   */
  void resetToInitialState() throws Exception;

  /**
   * Prepares for a checkpoint taken while tuples keep flowing. The default does nothing.
   *
   * @param id the checkpoint's sequence id
   * @throws Exception to fail the checkpoint
   */
  default void prepareForNonBlockingCheckpoint(long id) throws Exception {}

  /**
   * Tells the handler that the whole region has completed checkpoint {@code id}. The default does
   * nothing.
   *
   * @param id the checkpoint's sequence id
   * @throws Exception reported by the runtime
   */
  default void regionCheckpointed(long id) throws Exception {}
}
