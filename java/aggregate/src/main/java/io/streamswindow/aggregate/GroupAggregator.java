package io.streamswindow.aggregate;

/**
 * Computes one output attribute's value for one group of a window firing: an output function bound
 * to the input attributes it reads, e.g. {@code Sum(cost)} bound to attribute index 2.
 *
 * <p>The value is an object of the output attribute's Java type, ready for {@code
 * OutputTuple.setObject}. Groups are never empty.
 */
@FunctionalInterface
interface GroupAggregator {

  /** Returns the output value for {@code group}. */
  Object aggregate(Group group);
}
