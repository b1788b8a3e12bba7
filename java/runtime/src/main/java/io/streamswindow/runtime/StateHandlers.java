package io.streamswindow.runtime;

import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The state handlers an operator registered, in registration order. Registering the same object
 * twice keeps the first registration (identity, not {@code equals}), because a listener that is
 * also a state handler reaches here both from the window and from the operator.
 *
 * <p>Every operation calls the handlers in registration order; the host calls them after the
 * corresponding window action, under its lock.
 */
final class StateHandlers {
  private final List<StateHandler> handlers = new ArrayList<>();

  synchronized void register(StateHandler handler) {
    Objects.requireNonNull(handler, "registerStateHandler(null)");
    for (StateHandler known : handlers) {
      if (known == handler) {
        return;
      }
    }
    handlers.add(handler);
  }

  /** A snapshot, so that a handler registering another during a call does not disturb it. */
  synchronized List<StateHandler> list() {
    return List.copyOf(handlers);
  }

  void drain() throws Exception {
    for (StateHandler handler : list()) {
      handler.drain();
    }
  }

  void checkpoint(Checkpoint checkpoint) throws Exception {
    for (StateHandler handler : list()) {
      handler.checkpoint(checkpoint);
    }
  }

  void reset(Checkpoint checkpoint) throws Exception {
    for (StateHandler handler : list()) {
      handler.reset(checkpoint);
    }
  }

  void resetToInitialState() throws Exception {
    for (StateHandler handler : list()) {
      handler.resetToInitialState();
    }
  }

  void retireCheckpoint(long id) throws Exception {
    for (StateHandler handler : list()) {
      handler.retireCheckpoint(id);
    }
  }

  void regionCheckpointed(long id) throws Exception {
    for (StateHandler handler : list()) {
      handler.regionCheckpointed(id);
    }
  }

  /** Closes every handler, even when one fails; the first failure is thrown at the end. */
  void closeAll() throws IOException {
    IOException first = null;
    for (StateHandler handler : list()) {
      try {
        handler.close();
      } catch (IOException | RuntimeException e) {
        IOException wrapped = e instanceof IOException io ? io : new IOException(e);
        if (first == null) {
          first = wrapped;
        } else {
          first.addSuppressed(wrapped);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
