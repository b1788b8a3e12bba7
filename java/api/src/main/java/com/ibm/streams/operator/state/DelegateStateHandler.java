package com.ibm.streams.operator.state;

import java.io.IOException;

/**
 * A state handler that passes every call on to another handler. Extend it to add behaviour around
 * some calls of an existing handler.
 *
 * <pre>{@code
 * StateHandler logged = new DelegateStateHandler<>(handler) {
 *   public void checkpoint(Checkpoint checkpoint) throws Exception {
 *     log("checkpoint " + checkpoint.getSequenceId());
 *     super.checkpoint(checkpoint);
 *   }
 * };
 * }</pre>
 *
 * @param <T> the type of the handler calls are passed to
 */
public class DelegateStateHandler<T extends StateHandler> implements StateHandler {

  private final T delegateHandler;

  /**
   * Creates a handler passing calls to {@code delegateHandler}.
   *
   * @param delegateHandler the handler that does the work
   */
  public DelegateStateHandler(T delegateHandler) {
    if (delegateHandler == null) {
      throw new NullPointerException("delegateHandler");
    }
    this.delegateHandler = delegateHandler;
  }

  /**
   * Returns the handler calls are passed to.
   *
   * @return the delegate
   */
  public T getDelegateHandler() {
    return delegateHandler;
  }

  @Override
  public void close() throws IOException {
    delegateHandler.close();
  }

  @Override
  public void drain() throws Exception {
    delegateHandler.drain();
  }

  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    delegateHandler.reset(checkpoint);
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    delegateHandler.checkpoint(checkpoint);
  }

  @Override
  public void retireCheckpoint(long id) throws Exception {
    delegateHandler.retireCheckpoint(id);
  }

  @Override
  public void resetToInitialState() throws Exception {
    delegateHandler.resetToInitialState();
  }

  @Override
  public void prepareForNonBlockingCheckpoint(long id) throws Exception {
    delegateHandler.prepareForNonBlockingCheckpoint(id);
  }

  @Override
  public void regionCheckpointed(long id) throws Exception {
    delegateHandler.regionCheckpointed(id);
  }
}
