package io.streamswindow.spark;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.PrimitiveOperator;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.schema.SimilarNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import org.apache.spark.sql.types.StructType;

/**
 * Plan-time checks of what a user hands {@link WindowedOperators#runOperator} that would otherwise
 * give wrong rows without an error, or fail only inside a job: parameters the operator does not
 * declare or never reads, and output columns whose names differ only in case from the names the
 * operator uses. Each failure is an {@link IllegalArgumentException} naming the bad name and the
 * valid ones.
 */
final class OperatorArgumentChecks {
  private OperatorArgumentChecks() {}

  /**
   * Refuses a run whose number of input or output ports the operator's model does not allow, as
   * SPL's compiler refuses an invocation with other ports: {@code @InputPorts} and
   * {@code @OutputPorts} list port sets, each of {@code cardinality} ports (-1: any number, at
   * least one) unless {@code optional}. An operator without the annotation takes any number.
   *
   * @throws IllegalArgumentException naming the operator, the ports it declares and the argument
   *     that gives the ports ({@code inputs}, {@code output_schema})
   */
  static void requireDeclaredPorts(Class<? extends Operator> type, int inputs, int outputs) {
    // One port set may also stand alone on the class, without its list annotation.
    InputPorts in = annotation(type, InputPorts.class);
    InputPortSet oneIn = annotation(type, InputPortSet.class);
    InputPortSet[] inSets =
        in != null ? in.value() : oneIn != null ? new InputPortSet[] {oneIn} : null;
    if (inSets != null) {
      int[] range = new int[] {0, 0};
      for (InputPortSet set : inSets) {
        add(range, set.cardinality(), set.optional());
      }
      requirePorts(type, "input", inputs, range, "inputs (one DataFrame per port beyond 0)");
    }
    OutputPorts out = annotation(type, OutputPorts.class);
    OutputPortSet oneOut = annotation(type, OutputPortSet.class);
    OutputPortSet[] outSets =
        out != null ? out.value() : oneOut != null ? new OutputPortSet[] {oneOut} : null;
    if (outSets != null) {
      int[] range = new int[] {0, 0};
      for (OutputPortSet set : outSets) {
        add(range, set.cardinality(), set.optional());
      }
      requirePorts(type, "output", outputs, range, "output_schema (a list: one schema per port)");
    }
  }

  /** Adds a port set to {@code range} (least, most; most -1 for no limit). */
  private static void add(int[] range, int cardinality, boolean optional) {
    if (!optional) {
      range[0] += Math.max(cardinality, 1);
    }
    range[1] = range[1] < 0 || cardinality < 0 ? -1 : range[1] + cardinality;
  }

  private static void requirePorts(
      Class<? extends Operator> type, String kind, int given, int[] range, String argument) {
    if (given >= range[0] && (range[1] < 0 || given <= range[1])) {
      return;
    }
    String allowed =
        range[1] < 0
            ? range[0] + " or more"
            : range[0] == range[1] ? String.valueOf(range[0]) : range[0] + " to " + range[1];
    throw new IllegalArgumentException(
        "Operator "
            + type.getName()
            + " declares "
            + allowed
            + " "
            + kind
            + " port(s) (@"
            + (kind.equals("input") ? "InputPorts" : "OutputPorts")
            + "), and this run gives it "
            + given
            + ": give "
            + argument);
  }

