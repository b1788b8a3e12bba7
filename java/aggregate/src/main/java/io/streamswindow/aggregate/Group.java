package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.util.List;

/**
 * The tuples of one {@code groupBy} group of a window firing, oldest first, and the firing they
 * belong to (for the functions that look at the whole window: CountAll, CountGroups, CountByGroup).
 * Without {@code groupBy} the window's tuples are one group.
 */
final class Group {
  private final List<Tuple> tuples;
  private Firing firing;

  Group(List<Tuple> tuples) {
    this.tuples = tuples;
  }

  /** The group's tuples, oldest first; never empty. */
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

  /** The firing the group belongs to. */
  Firing firing() {
    return firing;
  }

  void attachTo(Firing owner) {
    this.firing = owner;
  }
}
