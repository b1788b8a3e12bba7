package io.streamswindow.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.LongUnaryOperator;

/**
 * Recovers one partition's tuples, each once and in arrival order, from a checkpoint that kept a
 * copy of them in every pane holding them (versions 1 to 3, or a window that does not slice), to
 * restore it into a sliced window (docs/architecture.md, "Stream slicing").
 *
 * <p>Each pane's copy lists its tuples in arrival order, so each is a chain of the one order; a
 * tuple is known in every copy by its slice and its place among that slice's tuples (each pane
 * holding a slice holds all its tuples, in the same order). The chains together order every tuple
 * that two panes share; a topological sort of their union gives an order that keeps every chain, so
 * each pane's tuples come out in the order its copy had. Ties (tuples that no pane orders) go to
 * the one met first.
 *
 * @param <T> the tuple type
 */
final class ArrivalOrderMerge<T> {
  private final LongUnaryOperator sliceOf;
  private final Map<Long, List<Integer>> nodesBySlice = new HashMap<>();
  private final List<Entry<T>> nodes = new ArrayList<>();
  private final List<List<Integer>> successors = new ArrayList<>();
  private final List<Integer> predecessors = new ArrayList<>();

  /**
   * @param sliceOf the slice index of an event time
   */
  ArrivalOrderMerge(LongUnaryOperator sliceOf) {
    this.sliceOf = sliceOf;
  }

  /** Adds one pane's copy of the partition's tuples, in its order. */
  void chain(Iterable<Entry<T>> entries) {
    Map<Long, Integer> places = new HashMap<>();
    int previous = -1;
    for (Entry<T> e : entries) {
      long slice = sliceOf.applyAsLong(e.insertedAt);
      int place = places.merge(slice, 1, Integer::sum) - 1;
      List<Integer> ofSlice = nodesBySlice.computeIfAbsent(slice, s -> new ArrayList<>());
      int node;
      if (place < ofSlice.size()) {
        node = ofSlice.get(place);
        if (nodes.get(node).tuple == null && e.tuple != null) {
          nodes.set(node, new Entry<>(e.tuple, e.insertedAt, 0));
        }
      } else {
        node = nodes.size();
        nodes.add(new Entry<>(e.tuple, e.insertedAt, 0));
        successors.add(new ArrayList<>(2));
        predecessors.add(0);
        ofSlice.add(node);
      }
      if (previous >= 0) {
        successors.get(previous).add(node);
        predecessors.set(node, predecessors.get(node) + 1);
      }
      previous = node;
    }
  }

  /** Every tuple once, in an order that keeps every chain added. */
  List<Entry<T>> order() {
    List<Entry<T>> out = new ArrayList<>(nodes.size());
    int[] waiting = new int[nodes.size()];
    PriorityQueue<Integer> ready = new PriorityQueue<>();
    for (int i = 0; i < waiting.length; i++) {
      waiting[i] = predecessors.get(i);
      if (waiting[i] == 0) {
        ready.add(i);
      }
    }
    boolean[] done = new boolean[nodes.size()];
    while (!ready.isEmpty()) {
      int node = ready.poll();
      done[node] = true;
      out.add(nodes.get(node));
      for (int next : successors.get(node)) {
        if (--waiting[next] == 0) {
          ready.add(next);
        }
      }
    }
    // Copies that disagree (a listener emptied a slot in one pane only) leave a cycle: keep the
    // tuples anyway, in the order they were met.
    for (int i = 0; i < done.length; i++) {
      if (!done[i]) {
        out.add(nodes.get(i));
      }
    }
    return out;
  }
}