  /** {@code type}'s annotation, or its nearest superclass's. */
  private static <A extends java.lang.annotation.Annotation> A annotation(
      Class<?> type, Class<A> annotation) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      A found = c.getAnnotation(annotation);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * Refuses parameters an operator does not declare, as SPL's compiler refuses them for a Java
   * primitive operator: one annotated {@link PrimitiveOperator}, whose {@code @Parameter} setters
   * are its whole parameter list. An operator without that annotation runs as SPL's {@code JavaOp}
   * runs a class, which passes every parameter on (the operator may read them from its context):
   * its parameters are checked once it is initialized, by {@link #requireParametersRead}.
   *
   * @throws IllegalArgumentException naming the unknown parameter and the declared ones
   */
  static void requireDeclaredParameters(
      Class<? extends Operator> type, Map<String, List<String>> parameters) {
    if (!type.isAnnotationPresent(PrimitiveOperator.class)) {
      return;
    }
    SortedSet<String> declared = OperatorHost.declaredParameters(type);
    for (String name : parameters.keySet()) {
      if (!declared.contains(name)) {
        throw new IllegalArgumentException(
            "Operator "
                + type.getName()
                + " has no parameter '"
                + name
                + "'"
                + SimilarNames.hint(name, declared)
                + "; "
                + (declared.isEmpty()
                    ? "it takes no parameters"
                    : "its parameters are: " + String.join(", ", declared)));
      }
    }
  }

  /**
   * Refuses a parameter that an operator without {@link PrimitiveOperator} shows no sign of taking,
   * once the driver's dry run has initialized it ({@code host}): a name it did not read while it
   * was set up and initialized ({@link OperatorHost#parametersRead}) and that its code does not
   * hold as a string ({@link ClassFileStrings}: a name it may read only when tuples arrive). An
   * operator that listed its parameters ({@link OperatorHost#parameterNamesListed}) takes any, as
   * SPL's {@code JavaOp} passes every parameter on. A {@code @PrimitiveOperator} is checked by
   * {@link #requireDeclaredParameters} instead. The rule and its limits: docs/decisions.md,
   * "Parameters of an operator without @PrimitiveOperator".
   *
   * @param host the operator's host, initialized
   * @throws IllegalArgumentException naming the unknown parameter and the ones the operator read
   */
  static void requireParametersRead(
      Class<? extends Operator> type, Map<String, List<String>> parameters, OperatorHost host) {
    if (type.isAnnotationPresent(PrimitiveOperator.class) || host.parameterNamesListed()) {
      return;
    }
    SortedSet<String> read = host.parametersRead();
    Set<String> literals = null;
    for (String name : parameters.keySet()) {
      if (read.contains(name)) {
        continue;
      }
      if (literals == null) {
        literals = ClassFileStrings.of(type);
      }
      if (literals.contains(name)) {
        continue;
      }
      // The names it read first; else a name of its code, which it may read later.
      String hint = SimilarNames.hint(name, read);
      throw new IllegalArgumentException(
          "Operator "
              + type.getName()
              + " does not read parameter '"
              + name
              + "'"
              + (hint.isEmpty() ? SimilarNames.hint(name, literals) : hint)
              + "; "
              + (read.isEmpty()
                  ? "it read no parameters"
                  : "the parameters it read are: " + String.join(", ", read))
              + ". An operator without @PrimitiveOperator takes the parameters it reads when"
              + " initialized or names in its code, or any if it calls getParameterNames()");
    }
  }

  /**
   * Refuses an output column whose name is none the operator uses but differs only in case from one
   * it does: an input attribute (which {@code assign()} copies by exact name), a parameter value
   * (an operator may be told which attribute to set), or a string literal of the operator's code
   * ({@link ClassFileStrings}). SPL names are case-sensitive while Spark's columns are not, so such
   * a column would keep its default value on every row. A column that no source names is refused
   * too when a string of the operator's code is close to it (a typo, or {@code maximum} for the
   * {@code max} the code sets): the operator would fail setting its own name. A column unlike every
   * known name is let through: the operator may build names in ways no check can see.
   *
   * @param tuples the operator's input schema (without the marker column)
   * @throws IllegalArgumentException naming the column and the name it differs from
   */
  /**
   * The name of the operator's code that an output column it does not use was most likely meant to
   * be, or null: a string of its code that reads as an SPL attribute name, is not already an output
   * column or an input attribute, and is close to the column (a small edit distance, or one is the
   * other's beginning, as {@code max} and {@code maximum}).
   */
  private static String likelyMeant(
      String column, Set<String> literals, StructType output, StructType tuples) {
    Set<String> taken = new java.util.HashSet<>(List.of(output.fieldNames()));
    taken.addAll(List.of(tuples.fieldNames()));
    List<String> candidates =
        literals.stream()
            .filter(literal -> literal.matches("[A-Za-z_][A-Za-z0-9_]*"))
            .filter(literal -> !taken.contains(literal))
            .sorted()
            .toList();
    String near = SimilarNames.nearest(column, candidates);
    if (near != null && !near.equalsIgnoreCase(column)) {
      return near;
    }
    String lower = column.toLowerCase(java.util.Locale.ROOT);
    for (String candidate : candidates) {
      String other = candidate.toLowerCase(java.util.Locale.ROOT);
      if (Math.min(lower.length(), other.length()) >= 3
          && !lower.equals(other)
          && (lower.startsWith(other) || other.startsWith(lower))) {
        return candidate;
      }
    }
    return null;
  }

  static void requireOutputNamesTheOperatorUses(
      Class<? extends Operator> type,
      StructType tuples,
      StructType output,
      Map<String, List<String>> parameters) {
    // Where each known name comes from, for the message; the first source of a name wins.
    Map<String, String> known = new LinkedHashMap<>();
    for (String attribute : tuples.fieldNames()) {
      known.putIfAbsent(attribute, "the input attribute");
    }
    parameters.forEach(
        (name, values) ->
            values.forEach(value -> known.putIfAbsent(value, "parameter " + name + "'s value")));
    Set<String> literals = null;
    for (String column : output.fieldNames()) {
      if (known.containsKey(column)) {
        continue;
      }
      if (literals == null) {
        literals = ClassFileStrings.of(type);
        for (String literal : literals) {
          known.putIfAbsent(literal, "the name " + type.getSimpleName() + "'s code uses");
        }
        if (known.containsKey(column)) {
          continue;
        }
      }
      String match = SimilarNames.sameButCase(column, new ArrayList<>(known.keySet()));
      if (match != null) {
        throw new IllegalArgumentException(
            "output_schema column '"
                + column
                + "' differs only in case from '"
                + match
                + "', "
                + known.get(match)
                + ": SPL attribute names are case-sensitive, so the operator would never set"
                + " this column and every row would hold its default value. Name the column '"
                + match
                + "'");
      }
      String likely = likelyMeant(column, literals, output, tuples);
      if (likely != null) {
        throw new IllegalArgumentException(
            "output_schema column '"
                + column
                + "' is no name the operator uses (did you mean '"
                + likely
                + "', which "
                + type.getSimpleName()
                + "'s code names?): it is not an input attribute, which assign() would copy,"
                + " nor a parameter's value, nor a string of the operator's code, so the operator"
                + " would never set it and would fail setting '"
                + likely
                + "', which output_schema lacks. Name the column '"
                + likely
                + "'");
      }
    }
  }
}
