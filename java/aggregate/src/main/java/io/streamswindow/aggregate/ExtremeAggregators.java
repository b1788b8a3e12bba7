package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.schema.SplValueOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The output functions that look for the smallest or largest value of an ordered attribute: Min,
 * Max, MinCount, MaxCount, ArgMin and ArgMax.
 *
 * <p>ArgMin and ArgMax keep the first tuple holding the extreme value (a later tuple must be
 * strictly smaller or larger to replace it), as SPL's runtime does. Min and Max of a list of
 * numbers work element by element: {@code Min([1,2,1], [1,1,2]) == [1,1,1]}.
 */
final class ExtremeAggregators {
  private ExtremeAggregators() {}

  /** Which extreme is looked for. */
  enum Extreme {
    /** The smallest value. */
    MIN,
    /** The largest value. */
    MAX;

    /** True when {@code candidate} (compared to the best so far) replaces it. */
    boolean replaces(int comparison) {
      return this == MIN ? comparison < 0 : comparison > 0;
    }
  }

  /** Min(x) or Max(x). */
  static GroupAggregator value(Attribute attribute, Extreme extreme) {
    int index = attribute.getIndex();
    if (ValueTypes.isNumericList(attribute.getType())) {
      Comparator<Object> order =
          SplValueOrder.of(ValueTypes.elementType(attribute.getType()).getMetaType());
      String function = extreme == Extreme.MIN ? "Min" : "Max";
      return group -> columns(group, index, order, extreme, function, attribute);
    }
    Comparator<Object> order = SplValueOrder.of(attribute.getType().getMetaType());
    ValueReader reader = ValueReader.of(attribute);
    return group -> {
      Object best = null;
      for (Tuple tuple : group.tuples()) {
        Object value = reader.read(tuple);
        if (best == null || extreme.replaces(order.compare(value, best))) {
          best = value;
        }
      }
      return best;
    };
  }

  /** MinCount(x) or MaxCount(x): how many tuples of the group hold the extreme value. */
  static GroupAggregator count(Attribute attribute, Extreme extreme) {
    Comparator<Object> order = SplValueOrder.of(attribute.getType().getMetaType());
    ValueReader reader = ValueReader.of(attribute);
    return group -> {
      Object best = null;
      int count = 0;
      for (Tuple tuple : group.tuples()) {
        Object value = reader.read(tuple);
        int comparison = best == null ? -1 : order.compare(value, best);
        if (best == null || extreme.replaces(comparison)) {
          best = value;
          count = 1;
        } else if (comparison == 0) {
          count++;
        }
      }
      return count;
    };
  }

  /** ArgMin(x, y) or ArgMax(x, y): y of the first tuple holding the extreme x. */
  static GroupAggregator argument(Attribute attribute, Attribute argument, Extreme extreme) {
    Comparator<Object> order = SplValueOrder.of(attribute.getType().getMetaType());
    ValueReader reader = ValueReader.of(attribute);
    ValueReader result = ValueReader.of(argument);
    return group -> {
      Object best = null;
      Tuple holder = null;
      for (Tuple tuple : group.tuples()) {
        Object value = reader.read(tuple);
        if (best == null || extreme.replaces(order.compare(value, best))) {
          best = value;
          holder = tuple;
        }
      }
      return result.read(holder);
    };
  }

  private static List<Object> columns(
      Group group,
      int index,
      Comparator<Object> order,
      Extreme extreme,
      String function,
      Attribute attribute) {
    List<Object> best = null;
    for (Tuple tuple : group.tuples()) {
      List<?> values = tuple.getList(index);
      if (best == null) {
        best = new ArrayList<>(values);
        continue;
      }
      NumericAggregators.requireSameSize(function, attribute, best.size(), values.size());
      for (int i = 0; i < values.size(); i++) {
        if (extreme.replaces(order.compare(values.get(i), best.get(i)))) {
          best.set(i, values.get(i));
        }
      }
    }
    return Collections.unmodifiableList(best);
  }
}
