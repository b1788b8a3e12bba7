package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;

/**
 * A {@link SlidingAccumulator} for an associative function without an inverse: the Two-Stacks
 * algorithm (Tangwongsan, Hirzel and Schneider, "General Incremental Sliding-Window Aggregation",
 * VLDB 2015), amortised O(1) per tuple.
 *
 * <p>Subclasses say how a tuple becomes a partial aggregate ({@link #lift}), how two partial
 * aggregates of adjacent stretches of the group combine ({@link #combine}: associative, not
 * necessarily commutative, the older stretch first) and what the aggregate of the whole group gives
 * ({@link #lower}). The result is that of combining the group's tuples from oldest to newest in any
 * grouping, so it equals the recomputing fold's whenever the fold is associative (a selection
 * keeping the older of equal values, an exact sum).
 *
 * @param <P> the partial aggregate
 */
abstract class TwoStacksAccumulator<P> implements SlidingAccumulator {
  /** By ring slot: the aggregate from the slot's tuple to the front's newest. */
  private Object[] front = new Object[0];

  /** The aggregate of the back, or null when the back is empty. */
  private P back;

  /** The partial aggregate of one tuple. */
  abstract P lift(Tuple tuple);

  /** The partial aggregate of an older stretch followed by a newer one. */
  abstract P combine(P older, P newer);

  /** The output value of the aggregate of the whole group. */
  abstract Object lower(P all, Group group);

  @Override
  public final void push(Tuple tuple) {
    P lifted = lift(tuple);
    back = back == null ? lifted : combine(back, lifted);
  }

  @Override
  public final void pop(Tuple tuple) {
    // The oldest tuple's front slot is simply no longer read.
  }

  @Override
  public final boolean keepsFront() {
    return true;
  }

  @Override
  public final void flip(Tuple[] ring, int mask, int from, int to) {
    if (front.length != ring.length) {
      front = new Object[ring.length];
    }
    P newer = null;
    for (int p = to - 1; p - from >= 0; p--) {
      int slot = p & mask;
      P lifted = lift(ring[slot]);
      newer = newer == null ? lifted : combine(lifted, newer);
      front[slot] = newer;
    }
    back = null;
  }

  @Override
  @SuppressWarnings("unchecked")
  public final Object result(int frontSlot, Group group) {
    P older = frontSlot < 0 ? null : (P) front[frontSlot];
    P all = older == null ? back : back == null ? older : combine(older, back);
    return lower(all, group);
  }
}
