package io.streamswindow.spark;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.PrimitiveOperator;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.schema.SimilarNames;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplType;
import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.run.HostRecipe;
import io.streamswindow.spark.types.SplSparkTypes;
import io.streamswindow.spark.types.SplSparkTypes.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The checks of what a run hands the operator ({@link RunValidation}'s steps "operator",
 * "parameters" and "shared names"), which would otherwise give wrong rows without an error, or fail
 * only inside a job: ports the operator does not declare, parameters it does not declare or never
 * reads, and output columns nothing would set or whose names differ only in case from the names the
 * operator uses. Each failure is an {@link IllegalArgumentException} naming the bad name and the
 * valid ones.
 */
final class OperatorArgumentChecks {
  private OperatorArgumentChecks() {}

  /** "operator": loads the operator's class, whose declared ports must take the run's. */
  static void operator(RunDraft run) {
    run.type = HostRecipe.loadOperatorClass(run.request.operatorClass());
    requireDeclaredPorts(run.type, run.request.inputs().size(), run.request.outputs().size());
  }

  /**
   * "parameters": the operator's parameters, in the order given: the names a
   * {@code @PrimitiveOperator} does not declare are refused, and, unless the output schema was
   * derived ({@link Aggregates}), the output columns nothing would set ({@link
   * #requireOutputNamesTheOperatorUses}), judged against the columns of every input port.
   */
  static void parameters(RunDraft run) {
    Map<String, List<String>> parameters = new LinkedHashMap<>();
    run.request
        .parameters()
        .forEach((name, values) -> parameters.put(name, new ArrayList<>(values)));
    requireDeclaredParameters(run.type, parameters);
    if (run.request.outputNamesChecked()) {
      StructType inputNames = InputChecks.inputNames(run);
      for (StructType out : run.outputs) {
        requireOutputNamesTheOperatorUses(run.type, inputNames, out, parameters);
      }
    }
    run.parameters = parameters;
  }

