package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * One {@code groupBy} group of one partition of a sliding window, kept as tuples arrive and leave:
 * its tuples oldest first in a ring, and an accumulator for each output function that has one
 * ({@link SlidingAccumulator}).
 *
 * <p>Tuples leave oldest first ({@link #popIfOldest} says when a departing tuple is not the oldest,
 * and then changes nothing). For the Two-Stacks accumulators the ring's positions are split into a
 * front {@code [head, split)} and a back {@code [split, tail)}; when the oldest tuple leaves an
 * empty front, every tuple moves to the front first ({@link SlidingAccumulator#flip}). Each tuple
 * is flipped once, so an arrival and a departure cost amortised O(1), whatever the window's size.
 *
 * <p>{@link #group()} is the group as the recomputing output functions see it: a live view of the
 * ring, so Count, First, Last and Any read it in O(1), and Collect goes over it as it does over a
 * firing's tuples.
 */
final class SlidingGroup {
  private static final int INITIAL_CAPACITY = 8;

  private Tuple[] ring = new Tuple[INITIAL_CAPACITY];

  /** By ring slot: the partition's arrival number of the tuple, which orders the groups. */
  private long[] arrivals = new long[INITIAL_CAPACITY];

  private int mask = INITIAL_CAPACITY - 1;

  /** Positions, counting arrivals; they wrap around, and only their differences matter. */
  private int head;

  private int split;
  private int tail;

  /** By output attribute; null where the output function reads {@link #group()} instead. */
  private final SlidingAccumulator[] accumulators;

  private final SlidingAccumulator[] kept;
  private final boolean twoStacks;
  private final Group group;

  /**
   * Creates an empty group.
   *
   * @param accumulators by output attribute, null where the function has none
   */
  SlidingGroup(SlidingAccumulator[] accumulators) {
    this.accumulators = accumulators;
    int count = 0;
    boolean anyFront = false;
    for (SlidingAccumulator accumulator : accumulators) {
      if (accumulator != null) {
        count++;
        anyFront |= accumulator.keepsFront();
      }
    }
    this.kept = new SlidingAccumulator[count];
    int i = 0;
    for (SlidingAccumulator accumulator : accumulators) {
      if (accumulator != null) {
        kept[i++] = accumulator;
      }
    }
    this.twoStacks = anyFront;
    this.group = new Group(new Tuples(), this);
  }

  /** The newest tuple arrives; {@code arrival} is its partition-wide arrival number. */
  void push(Tuple tuple, long arrival) {
    if (tail - head == ring.length) {
      grow();
    }
    int slot = tail & mask;
    ring[slot] = tuple;
    arrivals[slot] = arrival;
    tail++;
    for (SlidingAccumulator accumulator : kept) {
      accumulator.push(tuple);
    }
  }

  /**
   * The oldest tuple leaves, if it is {@code tuple} (the same object).
   *
   * @return false, changing nothing, when {@code tuple} is not the group's oldest tuple
   */
  boolean popIfOldest(Tuple tuple) {
    if (head == tail || ring[head & mask] != tuple) {
      return false;
    }
    if (twoStacks && head == split) {
      flip();
    }
    for (SlidingAccumulator accumulator : kept) {
      accumulator.pop(tuple);
    }
    ring[head & mask] = null;
    head++;
    return true;
  }

  private void flip() {
    for (SlidingAccumulator accumulator : kept) {
      if (accumulator.keepsFront()) {
        accumulator.flip(ring, mask, head, tail);
      }
    }
    split = tail;
  }

  private void grow() {
    boolean frontEmpty = head == split;
    int size = tail - head;
    Tuple[] tuples = new Tuple[2 * ring.length];
    long[] numbers = new long[tuples.length];
    for (int i = 0; i < size; i++) {
      tuples[i] = ring[(head + i) & mask];
      numbers[i] = arrivals[(head + i) & mask];
    }
    ring = tuples;
    arrivals = numbers;
    mask = tuples.length - 1;
    head = 0;
    tail = size;
    split = 0;
    // The front's slots moved with the ring: rebuild it over every tuple (O(size), once per
    // doubling). An empty front has nothing to move, as while a group is built from a window.
    if (twoStacks && !frontEmpty) {
      flip();
    }
  }

  /** The number of tuples in the group. */
  int size() {
    return tail - head;
  }

  /** The partition-wide arrival number of the oldest tuple; the group must not be empty. */
  long oldestArrival() {
    return arrivals[head & mask];
  }

  /** True when output attribute {@code attribute} has an accumulator here. */
  boolean keeps(int attribute) {
    return accumulators[attribute] != null;
  }

  /** The value of output attribute {@code attribute}, which {@link #keeps} it. */
  Object result(int attribute) {
    return accumulators[attribute].result(head - split < 0 ? head & mask : -1, group);
  }

  /** The group as the recomputing output functions see it, backed by this group's ring. */
  Group group() {
    return group;
  }

  /** The group's tuples, oldest first: a live view of the ring. */
  private final class Tuples extends AbstractList<Tuple> implements RandomAccess {
    @Override
    public Tuple get(int index) {
      if (index < 0 || index >= tail - head) {
        throw new IndexOutOfBoundsException(index);
      }
      return ring[(head + index) & mask];
    }

    @Override
    public int size() {
      return tail - head;
    }
  }
}
