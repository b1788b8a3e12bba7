package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import io.streamswindow.aggregate.ExtremeAggregators.Extreme;
import io.streamswindow.schema.SplValueOrder;
import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Which output functions a sliced timeInterval window computes from slice partials ({@link
 * SliceFunction}), and how (docs/architecture.md, "Stream slicing").
 *
 * <p>Sliced: the counts, First, Last, Any and the pane functions (no partial: the group's count,
 * oldest and newest tuples, or the pane); Sum and Average of integers (a wrapping sum; an exact
 * sum) and of floats (an exact sum, NaNs and infinities counted apart, as the sliding path keeps
 * them); Min, Max, ArgMin, ArgMax, MinCount and MaxCount of ordered values (not lists). The others
 * go over the pane's tuples as before ({@code null} here): decimals (their fold rounds at every
 * step), standard deviations, the distinct functions, Collect, Sum of strings and the element-wise
 * functions of lists.
 */
final class SliceFunctions {
  private SliceFunctions() {}

  /** The sliced form of {@code function} bound to {@code arguments}, or null when it has none. */
  static SliceFunction of(AggregateFunction function, List<Attribute> arguments) {
    switch (function) {
      case COUNT:
        return reading((group, firing) -> group.count);
      case COUNT_ALL:
        return reading((group, firing) -> firing.tupleCount());
      case COUNT_GROUPS:
        return reading((group, firing) -> firing.groupCount());
      case COUNT_BY_GROUP:
        return reading((group, firing) -> firing.groupSizes());
      case INTERVAL_START:
        return reading((group, firing) -> firing.pane().pane().getStart());
      case INTERVAL_END:
        return reading((group, firing) -> firing.pane().pane().getEnd());
      case PANE_INDEX:
        return reading((group, firing) -> firing.pane().index());
      case PANE_TIMING:
        return reading((group, firing) -> new RString(firing.pane().timingName()));
      case FIRST:
        {
          ValueReader reader = ValueReader.of(arguments.get(0));
          return reading((group, firing) -> reader.read(group.first));
        }
      case LAST:
      case ANY:
        return last(arguments.get(0));
      default:
        break;
    }
    Attribute x = arguments.get(0);
    MetaType type = x.getType().getMetaType();
    if (type.isList()) {
      return null; // element by element: over the pane's tuples
    }
    switch (function) {
      case SUM:
      case AVERAGE:
        return sums(function == AggregateFunction.AVERAGE, type, x.getIndex());
      case MIN:
      case MAX:
      case ARG_MIN:
      case ARG_MAX:
        {
          Extreme extreme =
              function == AggregateFunction.MIN || function == AggregateFunction.ARG_MIN
                  ? Extreme.MIN
                  : Extreme.MAX;
          boolean argument =
              function == AggregateFunction.ARG_MIN || function == AggregateFunction.ARG_MAX;
          return new ExtremeSlices(
              ValueReader.of(x),
              SplValueOrder.of(type),
              extreme,
              argument ? ValueReader.of(arguments.get(1)) : null);
        }
      case MIN_COUNT:
        return new ExtremeCountSlices(ValueReader.of(x), SplValueOrder.of(type), Extreme.MIN);
      case MAX_COUNT:
        return new ExtremeCountSlices(ValueReader.of(x), SplValueOrder.of(type), Extreme.MAX);
      default:
        return null;
    }
  }

  /** Last(x): also what an output attribute without an assignment takes. */
  static SliceFunction last(Attribute x) {
    ValueReader reader = ValueReader.of(x);
    return reading((group, firing) -> reader.read(group.last));
  }

  private static SliceFunction sums(boolean average, MetaType type, int index) {
    if (ValueTypes.isInteger(type)) {
      return average ? new IntegerAverageSlices(index, type) : new IntegerSumSlices(index, type);
    } else if (ValueTypes.isFloat(type)) {
      return new FloatSumSlices(index, type == MetaType.FLOAT32, average);
    }
    return null; // decimals round at every step of the fold; strings concatenate
  }

