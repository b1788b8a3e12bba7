package io.streamswindow.harness.internal;

import com.ibm.streams.flow.declare.OperatorGraph;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.operator.Operator;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The harness's operator graph: operators in declaration order, with unique names. */
public final class DeclaredGraph implements OperatorGraph {
  private final List<DeclaredOperator<?>> operators = new ArrayList<>();

  /** Creates an empty graph. */
  public DeclaredGraph() {}

  public synchronized List<DeclaredOperator<?>> operators() {
    return List.copyOf(operators);
  }

  @Override
  public synchronized <T extends Operator> OperatorInvocation<T> addOperator(
      Class<T> operatorClass) {
    String base = Objects.requireNonNull(operatorClass, "operatorClass").getSimpleName();
    String name = base;
    for (int suffix = 1; isUsed(name); suffix++) {
      name = base + "_" + suffix;
    }
    return addOperator(name, operatorClass);
  }

  @Override
  public synchronized <T extends Operator> OperatorInvocation<T> addOperator(
      String name, Class<T> operatorClass) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(operatorClass, "operatorClass");
    if (isUsed(name)) {
      throw new IllegalArgumentException("The graph already has an operator named '" + name + "'");
    }
    DeclaredOperator<T> operator = new DeclaredOperator<>(this, name, operatorClass);
    operators.add(operator);
    return operator;
  }

  private boolean isUsed(String name) {
    for (DeclaredOperator<?> operator : operators) {
      if (operator.getName().equals(name)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean compileChecks() throws Exception {
    boolean valid = true;
    for (DeclaredOperator<?> operator : operators()) {
      valid &= operator.compileChecks();
    }
    return valid;
  }
}
