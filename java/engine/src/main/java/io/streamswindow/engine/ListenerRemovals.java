package io.streamswindow.engine;

/**
 * How many tuples listeners have removed from one window through {@code Iterator.remove()} on an
 * event's tuples: shared by the window and every event view it hands out, so that a listener
 * keeping its own copy of the window's contents can tell that the copy no longer matches ({@link
 * EngineWindow#removedByListeners()}).
 */
final class ListenerRemovals {
  private long count;

  /** A listener removed one tuple. */
  void record() {
    count++;
  }

  /** The tuples removed so far. */
  long count() {
    return count;
  }
}
