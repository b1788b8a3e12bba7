package io.streamswindow.join;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.expression.TypedExpression;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What SPL's Join puts in each attribute of its output port 0, resolved once against the schemas:
 * an assignment's SPL expression over both ports ({@code output: vwap = L.price * R.volume}), or
 * else the attribute of the same name and type of the one input port that has it, as SPL forwards
 * it.
 *
 * <pre>{@code
 * JoinOutput out = JoinOutput.resolve(output, List.of("total = L.price * (float64)R.volume"),
 *     scope, lhs, rhs);
 * out.fill(tuple, lhsTuple, rhsTuple);
 * }</pre>
 */
final class JoinOutput {
  private final Value[] values;

  private interface Value {
    Object of(Tuple lhs, Tuple rhs);
  }

  private JoinOutput(Value[] values) {
    this.values = values;
  }

  /**
   * Resolves the output attributes.
   *
   * @param assignments {@code attribute = expression} texts
   * @throws IllegalArgumentException for an assignment that is not one, an unknown or twice
   *     assigned attribute, an expression SPL refuses or whose type is not the attribute's, an
   *     unassigned attribute that neither or both input ports have
   */
  static JoinOutput resolve(
      StreamSchema output,
      List<String> assignments,
      ExpressionScope scope,
      StreamSchema lhs,
      StreamSchema rhs) {
    Map<String, SplExpression> assigned = new LinkedHashMap<>();
    for (String assignment : assignments) {
      int equals = assignmentEquals(assignment);
      String name = equals < 0 ? "" : assignment.substring(0, equals).trim();
      if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw new IllegalArgumentException(
            "output \""
                + assignment
                + "\" is not an assignment: write attribute = expression, e.g. total = L.price *"
                + " R.volume");
      }
      Attribute attribute = output.getAttribute(name);
      if (attribute == null) {
        throw new IllegalArgumentException(
            "output \""
                + assignment
                + "\" assigns '"
                + name
                + "', which is not an attribute of the output "
                + output.getLanguageType());
      }
      String text = assignment.substring(equals + 1).trim();
      SplExpression expression = SplExpression.compile(text, scope);
      String type = expression.type().getLanguageType();
      if (!type.equals(attribute.getType().getLanguageType())) {
        throw new IllegalArgumentException(
            "output \""
                + assignment
                + "\" gives "
                + type
                + ", but '"
                + name
                + "' is "
                + attribute.getType().getLanguageType()
                + ": cast it, e.g. "
                + name
                + " = ("
                + attribute.getType().getLanguageType()
                + ")("
                + text
                + ")");
      }
      if (assigned.put(name, expression) != null) {
        throw new IllegalArgumentException("output assigns '" + name + "' twice");
      }
    }
    Value[] values = new Value[output.getAttributeCount()];
    for (Attribute attribute : output) {
      SplExpression expression = assigned.get(attribute.getName());
      values[attribute.getIndex()] =
          expression != null ? valueOf(expression) : forwarded(attribute, output, lhs, rhs);
    }
    return new JoinOutput(values);
  }

  /** An attribute read as it is; any other expression evaluated over both tuples. */
  private static Value valueOf(SplExpression expression) {
    TypedExpression tree = expression.tree();
    if (tree.kind() == TypedExpression.Kind.ATTRIBUTE) {
      int index = tree.attribute();
      return tree.port() == 0 ? (l, r) -> l.getObject(index) : (l, r) -> r.getObject(index);
    }
    return (l, r) -> expression.evaluate(l, r);
  }

  /** The index of an assignment's {@code =}: the first that is no part of a comparison. */
  private static int assignmentEquals(String assignment) {
    for (int i = 0; i < assignment.length(); i++) {
      if (assignment.charAt(i) != '=') {
        continue;
      }
      char before = i == 0 ? ' ' : assignment.charAt(i - 1);
      char after = i + 1 < assignment.length() ? assignment.charAt(i + 1) : ' ';
      if (after != '=' && "!<>=".indexOf(before) < 0) {
        return i;
      }
    }
    return -1;
  }

  private static Value forwarded(
      Attribute attribute, StreamSchema output, StreamSchema lhs, StreamSchema rhs) {
    String name = attribute.getName();
    String type = attribute.getType().getLanguageType();
    List<Integer> ports = new ArrayList<>();
    Attribute left = lhs.getAttribute(name);
    Attribute right = rhs.getAttribute(name);
    if (left != null && left.getType().getLanguageType().equals(type)) {
      ports.add(0);
    }
    if (right != null && right.getType().getLanguageType().equals(type)) {
      ports.add(1);
    }
    if (ports.size() != 1) {
      throw new IllegalArgumentException(
          "output attribute '"
              + name
              + "' has no assignment, and "
              + (ports.isEmpty()
                  ? "no input port has a " + type + " attribute of that name to forward"
                  : "both input ports have one, so which to forward is not said")
              + ": assign it in output, e.g. "
              + name
              + " = "
              + (ports.isEmpty() ? "..." : "L." + name)
              + ", or remove it from the output "
              + output.getLanguageType());
    }
    int index = (ports.get(0) == 0 ? left : right).getIndex();
    return ports.get(0) == 0 ? (l, r) -> l.getObject(index) : (l, r) -> r.getObject(index);
  }

  /**
   * Sets every attribute of {@code out} from the port 0 tuple {@code lhs} and port 1 {@code rhs}.
   */
  void fill(OutputTuple out, Tuple lhs, Tuple rhs) {
    for (int i = 0; i < values.length; i++) {
      out.setObject(i, values[i].of(lhs, rhs));
    }
  }
}