  /**
   * "shared names": output columns of another SPL type than a same-named input attribute, refused
   * or kept as the run's warnings ({@link #requireAssignableSharedNames}); not judged when the
   * output schema was derived.
   */
  static void sharedNames(RunDraft run) {
    if (!run.request.outputNamesChecked()) {
      return;
    }
    List<Map.Entry<StructType, SplSchema>> inputs = new ArrayList<>();
    for (int port = 0; port < run.inputs.size(); port++) {
      InputPortPlan in = run.inputs.get(port);
      inputs.add(
          Map.entry(
              in.tuples(),
              port == 0
                  ? run.inputSpl
                  : SplSparkTypes.toSpl(in.tuples(), in.inputTypes(), Direction.INPUT)));
    }
    run.warnings =
        requireAssignableSharedNames(
            run.type, inputs, OutputChecks.outputSchemas(run.outputs, run.out()), run.parameters);
  }

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
   * Refuses an output column that nothing would set. A column is set when its name is one the
   * operator uses: an input attribute of any port (which {@code assign()} copies by exact name), a
   * parameter's value, a word of one or its name (an operator may be told which attribute to set),
   * or a string literal of the operator's code ({@link ClassFileStrings}). Refused:
   *
   * <ul>
   *   <li>a column that differs only in case from such a name: SPL names are case-sensitive while
   *       Spark's columns are not, so it would keep its default value on every row;
   *   <li>a column that no source names and that a string of the code is close to (a typo, or
   *       {@code maximum} for the {@code max} the code sets): the operator would fail setting its
   *       own name;
   *   <li>any other column that no source names, unless the operator's class files show that it may
   *       set attributes it names by no string ({@link ClassFileStrings#setsNamesItDoesNotHold}: by
   *       position, by walking a schema, or through code outside its packages), or that it submits
   *       no tuple ({@link ClassFileStrings#submitsTuples}: a sink's output_schema sets nothing).
   * </ul>
   *
   * The rule and its limits: docs/decisions.md, "Output columns nothing would set".
   *
   * @param tuples the attributes of the operator's input ports (without marker columns)
   * @throws IllegalArgumentException naming the column, and the name it was likely meant to be or
   *     the names the code holds
   */
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
    parameterNames(parameters).forEach(known::putIfAbsent);
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
      String likely = likelyMeant(column, candidates(literals, output, tuples), false);
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
      if (ClassFileStrings.submitsTuples(type) && !ClassFileStrings.setsNamesItDoesNotHold(type)) {
        throw new IllegalArgumentException(unsetColumn(type, column, literals, output, tuples));
      }
    }
  }

  /**
   * The refusal of an output column that no source names, for an operator whose code sets only
   * attributes it names: with the name of its code the column most likely abbreviates or spells out
   * ({@code average} for {@code avg}), else the names of its code output_schema lacks.
   */
  private static String unsetColumn(
      Class<? extends Operator> type,
      String column,
      Set<String> literals,
      StructType output,
      StructType tuples) {
    List<String> candidates = candidates(literals, output, tuples);
    String likely = likelyMeant(column, candidates, true);
    String code = type.getSimpleName() + "'s code";
    return "output_schema column '"
        + column
        + "' is no name the operator uses"
        + (likely != null ? " (did you mean '" + likely + "', which " + code + " names?)" : "")
        + ": it is not an input attribute, which assign() would copy, nor a parameter's value,"
        + " nor a string of "
        + code
        + ", which sets attributes by name only, so nothing would set it and every row would"
        + " hold its default value. "
        + (likely != null
            ? "Name the column '" + likely + "'"
            : candidates.isEmpty()
                ? "Leave it out of output_schema"
                : "The names "
                    + code
                    + " holds that output_schema lacks: "
                    + String.join(", ", candidates.subList(0, Math.min(20, candidates.size())))
                    + (candidates.size() > 20 ? ", ..." : "")
                    + ". Name the column as the operator sets it, or leave it out");
  }

  /**
   * The strings of the operator's code that read as SPL attribute names and are neither an output
   * column nor an input attribute already, sorted: the names a column it does not use may have been
   * meant to be.
   */
  private static List<String> candidates(
      Set<String> literals, StructType output, StructType tuples) {
    Set<String> taken = new java.util.HashSet<>(List.of(output.fieldNames()));
    taken.addAll(List.of(tuples.fieldNames()));
    return literals.stream()
        .filter(literal -> literal.matches("[A-Za-z_][A-Za-z0-9_]*"))
        .filter(literal -> !taken.contains(literal))
        .sorted()
        .toList();
  }

  /**
   * The candidate that an output column the operator does not use was most likely meant to be, or
   * null: one close to it (a small edit distance, or one is the other's beginning, as {@code max}
   * and {@code maximum}); with {@code abbreviations}, also one of at least three letters that
   * starts as the column does and whose letters the other holds in order ({@code avg}, {@code
   * average}).
   */
  private static String likelyMeant(String column, List<String> candidates, boolean abbreviations) {
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
    if (abbreviations) {
      for (String candidate : candidates) {
        String other = candidate.toLowerCase(java.util.Locale.ROOT);
        if (Math.min(lower.length(), other.length()) >= 3
            && lower.charAt(0) == other.charAt(0)
            && (inOrder(lower, other) || inOrder(other, lower))) {
          return candidate;
        }
      }
    }
    return null;
  }

  /** Whether {@code longer} holds every letter of {@code shorter}, in order. */
  private static boolean inOrder(String shorter, String longer) {
    int at = 0;
    for (int i = 0; i < longer.length() && at < shorter.length(); i++) {
      if (longer.charAt(i) == shorter.charAt(at)) {
        at++;
      }
    }
    return at == shorter.length() && shorter.length() < longer.length();
  }

  /**
   * The names the parameters give, each with its source for messages: every value, and every word
   * of a value ({@code "total, count"}, {@code "avg(cost)"}), as an operator may split a value into
   * the attributes it sets; then the parameters' own names, as an operator may set the attribute a
   * parameter is named after.
   */
  static Map<String, String> parameterNames(Map<String, List<String>> parameters) {
    Map<String, String> names = new LinkedHashMap<>();
    parameters.forEach(
        (name, values) ->
            values.forEach(
                value -> {
                  names.putIfAbsent(value, "parameter " + name + "'s value");
                  for (String word : value.split("[^A-Za-z0-9_]+")) {
                    if (!word.isEmpty()) {
                      names.putIfAbsent(word, "parameter " + name + "'s value");
                    }
                  }
                }));
    parameters.keySet().forEach(name -> names.putIfAbsent(name, "the name of a parameter"));
    return names;
  }

  /**
   * Judges output columns that share an input attribute's name with another SPL type ({@code v
   * double} out, {@code v float} in): {@code assign()} copies an attribute only into one of the
   * same type ({@link SplSchema#assignCopies}), as IBM's does, so such a column holds only what the
   * operator's code sets. Refused when the code cannot be setting it (it never names the column, no
   * parameter value names it, and it sets no attribute by position: {@link
   * ClassFileStrings#setsNamesItDoesNotHold}), since every row would hold the default value;
   * otherwise returned as a warning. Each names both types and the fixes: docs/decisions.md,
   * "Output columns nothing would set".
   *
   * @param inputs each input port's tuples (port 0's first) with their SPL schemas
   * @param outputs each output port's columns (port 0's first) with their SPL schemas
   * @return the warnings, one per column the operator may or may not set
   * @throws IllegalArgumentException for a column nothing would set
   */
  static List<String> requireAssignableSharedNames(
      Class<? extends Operator> type,
      List<Map.Entry<StructType, SplSchema>> inputs,
      List<Map.Entry<StructType, SplSchema>> outputs,
      Map<String, List<String>> parameters) {
    List<String> warnings = new ArrayList<>();
    if (!ClassFileStrings.submitsTuples(type)) {
      return warnings; // it sets no column: a sink's output_schema holds no value
    }
    Set<String> named = null;
    for (int q = 0; q < outputs.size(); q++) {
      StructType outColumns = outputs.get(q).getKey();
      SplSchema out = outputs.get(q).getValue();
      for (String column : outColumns.fieldNames()) {
        for (int p = 0; p < inputs.size(); p++) {
          SplSchema in = inputs.get(p).getValue();
          if (in.getAttribute(column) == null) {
            continue;
          }
          SplType from = in.getType(in.requireIndex(column));
          SplType to = out.getType(out.requireIndex(column));
          if (SplSchema.assignCopies(from, to)) {
            continue;
          }
          if (named == null) {
            named = new java.util.HashSet<>(ClassFileStrings.of(type));
            named.addAll(parameterNames(parameters).keySet());
          }
          boolean mayBeSet =
              named.contains(column) || ClassFileStrings.setsNamesItDoesNotHold(type);
          String both =
              (q == 0 ? "output_schema column '" : "output port " + q + "'s column '")
                  + column
                  + "' is SPL "
                  + to
                  + " and "
                  + (p == 0 ? "the input attribute '" : "input port " + p + "'s attribute '")
                  + column
                  + "' is SPL "
                  + from
                  + ": assign() copies an attribute only into one of the same SPL type, ";
          String fixes =
              fixes(
                  column,
                  inputs.get(p).getKey().apply(column).dataType(),
                  from,
                  outColumns.apply(column).dataType(),
                  to);
          if (!mayBeSet) {
            throw new IllegalArgumentException(
                both
                    + "and "
                    + type.getSimpleName()
                    + "'s code never names '"
                    + column
                    + "', so nothing would set it and every row would hold its default value. "
                    + fixes);
          }
          warnings.add(
              both
                  + "so '"
                  + column
                  + "' holds what "
                  + type.getSimpleName()
                  + "'s code sets, and its default value where the code sets nothing. To have"
                  + " assign() copy it, g"
                  + fixes.substring(1));
          break;
        }
      }
    }
    return warnings;
  }

  /**
   * How to give an input column and a same-named output column one SPL type: the Spark casts or
   * declarations when their Spark types differ, and the SPL types {@code spl_types} or {@code
   * output_spl_types} may state for them ({@link SplSparkTypes#fits}).
   */
  private static String fixes(
      String column, DataType inSpark, SplType inSpl, DataType outSpark, SplType outSpl) {
    List<String> ways = new ArrayList<>();
    if (!inSpark.equals(outSpark)) {
      String target = outSpark.simpleString();
      ways.add(
          "cast the input column to "
              + target
              + " (df.withColumn('"
              + column
              + "', df['"
              + column
              + "'].cast('"
              + target
              + "')))");
      ways.add("declare the output column as " + inSpark.simpleString() + " in output_schema");
    }
    if (SplSparkTypes.fits(inSpark, outSpl, Direction.INPUT)) {
      ways.add("state spl_types={'" + column + "': '" + outSpl + "'}");
    }
    if (SplSparkTypes.fits(outSpark, inSpl, Direction.OUTPUT)) {
      ways.add("state output_spl_types={'" + column + "': '" + inSpl + "'}");
    }
    return "Give both one SPL type: " + String.join(", or ", ways);
  }
}