  private static SliceFunction reading(BiFunction<SliceGroup, SlicedFiring, Object> value) {
    return new SliceFunction() {
      @Override
      public Object lift(Tuple tuple, long arrival) {
        return null;
      }

      @Override
      public Object add(Object partial, Tuple tuple, long arrival) {
        return null;
      }

      @Override
      public Object combine(Object a, Object b) {
        return null;
      }

      @Override
      public Object result(Object partial, SliceGroup group, SlicedFiring firing) {
        return value.apply(group, firing);
      }
    };
  }

  /** Sum of integers: a wrapping long, as the fold's. */
  private static final class IntegerSumSlices implements SliceFunction {
    private final int index;
    private final MetaType type;

    IntegerSumSlices(int index, MetaType type) {
      this.index = index;
      this.type = type;
    }

    @Override
    public Object lift(Tuple tuple, long arrival) {
      return new long[] {tuple.getLong(index)};
    }

    @Override
    public Object add(Object partial, Tuple tuple, long arrival) {
      ((long[]) partial)[0] += tuple.getLong(index);
      return partial;
    }

    @Override
    public Object combine(Object a, Object b) {
      return new long[] {((long[]) a)[0] + ((long[]) b)[0]};
    }

    @Override
    public Object result(Object partial, SliceGroup group, SlicedFiring firing) {
      return Numbers.fromLong(((long[]) partial)[0], type);
    }
  }

  /** Average of integers: the exact sum divided by the count, truncated, as the fold's. */
  private static final class IntegerAverageSlices implements SliceFunction {
    private final int index;
    private final MetaType type;

    IntegerAverageSlices(int index, MetaType type) {
      this.index = index;
      this.type = type;
    }

    @Override
    public Object lift(Tuple tuple, long arrival) {
      return add(ExactSum.ofIntegers(), tuple, arrival);
    }

    @Override
    public Object add(Object partial, Tuple tuple, long arrival) {
      ExactSum sum = (ExactSum) partial;
      long value = tuple.getLong(index);
      if (type == MetaType.UINT64) {
        sum.addUnsigned(value);
      } else {
        sum.add(value);
      }
      return sum;
    }

    @Override
    public Object combine(Object a, Object b) {
      ExactSum sum = ((ExactSum) a).copy();
      sum.add((ExactSum) b);
      return sum;
    }

    @Override
    public Object result(Object partial, SliceGroup group, SlicedFiring firing) {
      ExactSum sum = (ExactSum) partial;
      long count = group.count;
      if (sum.fitsLong()) {
        return Numbers.fromLong(sum.toLong() / count, type);
      }
      return Numbers.fromLong(
          sum.toBigInteger().divide(BigInteger.valueOf(count)).longValue(), type);
    }
  }

  /**
   * Sum and Average of floats: the exact sum of the finite values, NaNs and infinities counted
   * apart, as {@link FloatSumAccumulator} keeps them, so within the bounds docs/decisions.md states
   * for the incremental sliding path.
   */
  private static final class FloatSumSlices implements SliceFunction {
    private final int index;
    private final boolean float32;
    private final boolean average;

    FloatSumSlices(int index, boolean float32, boolean average) {
      this.index = index;
      this.float32 = float32;
      this.average = average;
    }

    /** An exact sum and the values it cannot hold. */
    private static final class Partial {
      final ExactSum sum = ExactSum.ofDoubles();
      final NonFiniteValues special = new NonFiniteValues();
    }

    @Override
    public Object lift(Tuple tuple, long arrival) {
      return add(new Partial(), tuple, arrival);
    }

    @Override
    public Object add(Object partial, Tuple tuple, long arrival) {
      Partial p = (Partial) partial;
      double value = tuple.getDouble(index);
      if (!p.special.add(value)) {
        p.sum.add(value);
      }
      return p;
    }

