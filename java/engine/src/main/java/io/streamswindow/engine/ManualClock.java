package io.streamswindow.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;

/**
 * A clock that only moves when told to, so that time policies can be tested without sleeping.
 *
 * <p>Whoever runs windows on this clock (the operator host) registers an advance listener and, when
 * the clock moves, fires every timer that fell due, in time order, before {@link #advance} returns.
 * Example:
 *
 * <pre>{@code
 * ManualClock clock = ManualClock.startingAt(1_000.0);
 * clock.advance(1.5);          // every window on this clock has now seen t = 1001.5 s
 * }</pre>
 */
public final class ManualClock implements Clock {
  private volatile long nanos;
  private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();

  private ManualClock(long startNanos) {
    this.nanos = startNanos;
  }

  /** A clock reading {@code epochSeconds} until it is advanced. */
  public static ManualClock startingAt(double epochSeconds) {
    return new ManualClock(Clock.secondsToNanos(epochSeconds));
  }

  /** A clock starting at 2024-01-01T00:00:00Z, a fixed and realistic epoch for tests. */
  public static ManualClock create() {
    return startingAt(1_704_067_200.0);
  }

  @Override
  public long nanos() {
    return nanos;
  }

  /** The current reading in seconds since the epoch. */
  public double seconds() {
    return nanos / 1e9;
  }

  /** Moves the clock forward by {@code seconds} and notifies the listeners. */
  public void advance(double seconds) {
    if (seconds < 0) {
      throw new IllegalArgumentException("A clock cannot go back: advance(" + seconds + ")");
    }
    setNanos(nanos + Clock.secondsToNanos(seconds));
  }

  /** Sets the clock to {@code newNanos} (not earlier than now) and notifies the listeners. */
  public void setNanos(long newNanos) {
    if (newNanos < nanos) {
      throw new IllegalArgumentException(
          "A clock cannot go back from " + nanos + " to " + newNanos);
    }
    nanos = newNanos;
    for (LongConsumer listener : listeners) {
      listener.accept(newNanos);
    }
  }

  /** Registers a listener called with the new reading after every advance. */
  public void addAdvanceListener(LongConsumer listener) {
    listeners.add(listener);
  }

  /** Removes a listener registered with {@link #addAdvanceListener}. */
  public void removeAdvanceListener(LongConsumer listener) {
    listeners.remove(listener);
  }

  @Override
  public String toString() {
    return "ManualClock(" + seconds() + "s)";
  }
}
