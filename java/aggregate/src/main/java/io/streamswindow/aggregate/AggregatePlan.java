package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What the {@link Aggregate} operator computes for each window firing, resolved once against the
 * input and output schemas: the {@code groupBy} attributes, and for every output attribute the
 * {@link GroupAggregator} that gives its value (its assignment, or {@code Last} of the input
 * attribute with the same name).
 *
 * <p>Resolving checks everything a wrong declaration could break at run time: unknown attributes,
 * argument types a function does not accept, output attributes whose declared type differs from the
 * function's result type, and unassigned output attributes with no input attribute to take the last
 * value from.
 */
final class AggregatePlan {
  private final ComputedArguments computed;
  private final ValueReader[] groupBy;
  private final GroupAggregator[] outputs; // by output attribute index

  /** By output attribute index: a sliding group's accumulator; null: {@code outputs} reads it. */
  private final Supplier<SlidingAccumulator>[] accumulators;

  /**
   * By output attribute index: the function's sliced form for timeInterval windows kept in slices;
   * null: {@code outputs} reads the pane's tuples.
   */
  private final SliceFunction[] sliceFunctions;

  private AggregatePlan(
      ComputedArguments computed,
      ValueReader[] groupBy,
      GroupAggregator[] outputs,
      Supplier<SlidingAccumulator>[] accumulators,
      SliceFunction[] sliceFunctions) {
    this.computed = computed;
    this.groupBy = groupBy;
    this.outputs = outputs;
    this.accumulators = accumulators;
    this.sliceFunctions = sliceFunctions;
  }

  /**
   * Resolves the assignments and groupBy attributes against the schemas.
   *
   * @throws OutputAssignmentException for an assignment that does not fit the schemas
   * @throws IllegalArgumentException for an unknown groupBy attribute or an unassigned output
   *     attribute that the input cannot supply
   */
  static AggregatePlan resolve(
      StreamSchema input,
      StreamSchema output,
      List<OutputAssignment> assignments,
      List<String> groupBy) {
    ComputedArguments computed = ComputedArguments.of(input, assignments);
    ValueReader[] keys = new ValueReader[groupBy.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = ValueReader.of(groupByAttribute(input, groupBy.get(i)));
    }
    GroupAggregator[] outputs = new GroupAggregator[output.getAttributeCount()];
    @SuppressWarnings("unchecked")
    Supplier<SlidingAccumulator>[] accumulators = new Supplier[outputs.length];
    SliceFunction[] sliceFunctions = new SliceFunction[outputs.length];
    for (OutputAssignment assignment : assignments) {
      Attribute target = output.getAttribute(assignment.attribute());
      if (target == null) {
        throw assignment.error(
            assignment.attribute(),
            assignment.attributePosition(),
            "'"
                + assignment.attribute()
                + "' at position "
                + assignment.attributePosition()
                + " is not an attribute of the output schema "
                + output.getLanguageType());
      }
      List<Attribute> arguments = arguments(assignment, computed);
      String resultType = resultType(assignment, arguments);
      String declared = target.getType().getLanguageType();
      if (!declared.equals(resultType)) {
        throw assignment.error(
            assignment.attribute(),
            assignment.attributePosition(),
            "output attribute '"
                + target.getName()
                + "' is declared "
                + declared
                + ", but "
                + assignment.function().splName()
                + " gives "
                + resultType
                + " here; declare it as "
                + resultType);
      }
      GroupAggregator fold = assignment.function().bind(arguments);
      outputs[target.getIndex()] = fold;
      accumulators[target.getIndex()] = SlidingFunctions.of(assignment.function(), arguments, fold);
      sliceFunctions[target.getIndex()] = SliceFunctions.of(assignment.function(), arguments);
    }
    for (Attribute target : output) {
      if (outputs[target.getIndex()] == null) {
        outputs[target.getIndex()] = lastOfSameName(input, output, target);
        sliceFunctions[target.getIndex()] =
            SliceFunctions.last(input.getAttribute(target.getName()));
      }
    }
    return new AggregatePlan(computed, keys, outputs, accumulators, sliceFunctions);
  }

  /**
   * The attributes an assignment passes to its function: input attributes, or those that hold its
   * expression arguments' values ({@link ComputedArguments}).
   */
  static List<Attribute> arguments(OutputAssignment assignment, ComputedArguments computed) {
    List<Attribute> arguments = new ArrayList<>(assignment.arguments().size());
    StreamSchema input = computed.schema();
    for (int i = 0; i < assignment.arguments().size(); i++) {
      Attribute attribute = input.getAttribute(computed.attributeOf(assignment, i));
      if (attribute == null) {
        throw assignment.argumentError(
            i,
            "unknown input attribute '"
                + assignment.arguments().get(i)
                + "' at position "
                + assignment.argumentPositions().get(i)
                + "; the input attributes are "
                + input.getAttributeNames().stream()
                    .filter(name -> !name.startsWith(ComputedArguments.PREFIX))
                    .toList());
      }
      arguments.add(attribute);
    }
    return arguments;
  }

