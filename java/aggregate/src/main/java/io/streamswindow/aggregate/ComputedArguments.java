package io.streamswindow.aggregate;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.schema.MutableOutputTuple;
import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The output functions' arguments that are SPL expressions ({@code vwap = Sum(price * volume)}),
 * each computed per tuple as an attribute of its own, so that every output function aggregates
 * attributes as it does for a plain {@code Sum(price)}.
 *
 * <p>The {@link Aggregate} operator's window holds its input tuples as they arrived; the plan reads
 * them through {@link #extend}, which gives a tuple of {@link #schema()}: the input's attributes,
 * then one attribute per distinct expression text, named {@code __sw_computed0}, {@code
 * __sw_computed1}, ... Spark's entry points compute such arguments as columns before the window
 * instead (docs/python.md, "SPL Aggregate without Java"); both give SPL's value, from the one
 * expression layer.
 *
 * <pre>{@code
 * ComputedArguments computed = ComputedArguments.of(trades,
 *     OutputAssignmentParser.parseAll(List.of("vwap=Sum(price * volume)")));
 * computed.attributeOf(assignment, 0);   // "__sw_computed0", a float64 of computed.schema()
 * computed.extend(trade);                // the trade with price * volume beside its attributes
 * }</pre>
 *
 * <p>An expression is evaluated whenever the plan reads a tuple (at its arrival in a sliding
 * window's incremental aggregation, at a firing otherwise), so one that reads the clock would give
 * a different value each time: it is refused by name.
 */
final class ComputedArguments {
  /** The prefix of the computed attributes' names, which no SPL attribute a user declares has. */
  static final String PREFIX = "__sw_computed";

  private final int inputCount;
  private final SplSchema schema;
  private final SplExpression[] expressions;
  private final Map<String, String> attributeOfText;

  private ComputedArguments(
      int inputCount,
      SplSchema schema,
      SplExpression[] expressions,
      Map<String, String> attributeOfText) {
    this.inputCount = inputCount;
    this.schema = schema;
    this.expressions = expressions;
    this.attributeOfText = attributeOfText;
  }

  /**
   * Compiles every expression argument of {@code assignments} over {@code input}'s attributes.
   *
   * @throws OutputAssignmentException naming the assignment, the argument and its position, with
   *     the expression layer's reason, for an expression SPL refuses or one that reads the clock
   */
  static ComputedArguments of(StreamSchema input, List<OutputAssignment> assignments) {
    SplSchema inputSchema = SplSchema.from(input);
    ExpressionScope scope = ExpressionScope.of(inputSchema);
    SplSchema schema = inputSchema;
    List<SplExpression> expressions = new ArrayList<>();
    Map<String, String> attributeOfText = new LinkedHashMap<>();
    for (OutputAssignment assignment : assignments) {
      for (int i = 0; i < assignment.arguments().size(); i++) {
        String text = assignment.arguments().get(i);
        if (!assignment.isExpression(i) || attributeOfText.containsKey(text)) {
          continue;
        }
        SplExpression expression = compile(assignment, i, scope);
        String name = PREFIX + expressions.size();
        schema = schema.extend(expression.type().getLanguageType(), name);
        expressions.add(expression);
        attributeOfText.put(text, name);
      }
    }
    return new ComputedArguments(
        input.getAttributeCount(),
        schema,
        expressions.toArray(new SplExpression[0]),
        Map.copyOf(attributeOfText));
  }

  private static SplExpression compile(
      OutputAssignment assignment, int index, ExpressionScope scope) {
    SplExpression expression = assignment.compileArgument(index, scope);
    if (expression.stateful()) {
      throw assignment.argumentError(
          index,
          assignment.argumentName(index)
              + " reads the clock, which would give another value each time the window is"
              + " aggregated: compute it as an attribute before the window (in SPL, a Functor)");
    }
    return expression;
  }

  /** Whether no argument is an expression: {@link #extend} then gives each tuple as it is. */
  boolean isEmpty() {
    return expressions.length == 0;
  }

  /** The input's attributes, then one per distinct expression argument. */
  StreamSchema schema() {
    return schema;
  }

  /** The attribute of {@link #schema()} that argument {@code index} of {@code assignment} reads. */
  String attributeOf(OutputAssignment assignment, int index) {
    String text = assignment.arguments().get(index);
    return assignment.isExpression(index) ? attributeOfText.get(text) : text;
  }

  /**
   * The tuple as the plan reads it: {@code tuple} itself when no argument is an expression,
   * otherwise a tuple of {@link #schema()} with its attributes and every expression's value.
   *
   * @throws io.streamswindow.expression.SplEvaluationException when an expression fails on this
   *     tuple (an integer division by zero, a subscript out of range)
   */
  Tuple extend(Tuple tuple) {
    if (expressions.length == 0) {
      return tuple;
    }
    MutableOutputTuple extended = schema.newOutputTuple();
    extended.assign(tuple);
    for (int i = 0; i < expressions.length; i++) {
      extended.setObject(inputCount + i, expressions[i].evaluate(tuple));
    }
    return extended.asReadOnlyTuple();
  }
}
