package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Derives the output schema of an {@link Aggregate} invocation from its input schema, output
 * assignments and {@code groupBy} attributes, for callers that do not declare one (the Spark
 * facade's {@code aggregate}).
 *
 * <p>The derived schema is: the {@code groupBy} attributes, in {@code groupBy} order, with their
 * input types (each holds its group's value, as an unassigned output attribute takes {@code Last}
 * of the input attribute of the same name); then the assigned attributes in assignment order, each
 * with its function's result type ({@link AggregateFunction#resultType}). A {@code groupBy}
 * attribute that is also assigned keeps its {@code groupBy} position but takes the assignment's
 * type. Partition attributes are not added: assign them, e.g. {@code symbol=Any(symbol)}.
 *
 * <pre>{@code
 * StreamSchema in =
 *     Type.Factory.getStreamSchema("tuple<rstring symbol, float64 price, int32 qty>");
 * AggregateSchema.outputSchema(in, List.of("avg=Average(price)", "n=Count()"), List.of("symbol"));
 * // tuple<rstring symbol, float64 avg, int32 n>
 * }</pre>
 */
public final class AggregateSchema {
  private AggregateSchema() {}

  /**
   * Returns the output schema for these assignments and groupBy attributes.
   *
   * @param input the input port's schema
   * @param output the output assignments, e.g. {@code "total=Sum(cost)"}
   * @param groupBy the groupBy attribute names; may be empty
   * @return the output schema
   * @throws OutputAssignmentException for an assignment that cannot be read or whose arguments do
   *     not fit the input schema
   * @throws IllegalArgumentException for an unknown groupBy attribute, or when there is nothing to
   *     output
   */
  public static StreamSchema outputSchema(
      StreamSchema input, List<String> output, List<String> groupBy) {
    Map<String, String> types = new LinkedHashMap<>(); // attribute name -> SPL type
    for (String name : groupBy) {
      types.put(name, AggregatePlan.groupByAttribute(input, name).getType().getLanguageType());
    }
    List<OutputAssignment> assignments = OutputAssignmentParser.parseAll(output);
    ComputedArguments computed = ComputedArguments.of(input, assignments);
    for (OutputAssignment assignment : assignments) {
      List<Attribute> arguments = AggregatePlan.arguments(assignment, computed);
      types.put(assignment.attribute(), AggregatePlan.resultType(assignment, arguments));
    }
    if (types.isEmpty()) {
      throw new IllegalArgumentException(
          "Nothing to output: give at least one output assignment or groupBy attribute");
    }
    List<String> attributes = new ArrayList<>(types.size());
    types.forEach((name, type) -> attributes.add(type + " " + name));
    return Type.Factory.getStreamSchema("tuple<" + String.join(", ", attributes) + ">");
  }
}
