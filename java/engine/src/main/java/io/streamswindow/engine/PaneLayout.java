package io.streamswindow.engine;

/**
 * Where the panes of a timeInterval window lie on the event-time line, in nanoseconds: pane k
 * covers {@code [k·P + O, k·P + O + D)} and closes at {@code end + A}. Pure arithmetic, no state.
 *
 * <pre>{@code
 * PaneLayout layout = PaneLayout.of(TimeIntervalSpec.of(10.0).withCreationPeriod(5.0));
 * layout.firstPane(7_000_000_000L);  // 0: [0, 10) holds 7 s
 * layout.lastPane(7_000_000_000L);   // 1: so does [5, 15)
 * }</pre>
 */
final class PaneLayout {
  private final long duration;
  private final long period;
  private final long discardAge;
  private final long offset;

  /** The slice width g: the greatest common divisor of D and P, in nanoseconds. */
  private final long slice;

  private PaneLayout(long duration, long period, long discardAge, long offset) {
    this.duration = duration;
    this.period = period;
    this.discardAge = discardAge;
    this.offset = offset;
    this.slice = gcd(duration, period);
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long r = a % b;
      a = b;
      b = r;
    }
    return a;
  }

  /** The layout of a declaration's panes. */
  static PaneLayout of(TimeIntervalSpec spec) {
    long d = Clock.secondsToNanos(spec.intervalDuration());
    long p = Clock.secondsToNanos(spec.creationPeriod());
    if (d <= 0 || p <= 0) {
      throw new IllegalArgumentException(
          spec + ": intervals shorter than a nanosecond are not supported");
    }
    return new PaneLayout(
        d, p, Clock.secondsToNanos(spec.discardAge()), Clock.secondsToNanos(spec.intervalOffset()));
  }

  /**
   * The index of the last pane complete at watermark {@code w} (whose end is at or before it);
   * {@code Long.MIN_VALUE} when there is no watermark yet ({@code w == Long.MIN_VALUE}).
   */
  long lastPaneEndingBy(long w) {
    return w == Long.MIN_VALUE ? Long.MIN_VALUE : Math.floorDiv(w - offset - duration, period);
  }

  /** The index of the last pane closed at watermark {@code w}, as {@link #lastPaneEndingBy}. */
  long lastPaneClosingBy(long w) {
    return w == Long.MIN_VALUE
        ? Long.MIN_VALUE
        : Math.floorDiv(w - offset - duration - discardAge, period);
  }

  /**
   * True when a tuple of {@code eventTime} is dropped at watermark {@code w}: it is earlier than
   * {@code w − A} (docs/decisions.md, "timeInterval windows"), whether or not a pane holding it is
   * still open. Nothing is dropped before the first watermark.
   */
  boolean isDroppable(long eventTime, long w) {
    if (w == Long.MIN_VALUE) {
      return false;
    }
    long dropPoint = w < Long.MIN_VALUE + discardAge ? Long.MIN_VALUE : w - discardAge;
    return eventTime < dropPoint;
  }

  /** The index of the first (earliest) pane that holds {@code eventTime}. */
  long firstPane(long eventTime) {
    return Math.floorDiv(eventTime - offset - duration, period) + 1;
  }

  /** The index of the last pane that holds {@code eventTime}. */
  long lastPane(long eventTime) {
    return Math.floorDiv(eventTime - offset, period);
  }

  /** Where pane k starts (included). */
  long start(long k) {
    return k * period + offset;
  }

  /** Where pane k ends (excluded): the watermark at which it is complete. */
  long end(long k) {
    return start(k) + duration;
  }

  /** The watermark at which pane k closes. */
  long closesAt(long k) {
    return end(k) + discardAge;
  }

  // ---- stream slicing (docs/architecture.md, "Stream slicing")

  /**
   * The slice width g, in nanoseconds: gcd(D, P). Slices start at O, so every pane start {@code k·P
   * + O} and end {@code k·P + O + D} is a slice boundary.
   */
  long sliceWidth() {
    return slice;
  }

  /**
   * The index of the slice holding {@code eventTime}: slice j covers {@code [O + j·g, O +
   * (j+1)·g)}.
   */
  long slice(long eventTime) {
    return Math.floorDiv(eventTime - offset, slice);
  }

  /** The first slice of pane k. */
  long firstSlice(long k) {
    return k * (period / slice);
  }

  /** One past the last slice of pane k. */
  long endSlice(long k) {
    return firstSlice(k) + duration / slice;
  }

  /** The index of the pane starting at {@code startNanos}, a pane start of this layout. */
  long paneStartingAt(long startNanos) {
    return Math.floorDiv(startNanos - offset, period);
  }
}
