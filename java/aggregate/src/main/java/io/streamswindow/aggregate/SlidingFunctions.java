package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.aggregate.ExtremeAggregators.Extreme;
import io.streamswindow.aggregate.StandardDeviation.Kind;
import io.streamswindow.schema.SplValueOrder;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

/**
 * Which {@link SlidingAccumulator} keeps each output function over a sliding window's group.
 *
 * <p>No accumulator is needed where the recomputing function reads the group's ring in O(1) (Count,
 * CountAll, CountGroups, CountByGroup, First, Last, Any) or must go over it because its output is
 * as long as the window (Collect). Sum of strings and the element-wise functions of lists (Sum,
 * Average, Min, Max) go over the group's tuples too, as before: O(n) per firing.
 */
final class SlidingFunctions {
  private SlidingFunctions() {}

  /**
   * The accumulators of {@code function} bound to {@code arguments}, one per group, or null when
   * the function reads the group's tuples ({@code fold}) instead.
   *
   * @param fold the recomputing function, which a decimal sum falls back on when it rounds
   */
  static Supplier<SlidingAccumulator> of(
      AggregateFunction function, List<Attribute> arguments, GroupAggregator fold) {
    if (arguments.isEmpty()) {
      return null;
    }
    Attribute x = arguments.get(0);
    MetaType type = x.getType().getMetaType();
    int index = x.getIndex();
    if (type.isList() && isElementWise(function)) {
      return null; // lists of numbers, element by element: over the group's tuples
    }
    switch (function) {
      case SUM:
      case AVERAGE:
        return sums(function == AggregateFunction.AVERAGE, type, index, fold);
      case MIN:
        return extreme(x, Extreme.MIN, null);
      case MAX:
        return extreme(x, Extreme.MAX, null);
      case ARG_MIN:
        return extreme(x, Extreme.MIN, arguments.get(1));
      case ARG_MAX:
        return extreme(x, Extreme.MAX, arguments.get(1));
      case MIN_COUNT:
        return extremeCount(x, Extreme.MIN);
      case MAX_COUNT:
        return extremeCount(x, Extreme.MAX);
      case SAMPLE_STD_DEV:
        return deviation(type, index, Kind.SAMPLE);
      case POPULATION_STD_DEV:
        return deviation(type, index, Kind.POPULATION);
      case COUNT_DISTINCT:
        return distinct(x, DistinctAccumulator.Result.COUNT);
      case COUNT_BY_DISTINCT:
        return distinct(x, DistinctAccumulator.Result.COUNT_BY);
      case COLLECT_DISTINCT:
        return distinct(x, DistinctAccumulator.Result.COLLECT);
      default:
        return null; // First, Last, Any, Collect: the group's ring, read directly
    }
  }

  private static boolean isElementWise(AggregateFunction function) {
    return function == AggregateFunction.SUM
        || function == AggregateFunction.AVERAGE
        || function == AggregateFunction.MIN
        || function == AggregateFunction.MAX;
  }

  private static Supplier<SlidingAccumulator> sums(
      boolean average, MetaType type, int index, GroupAggregator fold) {
    if (ValueTypes.isInteger(type)) {
      return average
          ? () -> new IntegerAverageAccumulator(index, type)
          : () -> new IntegerSumAccumulator(index, type);
    } else if (ValueTypes.isFloat(type)) {
      FloatSumAccumulator.Result result =
          average ? FloatSumAccumulator.Result.AVERAGE : FloatSumAccumulator.Result.SUM;
      boolean float32 = type == MetaType.FLOAT32;
      return () -> new FloatSumAccumulator(index, float32, result);
    } else if (ValueTypes.isDecimal(type)) {
      return () -> new DecimalSumAccumulator(index, type.getMathContext(), average, fold);
    }
    return null; // Sum of strings concatenates: its output is as long as the window
  }

  /** Min or Max ({@code argument} null), ArgMin or ArgMax (y as {@code argument}). */
  private static Supplier<SlidingAccumulator> extreme(
      Attribute x, Extreme extreme, Attribute argument) {
    MetaType type = x.getType().getMetaType();
    ValueReader output = ValueReader.of(argument == null ? x : argument);
    if (NumericExtremeAccumulator.handles(type)) {
      NumericExtremeAccumulator.Result what =
          argument == null
              ? NumericExtremeAccumulator.Result.VALUE
              : NumericExtremeAccumulator.Result.ARGUMENT;
      return () -> new NumericExtremeAccumulator(x.getIndex(), type, extreme, what, output);
    }
    ValueReader value = ValueReader.of(x);
    Comparator<Object> order = SplValueOrder.of(type);
    return () -> new ExtremeAccumulator(value, order, extreme, output);
  }

  private static Supplier<SlidingAccumulator> extremeCount(Attribute x, Extreme extreme) {
    MetaType type = x.getType().getMetaType();
    if (NumericExtremeAccumulator.handles(type)) {
      return () ->
          new NumericExtremeAccumulator(
              x.getIndex(), type, extreme, NumericExtremeAccumulator.Result.COUNT, null);
    }
    ValueReader value = ValueReader.of(x);
    Comparator<Object> order = SplValueOrder.of(type);
    return () -> new ExtremeCountAccumulator(value, order, extreme);
  }

  private static Supplier<SlidingAccumulator> deviation(MetaType type, int index, Kind kind) {
    if (ValueTypes.isInteger(type)) {
      return () -> new IntegerDeviationAccumulator(index, type, kind);
    } else if (ValueTypes.isFloat(type)) {
      return () -> new FloatDeviationAccumulator(index, type, kind);
    }
    return () -> new DecimalDeviationAccumulator(index, kind, type.getMathContext());
  }

  private static Supplier<SlidingAccumulator> distinct(
      Attribute x, DistinctAccumulator.Result result) {
    ValueReader reader = ValueReader.of(x);
    return () -> new DistinctAccumulator(reader, result);
  }
}
