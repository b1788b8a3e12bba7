package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;

/**
 * One output function's state over the tuples of one group of a sliding window, kept up to date as
 * tuples arrive (newest) and leave (oldest), so that the function's value is read without going
 * over the group's tuples (docs/architecture.md, "Incremental aggregation").
 *
 * <p>A {@link SlidingGroup} holds the group's tuples in a ring and drives its accumulators. There
 * are two kinds:
 *
 * <ul>
 *   <li>Invertible: what arrives is added and what leaves is taken away again, exactly (counts,
 *       integer sums, {@link ExactSum}s, counted multisets). {@link #keepsFront()} is false and
 *       {@link #flip} does nothing.
 *   <li>Two-Stacks ({@link TwoStacksAccumulator}): for functions without an inverse (Min, Max,
 *       ArgMin...). The group is split into a front (older tuples, each slot holding the aggregate
 *       from it to the front's end) and a back (newer tuples, one running aggregate). When the
 *       front runs out, the group {@link #flip}s: all tuples move to the front.
 * </ul>
 *
 * <p>Calls come in window order: {@code push} for every arrival, {@code pop} for every departure of
 * the oldest tuple (after a {@code flip} when the front was empty), {@code result} whenever the
 * group's value is read. Not thread-safe.
 */
interface SlidingAccumulator {

  /** The newest tuple arrives. */
  void push(Tuple tuple);

  /** The oldest tuple leaves. */
  void pop(Tuple tuple);

  /** True for a Two-Stacks accumulator, which needs {@link #flip}s. */
  boolean keepsFront();

  /**
   * Makes every tuple held part of the front: slot {@code p & mask} of the front gets the aggregate
   * of the tuples at positions {@code p .. to - 1}, and the back becomes empty.
   *
   * @param ring the group's ring of tuples; its length is the capacity the front must have
   * @param mask {@code ring.length - 1}
   * @param from the position of the oldest tuple
   * @param to one past the position of the newest tuple
   */
  void flip(Tuple[] ring, int mask, int from, int to);

  /**
   * The output function's value for the group.
   *
   * @param frontSlot the ring slot of the oldest tuple when it is in the front, else -1
   * @param group the group, for its size and, for a fallback, its tuples
   * @return an object of the output attribute's type
   */
  Object result(int frontSlot, Group group);
}
