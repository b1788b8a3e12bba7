package com.ibm.streams.operator.types;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * The value of an SPL {@code timestamp} attribute: a point in time as whole seconds since the Unix
 * epoch plus nanoseconds, with the identifier of the machine that produced it. Values are
 * immutable.
 *
 * <p>The nanoseconds are always in {@code [0, 999_999_999]}: the constructors carry any excess, or
 * a negative amount, into the seconds, so {@code new Timestamp(1, -1)} is {@code 0.999999999}
 * seconds. Ordering ({@link #compareTo(Timestamp)}, {@link #before}, {@link #after}) looks at the
 * point in time; two timestamps are {@link #equals equal} when they have the same time and the same
 * machine id.
 *
 * <pre>{@code
 * Timestamp start = Timestamp.getTimestamp(1_700_000_000_000L); // from milliseconds
 * Timestamp later = start.add(new Timestamp(30, 0));            // 30 seconds later
 * BigDecimal seconds = later.getTimeAsSeconds();                // 1700000030.000000000
 * }</pre>
 */
public final class Timestamp implements Serializable, Comparable<Timestamp> {

  private static final long serialVersionUID = 1L;

  /** The machine id of timestamps created without one. */
  public static final int DEFAULT_MACHINE = 0;

  private static final int NANOS_PER_SECOND = 1_000_000_000;
  private static final int NANOS_PER_MILLI = 1_000_000;

  /** Whole seconds since the epoch, rounded toward the past. */
  private final long seconds;

  /** Nanoseconds past {@link #seconds}, in {@code [0, 999_999_999]}. */
  private final int nanoseconds;

  /** The identifier of the machine that produced the time. */
  private final int machineId;

  /**
   * Creates a timestamp on the default machine.
   *
   * @param seconds seconds since the epoch
   * @param nanoseconds nanoseconds added to them; carried into the seconds when outside {@code [0,
   *     999_999_999]}
   */
  public Timestamp(long seconds, int nanoseconds) {
    this(seconds, nanoseconds, DEFAULT_MACHINE);
  }

  /**
   * Creates a timestamp.
   *
   * @param seconds seconds since the epoch
   * @param nanoseconds nanoseconds added to them; carried into the seconds when outside {@code [0,
   *     999_999_999]}
   * @param machineId the identifier of the machine that produced the time
   */
  public Timestamp(long seconds, int nanoseconds, int machineId) {
    this.seconds = Math.addExact(seconds, Math.floorDiv(nanoseconds, NANOS_PER_SECOND));
    this.nanoseconds = Math.floorMod(nanoseconds, NANOS_PER_SECOND);
    this.machineId = machineId;
  }

  /**
   * Returns the current time of the system clock, on the default machine.
   *
   * @return the current time
   */
  public static Timestamp currentTime() {
    return currentTime(DEFAULT_MACHINE);
  }

  /**
   * Returns the current time of the system clock.
   *
   * @param machineId the machine id of the result
   * @return the current time
   */
  public static Timestamp currentTime(int machineId) {
    Instant now = Instant.now();
    return new Timestamp(now.getEpochSecond(), now.getNano(), machineId);
  }

  /**
   * Returns the timestamp of a time in milliseconds since the epoch, on the default machine.
   *
   * @param millis milliseconds since the epoch, as {@link System#currentTimeMillis()} gives
   * @return the timestamp
   */
  public static Timestamp getTimestamp(long millis) {
    return getTimestamp(millis, DEFAULT_MACHINE);
  }

  /**
   * Returns the timestamp of a time in milliseconds since the epoch.
   *
   * @param millis milliseconds since the epoch
   * @param machineId the machine id of the result
   * @return the timestamp
   */
  public static Timestamp getTimestamp(long millis, int machineId) {
    return new Timestamp(
        Math.floorDiv(millis, 1000L),
        (int) Math.floorMod(millis, 1000L) * NANOS_PER_MILLI,
        machineId);
  }

  /**
   * Returns the timestamp of a JDBC timestamp, keeping its nanoseconds, on the default machine.
   *
   * @param time the JDBC timestamp
   * @return the timestamp
   */
  public static Timestamp getTimestamp(java.sql.Timestamp time) {
    return getTimestamp(time, DEFAULT_MACHINE);
  }

  /**
   * Returns the timestamp of a JDBC timestamp, keeping its nanoseconds.
   *
   * @param time the JDBC timestamp
   * @param machineId the machine id of the result
   * @return the timestamp
   */
  public static Timestamp getTimestamp(java.sql.Timestamp time, int machineId) {
    // getTime() already holds the milliseconds of getNanos(); keep only the whole seconds of it.
    return new Timestamp(Math.floorDiv(time.getTime(), 1000L), time.getNanos(), machineId);
  }

  /**
   * Returns the timestamp of a time in seconds since the epoch, rounded to the nearest nanosecond,
   * on the default machine.
   *
   * @param seconds seconds since the epoch, with a fraction
   * @return the timestamp
   */
  public static Timestamp getTimestamp(double seconds) {
    return getTimestamp(new BigDecimal(seconds).setScale(9, RoundingMode.HALF_UP));
  }

  /**
   * Returns the timestamp of a time in seconds since the epoch, on the default machine. Digits
   * beyond nanoseconds are dropped (rounding toward the past).
   *
   * @param seconds seconds since the epoch, with a fraction
   * @return the timestamp
   */
  public static Timestamp getTimestamp(BigDecimal seconds) {
    BigDecimal wholeSeconds = seconds.setScale(0, RoundingMode.FLOOR);
    int nanos =
        seconds
            .subtract(wholeSeconds)
            .movePointRight(9)
            .setScale(0, RoundingMode.FLOOR)
            .intValueExact();
    return new Timestamp(wholeSeconds.longValueExact(), nanos);
  }

  /**
   * Returns the identifier of the machine that produced the time.
   *
   * @return the machine id
   */
  public int getMachineId() {
    return machineId;
  }

  /**
   * Returns the nanoseconds past {@link #getSeconds()}.
   *
   * @return a value in {@code [0, 999_999_999]}
   */
  public int getNanoseconds() {
    return nanoseconds;
  }

  /**
   * Returns the whole seconds since the epoch (rounded toward the past).
   *
   * @return the seconds
   */
  public long getSeconds() {
    return seconds;
  }

  /**
   * Returns the time in milliseconds since the epoch, dropping sub-millisecond digits.
   *
   * @return the milliseconds
   */
  public long getTime() {
    return seconds * 1000L + nanoseconds / NANOS_PER_MILLI;
  }

  /**
   * Returns the time as a JDBC timestamp, keeping the nanoseconds.
   *
   * @return a new JDBC timestamp
   */
  public java.sql.Timestamp getSQLTimestamp() {
    java.sql.Timestamp time = new java.sql.Timestamp(seconds * 1000L);
    time.setNanos(nanoseconds);
    return time;
  }

  @Override
  public int hashCode() {
    int hash = Long.hashCode(seconds);
    hash = 31 * hash + nanoseconds;
    return 31 * hash + machineId;
  }

  /**
   * Tells whether another object is a timestamp with the same seconds, nanoseconds and machine id.
   *
   * @param other the object to compare with
   * @return true when equal
   */
  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof Timestamp)) {
      return false;
    }
    Timestamp that = (Timestamp) other;
    return seconds == that.seconds
        && nanoseconds == that.nanoseconds
        && machineId == that.machineId;
  }

  /**
   * Returns the time in seconds since the epoch, exactly, with nine decimal places.
   *
   * @return the seconds
   */
  public BigDecimal getTimeAsSeconds() {
    return BigDecimal.valueOf(seconds).add(BigDecimal.valueOf(nanoseconds, 9));
  }

  /**
   * Returns the time since the epoch in a unit, rounded toward the past. Results that do not fit a
   * {@code long} saturate, as {@link TimeUnit#convert(long, TimeUnit)} does.
   *
   * @param unit the unit
   * @return the time in that unit
   */
  public long convertTo(TimeUnit unit) {
    long whole = unit.convert(seconds, TimeUnit.SECONDS);
    long part = unit.convert(nanoseconds, TimeUnit.NANOSECONDS);
    long sum = whole + part;
    // Saturate instead of wrapping, like TimeUnit.convert does.
    if (((whole ^ sum) & (part ^ sum)) < 0) {
      return whole < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return sum;
  }

  /**
   * Orders timestamps by time: seconds, then nanoseconds. Timestamps of the same time on different
   * machines are ordered by machine id, so that the order agrees with {@link #equals(Object)}.
   *
   * @param other the timestamp to compare with
   * @return negative, zero or positive as this is before, equal to or after {@code other}
   */
  @Override
  public int compareTo(Timestamp other) {
    int byTime = compareTime(other);
    return byTime != 0 ? byTime : Integer.compare(machineId, other.machineId);
  }

  /**
   * Tells whether this time is later than another; machine ids are ignored.
   *
   * @param other the timestamp to compare with
   * @return true when strictly later
   */
  public boolean after(Timestamp other) {
    return compareTime(other) > 0;
  }

  /**
   * Tells whether this time is earlier than another; machine ids are ignored.
   *
   * @param other the timestamp to compare with
   * @return true when strictly earlier
   */
  public boolean before(Timestamp other) {
    return compareTime(other) < 0;
  }

  /**
   * Returns this time minus a duration held in a timestamp, keeping this machine id.
   *
   * @param duration the seconds and nanoseconds to subtract
   * @return the earlier timestamp
   */
  public Timestamp subtract(Timestamp duration) {
    return new Timestamp(
        Math.subtractExact(seconds, duration.seconds),
        nanoseconds - duration.nanoseconds,
        machineId);
  }

  /**
   * Returns this time plus a duration held in a timestamp, keeping this machine id.
   *
   * @param duration the seconds and nanoseconds to add
   * @return the later timestamp
   */
  public Timestamp add(Timestamp duration) {
    return new Timestamp(
        Math.addExact(seconds, duration.seconds), nanoseconds + duration.nanoseconds, machineId);
  }

  /**
   * Returns the timestamp as SPL writes a timestamp literal: {@code (seconds,nanoseconds,machine)}.
   *
   * @return the text
   */
  @Override
  public String toString() {
    return "(" + seconds + "," + nanoseconds + "," + machineId + ")";
  }

  private int compareTime(Timestamp other) {
    int bySeconds = Long.compare(seconds, other.seconds);
    return bySeconds != 0 ? bySeconds : Integer.compare(nanoseconds, other.nanoseconds);
  }
}
