package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.util.List;

/**
 * The tuples of one {@code groupBy} group of a window firing, oldest first, and the firing they
 * belong to (for the functions that look at the whole window: CountAll, CountGroups, CountByGroup).
 * Without {@code groupBy} the window's tuples are one group.
 *
 * <p>The group of a sliding window aggregated incrementally is backed by its {@link SlidingGroup}
 * ({@link #sliding()}), whose accumulators give the values of the output functions that have one.
 */
final class Group {
  private final List<Tuple> tuples;
  private final SlidingGroup sliding;
  private Firing firing;

  /** A group of a firing's tuples, aggregated by the recomputing output functions. */
  Group(List<Tuple> tuples) {
    this(tuples, null);
  }

  /** A group kept by a sliding window's incremental aggregation. */
  Group(List<Tuple> tuples, SlidingGroup sliding) {
    this.tuples = tuples;
    this.sliding = sliding;
  }

  /** The group's tuples, oldest first; never empty when aggregated. */
  List<Tuple> tuples() {
    return tuples;
  }

  /** The number of tuples in the group. */
  int size() {
    return tuples.size();
  }

  /** The oldest tuple of the group. */
  Tuple first() {
    return tuples.get(0);
  }

  /** The newest tuple of the group. */
  Tuple last() {
    return tuples.get(tuples.size() - 1);
  }

  /** The incremental state behind this group, or null for a group of a firing's tuples. */
  SlidingGroup sliding() {
    return sliding;
  }

  /** The firing the group belongs to. */
  Firing firing() {
    return firing;
  }

  void attachTo(Firing owner) {
    this.firing = owner;
  }
}
