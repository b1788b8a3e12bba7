package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.engine.KeySlices;
import io.streamswindow.engine.TupleSlice;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The partial aggregates of one partition's panes, slice by slice, as its panes trigger in start
 * order (docs/architecture.md, "Stream slicing"): the slices of consecutive panes are a window
 * sliding over the slice sequence, so this keeps the Two-Stacks of {@link TwoStacksAccumulator}
 * over slices instead of tuples. A pane's groups cost amortised O(1) combinations however many
 * slices it spans: each slice is pushed once, moved to the front once and popped once.
 *
 * <p>A slice's own partials ({@link SliceGroups}, attached to the slice) are folded from its tuples
 * when it is first read, each tuple once. The slider holds only what it was built from: when a
 * slice it has read gets a tuple (a late one: {@link KeySlices#lateAppends()} moves), or a trigger
 * is for an earlier pane than the last (a late trigger), the pane's slices are combined one by one
 * instead, and the slider starts again at the next pane.
 */
final class PaneSlider {
  private final AggregatePlan plan;
  private final long lateAppends;

  /** The slices held: [lo, hi) in slice indexes. */
  private long lo = Long.MIN_VALUE;

  private long hi = Long.MIN_VALUE;

  /** The front, oldest first: each slice with the groups from it to the front's end. */
  private final ArrayDeque<TupleSlice<Tuple>> frontSlices = new ArrayDeque<>();

  private final ArrayDeque<SliceGroups> frontGroups = new ArrayDeque<>();

  /** The back, oldest first, and the groups of all of it. */
  private final List<TupleSlice<Tuple>> backSlices = new ArrayList<>();

  private SliceGroups back;

  private PaneSlider(AggregatePlan plan, long lateAppends) {
    this.plan = plan;
    this.lateAppends = lateAppends;
  }

  /**
   * The groups of {@code partition}'s tuples in slices {@code [from, to)}: a pane's.
   *
   * @param partition the partition's slices; the slider it keeps is attached to it
   */
  static SliceGroups groups(AggregatePlan plan, KeySlices<Tuple> partition, long from, long to) {
    PaneSlider slider = (PaneSlider) partition.attachment();
    if (slider == null || slider.lateAppends != partition.lateAppends()) {
      slider = new PaneSlider(plan, partition.lateAppends());
      partition.attach(slider);
    }
    if (from < slider.lo || to < slider.hi) {
      return combineAll(plan, partition.between(from, to)); // an earlier pane: a late trigger
    }
    return slider.slide(partition, from, to);
  }

  /** The groups of the given slices, combined one by one. */
  static SliceGroups combineAll(AggregatePlan plan, List<TupleSlice<Tuple>> slices) {
    SliceGroups all = null;
    for (TupleSlice<Tuple> slice : slices) {
      all = SliceGroups.combine(all, folded(plan, slice), plan.sliceFunctions());
    }
    return all;
  }

  /** A slice's groups, with every tuple that arrived in it since folded in. */
  static SliceGroups folded(AggregatePlan plan, TupleSlice<Tuple> slice) {
    SliceGroups groups = (SliceGroups) slice.attachment();
    if (groups == null) {
      groups = new SliceGroups();
      slice.attach(groups);
    }
    for (int i = groups.folded; i < slice.size(); i++) {
      groups.add(plan.extend(slice.tuple(i)), slice.arrival(i), plan);
    }
    groups.folded = slice.size();
    return groups;
  }

  private SliceGroups slide(KeySlices<Tuple> partition, long from, long to) {
    SliceFunction[] functions = plan.sliceFunctions();
    for (TupleSlice<Tuple> slice : partition.between(Math.max(hi, from), to)) {
      backSlices.add(slice);
      back = SliceGroups.combine(back, folded(plan, slice), functions);
    }
    hi = to;
    lo = from;
    while (true) {
      if (frontSlices.isEmpty()) {
        if (backSlices.isEmpty() || backSlices.get(0).index() >= from) {
          break;
        }
        flip(functions);
      }
      if (frontSlices.peekFirst().index() >= from) {
        break;
      }
      frontSlices.pollFirst();
      frontGroups.pollFirst();
    }
    SliceGroups older = frontGroups.peekFirst();
    return SliceGroups.combine(older, back, functions);
  }

  /** Moves every slice of the back to the front, each with the groups from it to the end. */
  private void flip(SliceFunction[] functions) {
    SliceGroups newer = null;
    for (int i = backSlices.size() - 1; i >= 0; i--) {
      TupleSlice<Tuple> slice = backSlices.get(i);
      newer = SliceGroups.combine(folded(plan, slice), newer, functions);
      frontSlices.addFirst(slice);
      frontGroups.addFirst(newer);
    }
    backSlices.clear();
    back = null;
  }
}
