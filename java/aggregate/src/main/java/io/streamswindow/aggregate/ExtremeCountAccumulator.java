package io.streamswindow.aggregate;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.aggregate.ExtremeAggregators.Extreme;
import java.util.Comparator;

/**
 * MinCount and MaxCount over a sliding window's group: Two-Stacks over the extreme value and how
 * many tuples hold it; two stretches with equal extremes add their counts.
 */
final class ExtremeCountAccumulator extends TwoStacksAccumulator<ExtremeCountAccumulator.Counted> {
  private final ValueReader value;
  private final Comparator<Object> order;
  private final Extreme extreme;

  /** A stretch's extreme, held by {@code holder}, and the number of its tuples holding it. */
  record Counted(Tuple holder, int count) {}

  ExtremeCountAccumulator(ValueReader value, Comparator<Object> order, Extreme extreme) {
    this.value = value;
    this.order = order;
    this.extreme = extreme;
  }

  @Override
  Counted lift(Tuple tuple) {
    return new Counted(tuple, 1);
  }

  @Override
  Counted combine(Counted older, Counted newer) {
    int comparison = order.compare(value.read(newer.holder()), value.read(older.holder()));
    if (extreme.replaces(comparison)) {
      return newer;
    }
    return comparison == 0 ? new Counted(older.holder(), older.count() + newer.count()) : older;
  }

  @Override
  Object lower(Counted all, Group group) {
    return all.count();
  }
}
