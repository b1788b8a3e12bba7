package io.streamswindow.runtime;

import io.streamswindow.engine.Clock;

/** A clock the test sets; the host does not watch it, so time only matters when the host asks. */
final class SettableClock implements Clock {
  long nanos = 1_000_000_000_000_000_000L;

  @Override
  public long nanos() {
    return nanos;
  }

  void advanceSeconds(double seconds) {
    nanos += Clock.secondsToNanos(seconds);
  }
}
