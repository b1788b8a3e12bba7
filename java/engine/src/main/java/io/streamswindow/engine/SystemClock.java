package io.streamswindow.engine;

import java.time.Instant;

/** The wall clock, as IBM Streams uses for {@code time()} policies. */
public final class SystemClock implements Clock {
  /** The one wall clock. */
  public static final SystemClock INSTANCE = new SystemClock();

  private SystemClock() {}

  @Override
  public long nanos() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  @Override
  public String toString() {
    return "SystemClock";
  }
}
