package io.streamswindow.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The panes of a timeInterval window declaration, as written in an SPL window clause: {@code
 * intervalDuration(D)}, {@code creationPeriod(P)}, {@code discardAge(A)} and {@code
 * intervalOffset(O)}, all in seconds. An immutable value.
 *
 * <p>Pane k covers the event times {@code [k·P + O, k·P + O + D)}; it closes when the watermark
 * reaches {@code end + A}. Defaults: P = D (panes tile the time line), A = 0, O = 0. {@link
 * #toString()} prints the clause options, leaving out those at their default, so that equal specs
 * print alike: {@code intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0)}.
 */
public final class TimeIntervalSpec {
  private final double intervalDuration;
  private final double creationPeriod;
  private final double discardAge;
  private final double intervalOffset;

  private TimeIntervalSpec(double d, double p, double a, double o) {
    this.intervalDuration = d;
    this.creationPeriod = p;
    this.discardAge = a;
    this.intervalOffset = o;
  }

  /**
   * {@code intervalDuration(D)} with the defaults: {@code creationPeriod(D)}, {@code
   * discardAge(0)}, {@code intervalOffset(0)}.
   *
   * @throws IllegalArgumentException when D is not a positive, finite number of seconds
   */
  public static TimeIntervalSpec of(double intervalDuration) {
    return of(intervalDuration, intervalDuration, 0, 0);
  }

  /**
   * All four options.
   *
   * @throws IllegalArgumentException naming the option when D or P is not positive, A is negative,
   *     O is outside {@code [0, D)}, or any is not a finite number
   */
  public static TimeIntervalSpec of(
      double intervalDuration, double creationPeriod, double discardAge, double intervalOffset) {
    positive("intervalDuration", intervalDuration);
    positive("creationPeriod", creationPeriod);
    if (!(discardAge >= 0) || Double.isInfinite(discardAge)) {
      throw new IllegalArgumentException(
          "discardAge("
              + discardAge
              + "): the discard age must be a finite number of seconds, 0 or more");
    }
    if (!(intervalOffset >= 0) || !(intervalOffset < intervalDuration)) {
      throw new IllegalArgumentException(
          "intervalOffset("
              + intervalOffset
              + "): the offset must be at least 0 and less than intervalDuration("
              + intervalDuration
              + ")");
    }
    return new TimeIntervalSpec(intervalDuration, creationPeriod, discardAge, intervalOffset);
  }

  private static void positive(String option, double seconds) {
    if (!(seconds > 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException(
          option + "(" + seconds + "): must be a positive, finite number of seconds");
    }
  }

  /** This spec with {@code creationPeriod(P)}. */
  public TimeIntervalSpec withCreationPeriod(double p) {
    return of(intervalDuration, p, discardAge, intervalOffset);
  }

  /** This spec with {@code discardAge(A)}. */
  public TimeIntervalSpec withDiscardAge(double a) {
    return of(intervalDuration, creationPeriod, a, intervalOffset);
  }

  /** This spec with {@code intervalOffset(O)}. */
  public TimeIntervalSpec withIntervalOffset(double o) {
    return of(intervalDuration, creationPeriod, discardAge, o);
  }

  /** D, in seconds. */
  public double intervalDuration() {
    return intervalDuration;
  }

  /** P, in seconds. */
  public double creationPeriod() {
    return creationPeriod;
  }

  /** A, in seconds. */
  public double discardAge() {
    return discardAge;
  }

  /** O, in seconds. */
  public double intervalOffset() {
    return intervalOffset;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimeIntervalSpec s
        && Double.compare(intervalDuration, s.intervalDuration) == 0
        && Double.compare(creationPeriod, s.creationPeriod) == 0
        && Double.compare(discardAge, s.discardAge) == 0
        && Double.compare(intervalOffset, s.intervalOffset) == 0;
  }

  @Override
  public int hashCode() {
    return Double.hashCode(intervalDuration) * 31 * 31 * 31
        + Double.hashCode(creationPeriod) * 31 * 31
        + Double.hashCode(discardAge) * 31
        + Double.hashCode(intervalOffset);
  }

  /** The clause options, those at their default left out. */
  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    parts.add("intervalDuration(" + intervalDuration + ")");
    if (creationPeriod != intervalDuration) {
      parts.add("creationPeriod(" + creationPeriod + ")");
    }
    if (discardAge != 0) {
      parts.add("discardAge(" + discardAge + ")");
    }
    if (intervalOffset != 0) {
      parts.add("intervalOffset(" + intervalOffset + ")");
    }
    return String.join(", ", parts);
  }
}
