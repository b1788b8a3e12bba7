package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;

/**
 * The partial aggregates of one {@code groupBy} group over some slices of a pane's partition: its
 * tuple count, its oldest and newest tuples by arrival number, and one partial per output function
 * that has one ({@link SliceFunction}). A slice's own groups grow as tuples are folded in; a
 * combination of slices is a new object.
 */
final class SliceGroup {
  final Object key;
  int count;
  long firstArrival;
  Tuple first;
  long lastArrival;
  Tuple last;
  final Object[] partials;

  private SliceGroup(Object key, int outputs) {
    this.key = key;
    this.partials = new Object[outputs];
  }

  /** The group of one tuple. */
  static SliceGroup of(Object key, Tuple tuple, long arrival, SliceFunction[] functions) {
    SliceGroup group = new SliceGroup(key, functions.length);
    group.count = 1;
    group.first = tuple;
    group.last = tuple;
    group.firstArrival = arrival;
    group.lastArrival = arrival;
    for (int i = 0; i < functions.length; i++) {
      if (functions[i] != null) {
        group.partials[i] = functions[i].lift(tuple, arrival);
      }
    }
    return group;
  }

  /** Folds a tuple that arrived after every tuple of this group in. */
  void add(Tuple tuple, long arrival, SliceFunction[] functions) {
    count++;
    last = tuple;
    lastArrival = arrival;
    for (int i = 0; i < functions.length; i++) {
      if (functions[i] != null) {
        partials[i] = functions[i].add(partials[i], tuple, arrival);
      }
    }
  }

  /** The group of the tuples of both, a new object. */
  static SliceGroup combine(SliceGroup a, SliceGroup b, SliceFunction[] functions) {
    SliceGroup group = new SliceGroup(a.key, functions.length);
    group.count = a.count + b.count;
    boolean aFirst = a.firstArrival <= b.firstArrival;
    group.first = aFirst ? a.first : b.first;
    group.firstArrival = aFirst ? a.firstArrival : b.firstArrival;
    boolean aLast = a.lastArrival >= b.lastArrival;
    group.last = aLast ? a.last : b.last;
    group.lastArrival = aLast ? a.lastArrival : b.lastArrival;
    for (int i = 0; i < functions.length; i++) {
      if (functions[i] != null) {
        group.partials[i] = functions[i].combine(a.partials[i], b.partials[i]);
      }
    }
    return group;
  }
}
