package io.streamswindow.aggregate;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How {@link Aggregate} computes its output functions on a timeInterval window: the value of its
 * {@code paneAggregation} parameter (docs/decisions.md, "SPL Aggregate").
 */
public enum PaneAggregation {
  /**
   * Keep each tuple once, in the slice of the time line its event time falls in, and compute each
   * pane from its slices' partial aggregates: O(1) per tuple however many panes overlap (the
   * default where the window is the streams-window engine's and a tuple is in {@value
   * #SLICED_FROM_OVERLAP} panes or more; docs/architecture.md, "Stream slicing").
   */
  SLICED,
  /**
   * Keep a copy of each tuple in every pane holding it and compute every function over the pane's
   * tuples at each trigger: float sums added left to right and means kept as a running mean, as
   * SPL's runtime does, to the last bit.
   */
  RECOMPUTE;

  /**
   * From this many panes per tuple (intervalDuration / creationPeriod) slicing is the default:
   * below it, going over each pane's tuples costs less per tuple, measured with
   * PaneAggregateBenchmark (docs/performance.md, "Event-time panes as the overlap grows"; even at
   * 20).
   */
  public static final int SLICED_FROM_OVERLAP = 20;

  /**
   * The mode when the parameter is not given: {@link #SLICED} from {@link #SLICED_FROM_OVERLAP}
   * panes per tuple, else {@link #RECOMPUTE}.
   */
  public static PaneAggregation defaultFor(double intervalDuration, double creationPeriod) {
    return intervalDuration / creationPeriod >= SLICED_FROM_OVERLAP ? SLICED : RECOMPUTE;
  }

  /** The parameter's spelling, e.g. {@code sliced}. */
  public String splName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The mode a parameter value names.
   *
   * @param value {@code sliced} or {@code recompute}
   * @throws IllegalArgumentException for anything else, listing the values
   */
  public static PaneAggregation forSplName(String value) {
    for (PaneAggregation mode : values()) {
      if (mode.splName().equals(value)) {
        return mode;
      }
    }
    throw new IllegalArgumentException(
        "paneAggregation must be one of "
            + Arrays.stream(values())
                .map(PaneAggregation::splName)
                .collect(Collectors.joining(", "))
            + ", not '"
            + value
            + "'");
  }
}
