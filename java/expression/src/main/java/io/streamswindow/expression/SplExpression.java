package io.streamswindow.expression;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.schema.SplType;
import java.io.Serializable;

/**
 * An SPL expression parsed, typed by SPL's rules and compiled for its input ports: the expression
 * layer of SPL's operators ({@code Functor}'s filter and outputs, {@code Aggregate}'s arguments).
 * Building one refuses, with an {@link SplExpressionException} naming the token and its position,
 * what SPL's compiler refuses (docs/semantics.md, "SPL expressions"); evaluating one gives the
 * value SPL's runtime gives, in IBM's Java mapping of its {@link #type()}.
 *
 * <pre>{@code
 * SplSchema trades = SplSchema.parse("tuple<rstring ticker, float64 price, int32 volume>");
 * SplExpression notional = SplExpression.compile("price * (float64)volume",
 *     ExpressionScope.of(trades));
 * notional.type();                         // float64
 * notional.evaluate(trades.getTuple(List.of(new RString("IBM"), 101.5, 200)));   // 20300.0
 * }</pre>
 */
public final class SplExpression implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String text;

  /** Where {@code text} stands in the text it was taken from; messages give positions there. */
  private final int offset;

  private final ExpressionScope scope;
  private transient TypedExpression typed;
  private transient ExpressionEvaluator.Evaluation evaluation;
  private transient PrimitiveEvaluations.DoubleEvaluation doubles;
  private transient PrimitiveEvaluations.BooleanEvaluation booleans;

  private SplExpression(String text, int offset, ExpressionScope scope) {
    this.text = text;
    this.offset = offset;
    this.scope = scope;
    prepare();
  }

  /**
   * Parses, types and compiles {@code text} over the attributes of {@code scope}'s ports.
   *
   * @throws SplExpressionException naming the token, its position and the fix, for a syntax error,
   *     an unknown attribute or function, or a type SPL refuses
   */
  public static SplExpression compile(String text, ExpressionScope scope) {
    return new SplExpression(text, 0, scope);
  }

  /**
   * As {@link #compile(String, ExpressionScope)}, for an expression that stands at {@code offset}
   * of a longer text (an argument of an Aggregate's output assignment): a refusal's position and
   * message count from the start of that text.
   *
   * <pre>{@code
   * SplExpression.compileAt("price * volume", 6, scope);   // "'*' at position 12: ..."
   * }</pre>
   */
  public static SplExpression compileAt(String text, int offset, ExpressionScope scope) {
    return new SplExpression(text, offset, scope);
  }

  private void prepare() {
    // Spaces before an expression change nothing but where its tokens stand.
    String placed = offset == 0 ? text : " ".repeat(offset) + text;
    typed = ExpressionTypeChecker.check(placed, ExpressionParser.parse(placed), scope);
    TypedExpression unbound = ExpressionTypeChecker.unboundValue(typed);
    if (unbound != null) {
      throw new SplExpressionException(
          text,
          unbound.position(),
          "'"
              + unbound.operator()
              + "' at position "
              + unbound.position()
              + " reads the value named \""
              + unbound.constant()
              + "\", which was not given and has no default: give it"
              + " (submission_values in Python, ExpressionScope.withValues in Java), or a default as"
              + " the second argument");
    }
    evaluation = ExpressionEvaluator.compile(typed);
    String type = typed.type().getLanguageType();
    if (type.equals("float64")) {
      doubles = PrimitiveEvaluations.doubles(typed);
      if (doubles == null) {
        doubles = ports -> (Double) evaluation.evaluate(ports);
      }
    } else if (type.equals("boolean")) {
      booleans = PrimitiveEvaluations.booleans(typed);
      if (booleans == null) {
        booleans = ports -> (Boolean) evaluation.evaluate(ports);
      }
    }
  }

  /** The expression's text as given. */
  public String text() {
    return text;
  }

  /** The expression's SPL type. */
  public SplType type() {
    return typed.type();
  }

  /** Whether it calls a function that reads more than its arguments (the clock). */
  public boolean stateful() {
    return stateful(typed);
  }

  private static boolean stateful(TypedExpression node) {
    if (node.function() != null && node.function().stateful()) {
      return true;
    }
    for (TypedExpression operand : node.operands()) {
      if (operand != null && stateful(operand)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The expression's value for one tuple per input port, in port order.
   *
   * @throws SplEvaluationException where SPL's runtime fails: an integer division by zero, an index
   *     out of range
   */
  public Object evaluate(Tuple... ports) {
    return evaluation.evaluate(ports);
  }

  /**
   * The value of a {@code float64} expression, unboxed: what an operator that knows the type calls
   * per tuple (an aggregate's argument).
   *
   * @throws IllegalStateException when the expression is not a {@code float64}
   */
  public double evaluateDouble(Tuple... ports) {
    if (doubles == null) {
      throw new IllegalStateException(text + " is " + type().getLanguageType() + ", not float64");
    }
    return doubles.evaluate(ports);
  }

  /**
   * The value of a {@code boolean} expression, unboxed: what a filter calls per tuple.
   *
   * @throws IllegalStateException when the expression is not a {@code boolean}
   */
  public boolean evaluateBoolean(Tuple... ports) {
    if (booleans == null) {
      throw new IllegalStateException(text + " is " + type().getLanguageType() + ", not boolean");
    }
    return booleans.evaluate(ports);
  }

  /** The typed tree, for another back end (the Spark adapter translates it to a Column). */
  public TypedExpression tree() {
    return typed;
  }

  /** The ports this expression reads, with their schemas. */
  public ExpressionScope scope() {
    return scope;
  }

  private void readObject(java.io.ObjectInputStream in)
      throws java.io.IOException, ClassNotFoundException {
    in.defaultReadObject();
    prepare();
  }
}