    @Override
    public Object combine(Object a, Object b) {
      Partial out = new Partial();
      for (Object in : new Object[] {a, b}) {
        out.sum.add(((Partial) in).sum);
        out.special.add(((Partial) in).special);
      }
      return out;
    }

    @Override
    public Object result(Object partial, SliceGroup group, SlicedFiring firing) {
      Partial p = (Partial) partial;
      if (!average) {
        if (p.special.any()) {
          return float32 ? (Object) (float) p.special.sum() : (Object) p.special.sum();
        }
        return float32 ? (Object) p.sum.toFloat() : (Object) p.sum.toDouble();
      }
      double mean;
      if (p.special.any()) {
        mean = p.special.sum();
      } else {
        mean = p.sum.toDouble() / group.count;
        if (Double.isInfinite(mean)) {
          mean = p.sum.dividedBy(group.count);
        }
      }
      return float32 ? (Object) (float) mean : (Object) mean;
    }
  }

  /** The tuple holding an extreme value, and its arrival number. Immutable. */
  private record Holder(Object value, Tuple tuple, long arrival) {}

  /**
   * The older of two holders of values equal in {@code order}, else the one {@code extreme} keeps:
   * the fold keeps the first of equal values.
   */
  private static Holder better(Holder a, Holder b, Comparator<Object> order, Extreme extreme) {
    int comparison = order.compare(b.value(), a.value());
    if (comparison == 0) {
      return a.arrival() <= b.arrival() ? a : b;
    }
    return extreme.replaces(comparison) ? b : a;
  }

  /** Min, Max (the value), ArgMin, ArgMax (y of the holder). */
  private static final class ExtremeSlices implements SliceFunction {
    private final ValueReader value;
    private final Comparator<Object> order;
    private final Extreme extreme;
    private final ValueReader argument;

    ExtremeSlices(
        ValueReader value, Comparator<Object> order, Extreme extreme, ValueReader argument) {
      this.value = value;
      this.order = order;
      this.extreme = extreme;
      this.argument = argument;
    }

    @Override
    public Object lift(Tuple tuple, long arrival) {
      return new Holder(value.read(tuple), tuple, arrival);
    }

    @Override
    public Object add(Object partial, Tuple tuple, long arrival) {
      Holder held = (Holder) partial;
      Object candidate = value.read(tuple);
      // A later tuple replaces only a strictly better value, as in the fold.
      return extreme.replaces(order.compare(candidate, held.value()))
          ? new Holder(candidate, tuple, arrival)
          : held;
    }

    @Override
    public Object combine(Object a, Object b) {
      return better((Holder) a, (Holder) b, order, extreme);
    }

    @Override
    public Object result(Object partial, SliceGroup group, SlicedFiring firing) {
      Holder holder = (Holder) partial;
      return argument == null ? holder.value() : argument.read(holder.tuple());
    }
  }

  /** MinCount, MaxCount: the extreme value and how many tuples hold it. Immutable partials. */
  private static final class ExtremeCountSlices implements SliceFunction {
    private final ValueReader value;
    private final Comparator<Object> order;
    private final Extreme extreme;

    /** The extreme value and its count. */
    private record Counted(Object best, int count) {}

    ExtremeCountSlices(ValueReader value, Comparator<Object> order, Extreme extreme) {
      this.value = value;
      this.order = order;
      this.extreme = extreme;
    }

    @Override
    public Object lift(Tuple tuple, long arrival) {
      return new Counted(value.read(tuple), 1);
    }

    @Override
    public Object add(Object partial, Tuple tuple, long arrival) {
      return combine(partial, lift(tuple, arrival));
    }

    @Override
    public Object combine(Object a, Object b) {
      Counted x = (Counted) a;
      Counted y = (Counted) b;
      int comparison = order.compare(y.best(), x.best());
      if (comparison == 0) {
        return new Counted(x.best(), x.count() + y.count());
      }
      return extreme.replaces(comparison) ? y : x;
    }

    @Override
    public Object result(Object partial, SliceGroup group, SlicedFiring firing) {
      return ((Counted) partial).count();
    }
  }
}
