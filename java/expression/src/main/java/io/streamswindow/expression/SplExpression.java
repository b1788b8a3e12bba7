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
  private final ExpressionScope scope;
  private transient TypedExpression typed;
  private transient ExpressionEvaluator.Evaluation evaluation;

  private SplExpression(String text, ExpressionScope scope) {
    this.text = text;
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
    return new SplExpression(text, scope);
  }

  private void prepare() {
    typed = ExpressionTypeChecker.check(text, ExpressionParser.parse(text), scope);
    evaluation = ExpressionEvaluator.compile(typed);
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

  TypedExpression typed() {
    return typed;
  }

  private void readObject(java.io.ObjectInputStream in)
      throws java.io.IOException, ClassNotFoundException {
    in.defaultReadObject();
    prepare();
  }
}
