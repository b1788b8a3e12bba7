package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.aggregate.ExtremeAggregators.Extreme;

/**
 * Min, Max, MinCount, MaxCount, ArgMin and ArgMax of an integer or float attribute over a sliding
 * window's group: Two-Stacks, as {@link ExtremeAccumulator}, over primitive order keys taken from
 * each tuple when it arrives.
 *
 * <p>A flip combines every tuple of the group once more. Reading their values back through the
 * tuples would touch objects that arrived a whole window ago, out of the processor's caches in a
 * large window (measured in docs/performance.md, "Incremental sliding aggregation"); this
 * accumulator keeps the keys, the tuples holding them and the front's partial aggregates in arrays
 * of its own, in arrival order, so a flip reads only those.
 *
 * <p>A key is a {@code long} whose signed order is SPL's order of the values ({@link
 * io.streamswindow.schema.SplValueOrder}): unsigned integers read as unsigned, floats in {@code
 * Double.compare}'s order (-0.0 below 0.0, NaN above everything). Equal keys are equal values, and
 * the older tuple is kept, so the results are the recomputing fold's.
 */
final class NumericExtremeAccumulator implements SlidingAccumulator {
  /** What the accumulator gives. */
  enum Result {
    /** Min(x) or Max(x): the extreme value. */
    VALUE,
    /** MinCount(x) or MaxCount(x): how many tuples hold it. */
    COUNT,
    /** ArgMin(x, y) or ArgMax(x, y): y of the oldest tuple holding it. */
    ARGUMENT
  }

  private final int index;
  private final MetaType type;
  private final Extreme extreme;
  private final Result result;
  private final ValueReader argument;

  /** The group's tuples and their keys, oldest first, in a ring of their own. */
  private long[] keys = new long[8];

  private Tuple[] tuples = new Tuple[8];
  private int head;
  private int size;

  /**
   * By ring slot, for the front (the oldest {@code frontSize} tuples): the aggregate to its end.
   */
  private long[] frontKey = new long[8];

  private Tuple[] frontHolder = new Tuple[8];
  private int[] frontCount = new int[8];
  private int frontSize;

  /** The back's aggregate; {@code backCount == 0} when the back is empty. */
  private long backKey;

  private Tuple backHolder;
  private int backCount;

  /**
   * Creates the accumulator.
   *
   * @param index the compared attribute's index
   * @param type its type: an integer or float type
   * @param extreme which extreme
   * @param result what is given
   * @param argument for {@link Result#ARGUMENT}, reads y from the tuple holding the extreme
   */
  NumericExtremeAccumulator(
      int index, MetaType type, Extreme extreme, Result result, ValueReader argument) {
    this.index = index;
    this.type = type;
    this.extreme = extreme;
    this.result = result;
    this.argument = argument;
  }

  /** True for the types whose values this accumulator orders by a primitive key. */
  static boolean handles(MetaType type) {
    return ValueTypes.isInteger(type) || ValueTypes.isFloat(type);
  }

  @Override
  public void push(Tuple tuple) {
    long key = key(tuple.getObject(index));
    if (size == keys.length) {
      grow();
    }
    int slot = (head + size++) & (keys.length - 1);
    keys[slot] = key;
    tuples[slot] = tuple;
    if (backCount == 0) {
      backKey = key;
      backHolder = tuple;
      backCount = 1;
    } else {
      int comparison = Long.compare(key, backKey);
      if (extreme.replaces(comparison)) {
        backKey = key;
        backHolder = tuple;
        backCount = 1;
      } else if (comparison == 0) {
        backCount++;
      }
    }
  }

  @Override
  public void pop(Tuple tuple) {
    tuples[head] = null;
    head = (head + 1) & (keys.length - 1);
    size--;
    frontSize--;
  }

  @Override
  public boolean keepsFront() {
    return true;
  }

  /** Moves every tuple held to the front; the group's ring is not needed, this one is in order. */
  @Override
  public void flip(Tuple[] ring, int mask, int from, int to) {
    int ownMask = keys.length - 1;
    long key = 0;
    Tuple holder = null;
    int count = 0;
    for (int i = size - 1; i >= 0; i--) {
      int slot = (head + i) & ownMask;
      long older = keys[slot];
      int comparison = count == 0 ? 1 : Long.compare(older, key);
      if (count == 0 || extreme.replaces(comparison) || comparison == 0) {
        // The older tuple replaces the newer best, or equals it and becomes the holder.
        count = comparison == 0 && count > 0 ? count + 1 : 1;
        key = older;
        holder = tuples[slot];
      }
      frontKey[slot] = key;
      frontHolder[slot] = holder;
      frontCount[slot] = count;
    }
    frontSize = size;
    backCount = 0;
    backHolder = null;
  }

  @Override
  public Object result(int frontSlot, Group group) {
    long key;
    Tuple holder;
    int count;
    if (frontSize > 0 && backCount > 0) {
      key = frontKey[head];
      holder = frontHolder[head];
      count = frontCount[head];
      int comparison = Long.compare(backKey, key);
      if (extreme.replaces(comparison)) {
        key = backKey;
        holder = backHolder;
        count = backCount;
      } else if (comparison == 0) {
        count += backCount;
      }
    } else if (frontSize > 0) {
      key = frontKey[head];
      holder = frontHolder[head];
      count = frontCount[head];
    } else {
      key = backKey;
      holder = backHolder;
      count = backCount;
    }
    switch (result) {
      case COUNT:
        return count;
      case ARGUMENT:
        return argument.read(holder);
      default:
        return value(key);
    }
  }

  private void grow() {
    int capacity = 2 * keys.length;
    long[] newKeys = new long[capacity];
    Tuple[] newTuples = new Tuple[capacity];
    long[] newFrontKey = new long[capacity];
    Tuple[] newFrontHolder = new Tuple[capacity];
    int[] newFrontCount = new int[capacity];
    int mask = keys.length - 1;
    for (int i = 0; i < size; i++) {
      int slot = (head + i) & mask;
      newKeys[i] = keys[slot];
      newTuples[i] = tuples[slot];
      newFrontKey[i] = frontKey[slot];
      newFrontHolder[i] = frontHolder[slot];
      newFrontCount[i] = frontCount[slot];
    }
    keys = newKeys;
    tuples = newTuples;
    frontKey = newFrontKey;
    frontHolder = newFrontHolder;
    frontCount = newFrontCount;
    head = 0;
  }

  /** The order key of a value of this accumulator's type. */
  private long key(Object value) {
    switch (type) {
      case FLOAT64:
        return orderBits(Double.doubleToLongBits((Double) value));
      case FLOAT32:
        return orderBits(Float.floatToIntBits((Float) value));
      case UINT64:
        return (Long) value ^ Long.MIN_VALUE;
      default:
        return Numbers.toLong(value, type);
    }
  }

  /** The value of an order key, an object of this accumulator's type. */
  private Object value(long key) {
    switch (type) {
      case FLOAT64:
        return Double.longBitsToDouble(orderBits(key));
      case FLOAT32:
        return Float.intBitsToFloat((int) orderBits(key));
      case UINT64:
        return key ^ Long.MIN_VALUE;
      default:
        return Numbers.fromLong(key, type);
    }
  }

  /**
   * Float bits to a key and back (the map is its own inverse): negative floats' bits order the
   * wrong way round, so all but their sign bit are flipped.
   */
  private static long orderBits(long bits) {
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }
}
