package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;

/**
 * One output function of {@link Aggregate} computed from partial aggregates of slices, on a sliced
 * timeInterval window (docs/architecture.md, "Stream slicing"): each tuple is folded once, into its
 * slice's partial, and a pane's value combines the partials of the slices it spans.
 *
 * <p>Partials carry what the recomputing fold's order needs: a tuple's arrival number orders it
 * among the pane's tuples whatever slice it is in, so First, Last and the older of equal extremes
 * are those of the fold. {@link #combine} is associative and commutative: it may be applied in any
 * grouping, as the Two-Stacks of {@link PaneSlider} does.
 */
interface SliceFunction {

  /**
   * The partial aggregate of one tuple; null for a function that needs none (it reads the group's
   * count, first or last tuple, or the pane).
   */
  Object lift(Tuple tuple, long arrival);

  /**
   * Folds a later tuple into {@code partial}, a partial this function made for one slice only; may
   * change it and returns the result.
   */
  Object add(Object partial, Tuple tuple, long arrival);

  /** The partial of the tuples of both, a new object: {@code a} and {@code b} are unchanged. */
  Object combine(Object a, Object b);

  /**
   * The output value.
   *
   * @param partial the combined partial of the group's tuples in the pane
   * @param group the group: its count, first and last tuples
   * @param firing the pane's trigger and all its groups
   */
  Object result(Object partial, SliceGroup group, SlicedFiring firing);
}
