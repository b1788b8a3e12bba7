package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.aggregate.ExtremeAggregators.Extreme;
import java.util.Comparator;

/**
 * Min, Max, ArgMin and ArgMax over a sliding window's group: Two-Stacks over the tuple holding the
 * extreme value, the older tuple kept when two hold equal values, as the recomputing fold keeps the
 * first. Keeping the older of equals is associative, so the result is the fold's, the same value
 * object included.
 */
final class ExtremeAccumulator extends TwoStacksAccumulator<Tuple> {
  private final ValueReader value;
  private final Comparator<Object> order;
  private final Extreme extreme;
  private final ValueReader result;

  /**
   * Creates the accumulator.
   *
   * @param value reads the compared attribute
   * @param order the SPL order of its values
   * @param extreme which extreme
   * @param result reads the output from the tuple holding the extreme: {@code value} for Min and
   *     Max, the second argument for ArgMin and ArgMax
   */
  ExtremeAccumulator(
      ValueReader value, Comparator<Object> order, Extreme extreme, ValueReader result) {
    this.value = value;
    this.order = order;
    this.extreme = extreme;
    this.result = result;
  }

  @Override
  Tuple lift(Tuple tuple) {
    return tuple;
  }

  @Override
  Tuple combine(Tuple older, Tuple newer) {
    return extreme.replaces(order.compare(value.read(newer), value.read(older))) ? newer : older;
  }

  @Override
  Object lower(Tuple holder, Group group) {
    return result.read(holder);
  }
}