  /**
   * The function's result type for these arguments; an unfit argument is named with its position.
   */
  static String resultType(OutputAssignment assignment, List<Attribute> arguments) {
    List<Type> types = new ArrayList<>(arguments.size());
    for (Attribute argument : arguments) {
      types.add(argument.getType());
    }
    AggregateFunction function = assignment.function();
    int unfit = function.unfitArgument(types);
    if (unfit >= 0) {
      throw assignment.argumentError(
          unfit,
          "'"
              + assignment.arguments().get(unfit)
              + "' at position "
              + assignment.argumentPositions().get(unfit)
              + " has type "
              + types.get(unfit).getLanguageType()
              + ", but "
              + function.signature()
              + " needs "
              + function.requirement(unfit));
    }
    return function.resultType(types);
  }

  static Attribute groupByAttribute(StreamSchema input, String name) {
    Attribute attribute = input.getAttribute(name);
    if (attribute == null) {
      throw new IllegalArgumentException(
          "groupBy attribute '"
              + name
              + "' is not an input attribute; the input attributes are "
              + input.getAttributeNames());
    }
    return attribute;
  }

  private static GroupAggregator lastOfSameName(
      StreamSchema input, StreamSchema output, Attribute target) {
    Attribute source = input.getAttribute(target.getName());
    if (source == null) {
      throw new IllegalArgumentException(
          "output attribute '"
              + target.getName()
              + "' has no assignment and the input has no attribute of that name to take the"
              + " last value from; assign it in the output parameter, e.g. "
              + target.getName()
              + "=Max(...), or remove it from the output schema "
              + output.getLanguageType());
    }
    String declared = target.getType().getLanguageType();
    String inputType = source.getType().getLanguageType();
    if (!declared.equals(inputType)) {
      throw new IllegalArgumentException(
          "output attribute '"
              + target.getName()
              + "' has no assignment, so it takes the last value of the input attribute of that"
              + " name, which is "
              + inputType
              + ", but it is declared "
              + declared
              + "; declare it as "
              + inputType
              + " or assign it");
    }
    ValueReader reader = ValueReader.of(source);
    return group -> reader.read(group.last());
  }

  /** The readers of the groupBy attributes; empty without groupBy. */
  ValueReader[] groupBy() {
    return groupBy;
  }

  /** By output attribute: the sliced form of its function, or null where it has none. */
  SliceFunction[] sliceFunctions() {
    return sliceFunctions;
  }

  /** The function that computes output attribute {@code index} over a group's tuples. */
  GroupAggregator output(int index) {
    return outputs[index];
  }

  /** New accumulators for one sliding group, by output attribute; null where none is needed. */
  SlidingAccumulator[] newAccumulators() {
    SlidingAccumulator[] created = new SlidingAccumulator[accumulators.length];
    for (int i = 0; i < created.length; i++) {
      created[i] = accumulators[i] == null ? null : accumulators[i].get();
    }
    return created;
  }

  /**
   * A window's tuple as this plan reads it: with its expression arguments' values ({@link
   * ComputedArguments#extend}), or itself when there are none.
   */
  Tuple extend(Tuple tuple) {
    return computed.extend(tuple);
  }

  /** Whether {@link #extend} gives each tuple as it is. */
  boolean readsTuplesAsTheyAre() {
    return computed.isEmpty();
  }

  /** Splits a firing window's tuples into this plan's groups. */
  Firing split(Iterable<Tuple> tuples) {
    if (computed.isEmpty()) {
      return Firing.of(tuples, groupBy);
    }
    List<Tuple> extended = new ArrayList<>();
    for (Tuple tuple : tuples) {
      extended.add(computed.extend(tuple));
    }
    return Firing.of(extended, groupBy);
  }

  /**
   * Submits one output tuple per group of {@code firing}, in group order, then a window marker. An
   * empty firing submits only the marker. A group kept by a sliding window's incremental
   * aggregation gives the values of its accumulators; every other value is computed over the
   * group's tuples.
   */
  void submit(Firing firing, StreamingOutput<OutputTuple> out) throws Exception {
    for (Group group : firing.groups()) {
      OutputTuple tuple = out.newTuple();
      SlidingGroup sliding = group.sliding();
      for (int i = 0; i < outputs.length; i++) {
        boolean kept = sliding != null && sliding.keeps(i);
        tuple.setObject(i, kept ? sliding.result(i) : outputs[i].aggregate(group));
      }
      out.submit(tuple);
    }
    out.punctuate(Punctuation.WINDOW_MARKER);
  }
}
