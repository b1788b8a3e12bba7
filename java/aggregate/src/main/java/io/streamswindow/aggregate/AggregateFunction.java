package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import io.streamswindow.aggregate.ExtremeAggregators.Extreme;
import io.streamswindow.aggregate.StandardDeviation.Kind;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The output functions of the SPL standard toolkit's Aggregate operator: what each takes, what SPL
 * type it gives, and how it is computed over a group of tuples.
 *
 * <p>{@code T} is the type of the first argument, {@code K} the type of the second.
 *
 * <table>
 *   <caption>Output functions</caption>
 *   <tr><th>function</th><th>result</th><th>meaning</th></tr>
 *   <tr><td>Count()</td><td>int32</td><td>tuples in the group</td></tr>
 *   <tr><td>CountAll()</td><td>int32</td><td>tuples in the window, all groups</td></tr>
 *   <tr><td>CountGroups()</td><td>int32</td><td>groups in the window</td></tr>
 *   <tr><td>CountByGroup()</td><td>list&lt;int32&gt;</td><td>tuples in each group</td></tr>
 *   <tr><td>CountDistinct(x)</td><td>int32</td><td>distinct values of x</td></tr>
 *   <tr><td>CountByDistinct(x)</td><td>list&lt;int32&gt;</td><td>occurrences of each distinct
 *       value, in the order of CollectDistinct(x)</td></tr>
 *   <tr><td>Sum(x)</td><td>T</td><td>sum (numbers; lists of numbers element-wise; strings
 *       concatenated)</td></tr>
 *   <tr><td>Average(x)</td><td>T</td><td>mean (integers truncated; lists element-wise)</td></tr>
 *   <tr><td>Min(x), Max(x)</td><td>T</td><td>smallest, largest (ordered types; lists of numbers
 *       element-wise)</td></tr>
 *   <tr><td>MinCount(x), MaxCount(x)</td><td>int32</td><td>tuples holding the smallest, largest
 *       x</td></tr>
 *   <tr><td>ArgMin(x, y), ArgMax(x, y)</td><td>K</td><td>y of the first tuple with the smallest,
 *       largest x</td></tr>
 *   <tr><td>First(x), Last(x)</td><td>T</td><td>x of the oldest, newest tuple</td></tr>
 *   <tr><td>Any(x)</td><td>T</td><td>x of one tuple (the newest, as in SPL's runtime)</td></tr>
 *   <tr><td>Collect(x)</td><td>list&lt;T&gt;</td><td>every x, oldest first</td></tr>
 *   <tr><td>CollectDistinct(x)</td><td>list&lt;T&gt;</td><td>distinct x, in order of first
 *       appearance</td></tr>
 *   <tr><td>SampleStdDev(x), PopulationStdDev(x)</td><td>T</td><td>standard deviation (numbers),
 *       dividing by n - 1 or n</td></tr>
 *   <tr><td>intervalStart(), intervalEnd()</td><td>timestamp</td><td>timeInterval windows: the
 *       start and end of the pane that triggered</td></tr>
 *   <tr><td>paneIndex()</td><td>int64</td><td>timeInterval windows: 0 for a pane's first
 *       trigger in its partition, then 1, 2...</td></tr>
 *   <tr><td>paneTiming()</td><td>rstring</td><td>timeInterval windows: {@code paneOnComplete}
 *       for the first trigger, {@code paneLate} for later ones</td></tr>
 * </table>
 *
 * <p>Example: {@code AggregateFunction.forSplName("Sum").resultType(List.of(float64))} is {@code
 * "float64"}.
 */
public enum AggregateFunction {
  COUNT("Count"),
  COUNT_ALL("CountAll"),
  COUNT_GROUPS("CountGroups"),
  COUNT_BY_GROUP("CountByGroup"),
  COUNT_DISTINCT("CountDistinct", "x"),
  COUNT_BY_DISTINCT("CountByDistinct", "x"),
  SUM("Sum", "x"),
  AVERAGE("Average", "x"),
  MIN("Min", "x"),
  MAX("Max", "x"),
  MIN_COUNT("MinCount", "x"),
  MAX_COUNT("MaxCount", "x"),
  ARG_MIN("ArgMin", "x", "y"),
  ARG_MAX("ArgMax", "x", "y"),
  FIRST("First", "x"),
  LAST("Last", "x"),
  ANY("Any", "x"),
  COLLECT("Collect", "x"),
  COLLECT_DISTINCT("CollectDistinct", "x"),
  SAMPLE_STD_DEV("SampleStdDev", "x"),
  POPULATION_STD_DEV("PopulationStdDev", "x"),
  // SPL's event-time functions, for timeInterval windows: the pane a trigger fired for.
  INTERVAL_START("intervalStart"),
  INTERVAL_END("intervalEnd"),
  PANE_INDEX("paneIndex"),
  PANE_TIMING("paneTiming");

  private static final String INT32 = "int32";
  private static final String LIST_OF_INT32 = "list<int32>";

  private final String splName;
  private final List<String> parameters;

  AggregateFunction(String splName, String... parameters) {
    this.splName = splName;
    this.parameters = List.of(parameters);
  }

  /** The function's SPL name, e.g. {@code CountDistinct}. */
  public String splName() {
    return splName;
  }

  /** The number of arguments the function takes. */
  public int arity() {
    return parameters.size();
  }

  /** The function's call form, e.g. {@code ArgMax(x, y)}. */
  public String signature() {
    return splName + "(" + String.join(", ", parameters) + ")";
  }

  /**
   * Returns the function with this SPL name (exact case, as in SPL).
   *
   * @param name e.g. {@code "Sum"}
   * @return the function, or null when there is none
   */
  public static AggregateFunction forSplName(String name) {
    for (AggregateFunction function : values()) {
      if (function.splName.equals(name)) {
        return function;
      }
    }
    return null;
  }

  /** The SPL names of all functions, comma separated, for messages. */
  static String splNames() {
    return Arrays.stream(values())
        .map(AggregateFunction::splName)
        .collect(Collectors.joining(", "));
  }

  /**
   * Returns the SPL type of the function's result for arguments of these types, after checking that
   * the function accepts them.
   *
   * @param argumentTypes the types of the input attributes passed, one per parameter
   * @return the result type's SPL spelling, e.g. {@code "int32"} or {@code "list<rstring>"}
   * @throws IllegalArgumentException naming the first argument whose type does not fit
   */
  public String resultType(List<Type> argumentTypes) {
    int unfit = unfitArgument(argumentTypes);
    if (unfit >= 0) {
      throw new IllegalArgumentException(
          "argument "
              + (unfit + 1)
              + " of "
              + signature()
              + " has type "
              + argumentTypes.get(unfit).getLanguageType()
              + ", but must be "
              + requirement(unfit));
    }
    switch (this) {
      case COUNT:
      case COUNT_ALL:
      case COUNT_GROUPS:
      case COUNT_DISTINCT:
      case MIN_COUNT:
      case MAX_COUNT:
        return INT32;
      case COUNT_BY_GROUP:
      case COUNT_BY_DISTINCT:
        return LIST_OF_INT32;
      case ARG_MIN:
      case ARG_MAX:
        return argumentTypes.get(1).getLanguageType();
      case COLLECT:
      case COLLECT_DISTINCT:
        return "list<" + argumentTypes.get(0).getLanguageType() + ">";
      case INTERVAL_START:
      case INTERVAL_END:
        return "timestamp";
      case PANE_INDEX:
        return "int64";
      case PANE_TIMING:
        return "rstring";
      default:
        return argumentTypes.get(0).getLanguageType();
    }
  }

  /** The index of the first argument whose type the function does not accept, or -1. */
  int unfitArgument(List<Type> types) {
    if (types.isEmpty()) {
      return -1;
    }
    Type type = types.get(0);
    MetaType meta = type.getMetaType();
    boolean fits;
    switch (this) {
      case SUM:
        fits =
            ValueTypes.isNumeric(meta)
                || ValueTypes.isString(meta)
                || ValueTypes.isNumericList(type);
        break;
      case AVERAGE:
        fits = ValueTypes.isNumeric(meta) || ValueTypes.isNumericList(type);
        break;
      case MIN:
      case MAX:
        fits = ValueTypes.isOrdered(meta) || ValueTypes.isNumericList(type);
        break;
      case MIN_COUNT:
      case MAX_COUNT:
      case ARG_MIN:
      case ARG_MAX:
        fits = ValueTypes.isOrdered(meta);
        break;
      case SAMPLE_STD_DEV:
      case POPULATION_STD_DEV:
        fits = ValueTypes.isNumeric(meta);
        break;
      default:
        fits = true;
    }
    return fits ? -1 : 0;
  }

  /** What argument {@code index} must be, for messages. */
  String requirement(int index) {
    switch (this) {
      case SUM:
        return "numeric, a string, or a list of numbers";
      case AVERAGE:
        return "numeric or a list of numbers";
      case MIN:
      case MAX:
        return "an ordered type (number, string, timestamp, boolean) or a list of numbers";
      case SAMPLE_STD_DEV:
      case POPULATION_STD_DEV:
        return "numeric";
      default:
        return "an ordered type (number, string, timestamp, boolean)";
    }
  }

  /**
   * Binds the function to the input attributes it reads. The arguments' types must have passed
   * {@link #resultType}.
   */
  GroupAggregator bind(List<Attribute> arguments) {
    switch (this) {
      case COUNT:
        return Group::size;
      case COUNT_ALL:
        return group -> group.firing().tupleCount();
      case COUNT_GROUPS:
        return group -> group.firing().groupCount();
      case COUNT_BY_GROUP:
        return group -> group.firing().groupSizes();
      case COUNT_DISTINCT:
        return DistinctValues.count(ValueReader.of(arguments.get(0)));
      case COUNT_BY_DISTINCT:
        return DistinctValues.countBy(ValueReader.of(arguments.get(0)));
      case COLLECT_DISTINCT:
        return DistinctValues.collect(ValueReader.of(arguments.get(0)));
      case SUM:
        return NumericAggregators.sum(arguments.get(0));
      case AVERAGE:
        return NumericAggregators.average(arguments.get(0));
      case MIN:
        return ExtremeAggregators.value(arguments.get(0), Extreme.MIN);
      case MAX:
        return ExtremeAggregators.value(arguments.get(0), Extreme.MAX);
      case MIN_COUNT:
        return ExtremeAggregators.count(arguments.get(0), Extreme.MIN);
      case MAX_COUNT:
        return ExtremeAggregators.count(arguments.get(0), Extreme.MAX);
      case ARG_MIN:
        return ExtremeAggregators.argument(arguments.get(0), arguments.get(1), Extreme.MIN);
      case ARG_MAX:
        return ExtremeAggregators.argument(arguments.get(0), arguments.get(1), Extreme.MAX);
      case FIRST:
        {
          ValueReader reader = ValueReader.of(arguments.get(0));
          return group -> reader.read(group.first());
        }
      case LAST:
      case ANY:
        {
          ValueReader reader = ValueReader.of(arguments.get(0));
          return group -> reader.read(group.last());
        }
      case COLLECT:
        {
          ValueReader reader = ValueReader.of(arguments.get(0));
          return group -> collect(group, reader);
        }
      case SAMPLE_STD_DEV:
        return StandardDeviation.of(arguments.get(0), Kind.SAMPLE);
      case POPULATION_STD_DEV:
        return StandardDeviation.of(arguments.get(0), Kind.POPULATION);
      case INTERVAL_START:
        return group -> group.firing().pane().pane().getStart();
      case INTERVAL_END:
        return group -> group.firing().pane().pane().getEnd();
      case PANE_INDEX:
        return group -> group.firing().pane().index();
      case PANE_TIMING:
        return group -> new RString(group.firing().pane().timingName());
      default:
        throw new AssertionError(this);
    }
  }

  /** Whether the function reads the pane of a timeInterval window's trigger, not the tuples. */
  public boolean isPaneFunction() {
    return this == INTERVAL_START
        || this == INTERVAL_END
        || this == PANE_INDEX
        || this == PANE_TIMING;
  }

  private static List<Object> collect(Group group, ValueReader reader) {
    Object[] values = new Object[group.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = reader.read(group.tuples().get(i));
    }
    return java.util.Collections.unmodifiableList(Arrays.asList(values));
  }
}
