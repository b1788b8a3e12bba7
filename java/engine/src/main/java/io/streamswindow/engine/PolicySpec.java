package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;
import java.util.Objects;

/**
 * One eviction or trigger policy of a window declaration, as written in an SPL window clause:
 * {@code count(4)}, {@code time(5.0)}, {@code delta(temperature, 1.5)} or {@code punct()}.
 *
 * <p>An immutable value: what a policy means for a tumbling or sliding window is decided by the
 * engine's policy objects, built from this spec. {@link #toString()} prints the clause form.
 */
public final class PolicySpec {
  private final StreamWindow.Policy kind;
  private final int count;
  private final double seconds;
  private final String attribute;
  private final Object delta;

  private PolicySpec(
      StreamWindow.Policy kind, int count, double seconds, String attribute, Object delta) {
    this.kind = kind;
    this.count = count;
    this.seconds = seconds;
    this.attribute = attribute;
    this.delta = delta;
  }

  /** {@code count(n)}; {@code n} must be positive. */
  public static PolicySpec count(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("count(" + n + "): the count must be at least 1");
    }
    return new PolicySpec(StreamWindow.Policy.COUNT, n, 0, null, null);
  }

  /** {@code time(seconds)}; {@code seconds} must be positive. */
  public static PolicySpec time(double seconds) {
    if (!(seconds > 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException(
          "time(" + seconds + "): the time must be a positive number of seconds");
    }
    return new PolicySpec(StreamWindow.Policy.TIME, 0, seconds, null, null);
  }

  /**
   * {@code delta(attribute, delta)}. The delta is kept as given (a {@code Double}, {@code Integer},
   * {@code Long}, or a {@code Timestamp} for a timestamp attribute); whether it suits the
   * attribute's type is checked against the schema when the window is built.
   */
  public static PolicySpec delta(String attribute, Object delta) {
    Objects.requireNonNull(attribute, "delta attribute");
    Objects.requireNonNull(delta, "delta value");
    if (attribute.isEmpty()) {
      throw new IllegalArgumentException("delta(): the attribute name is empty");
    }
    return new PolicySpec(StreamWindow.Policy.DELTA, 0, 0, attribute, delta);
  }

  /** {@code punct()}: a tumbling window's window-marker eviction. */
  public static PolicySpec punct() {
    return new PolicySpec(StreamWindow.Policy.PUNCTUATION, 0, 0, null, null);
  }

  /** The policy kind as IBM's API names it. */
  public StreamWindow.Policy kind() {
    return kind;
  }

  /** The count of a {@code count(n)} policy. */
  public int count() {
    return count;
  }

  /** The period of a {@code time(T)} policy, in seconds. */
  public double seconds() {
    return seconds;
  }

  /** The attribute of a {@code delta} policy. */
  public String attribute() {
    return attribute;
  }

  /** The delta of a {@code delta} policy as declared. */
  public Object delta() {
    return delta;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PolicySpec p
        && kind == p.kind
        && count == p.count
        && Double.compare(seconds, p.seconds) == 0
        && Objects.equals(attribute, p.attribute)
        && Objects.equals(delta, p.delta);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, count, seconds, attribute, delta);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case COUNT -> "count(" + count + ")";
      case TIME -> "time(" + seconds + ")";
      case DELTA -> "delta(" + attribute + ", " + delta + ")";
      case PUNCTUATION -> "punct()";
      case NONE -> "none";
    };
  }
}
