package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;

/**
 * A {@link SlidingAccumulator} whose departures are taken away exactly ({@link #pop} undoes a
 * {@link #push}): O(1) per tuple, no front to keep.
 */
abstract class InvertibleAccumulator implements SlidingAccumulator {

  @Override
  public final boolean keepsFront() {
    return false;
  }

  @Override
  public final void flip(Tuple[] ring, int mask, int from, int to) {}
}
