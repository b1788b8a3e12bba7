package com.ibm.streams.operator.state;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A state handler made of other handlers, called one after the other in the order they were added.
 * Every handler reads back from a checkpoint exactly what it wrote, so the order of {@link
 * #reset(Checkpoint)} matches the order of {@link #checkpoint(Checkpoint)}.
 *
 * <p>When a handler fails, the call stops there and the exception propagates, except for {@link
 * #close()}, which closes every handler and then throws the first failure.
 *
 * <pre>{@code
 * OrderedStateHandlers handlers = new OrderedStateHandlers(windowState, counters);
 * context.registerStateHandler(handlers);
 * }</pre>
 */
public class OrderedStateHandlers implements StateHandler {

  private final List<StateHandler> handlers = new CopyOnWriteArrayList<>();

  /**
   * Creates the composite with initial handlers.
   *
   * @param initialHandlers the handlers, in calling order
   */
  public OrderedStateHandlers(StateHandler... initialHandlers) {
    for (StateHandler handler : initialHandlers) {
      addHandler(handler);
    }
  }

  /**
   * Appends a handler; it is called after those already present.
   *
   * @param handler the handler
   */
  public final void addHandler(StateHandler handler) {
    if (handler == null) {
      throw new NullPointerException("handler");
    }
    handlers.add(handler);
  }

  /**
   * Returns the handlers in calling order.
   *
   * @return a read-only snapshot
   */
  public final List<StateHandler> getHandlers() {
    return Collections.unmodifiableList(new ArrayList<>(handlers));
  }

  @Override
  public void close() throws IOException {
    IOException firstFailure = null;
    for (StateHandler handler : handlers) {
      try {
        handler.close();
      } catch (IOException e) {
        if (firstFailure == null) {
          firstFailure = e;
        } else {
          firstFailure.addSuppressed(e);
        }
      }
    }
    if (firstFailure != null) {
      throw firstFailure;
    }
  }

  @Override
  public void drain() throws Exception {
    for (StateHandler handler : handlers) {
      handler.drain();
    }
  }

  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    for (StateHandler handler : handlers) {
      handler.reset(checkpoint);
    }
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    for (StateHandler handler : handlers) {
      handler.checkpoint(checkpoint);
    }
  }

  @Override
  public void retireCheckpoint(long id) throws Exception {
    for (StateHandler handler : handlers) {
      handler.retireCheckpoint(id);
    }
  }

  @Override
  public void resetToInitialState() throws Exception {
    for (StateHandler handler : handlers) {
      handler.resetToInitialState();
    }
  }

  @Override
  public void prepareForNonBlockingCheckpoint(long id) throws Exception {
    for (StateHandler handler : handlers) {
      handler.prepareForNonBlockingCheckpoint(id);
    }
  }

  @Override
  public void regionCheckpointed(long id) throws Exception {
    for (StateHandler handler : handlers) {
      handler.regionCheckpointed(id);
    }
  }
}
