package io.streamswindow.runtime;

import com.ibm.streams.operator.control.ControlPlaneContext;
import com.ibm.streams.operator.control.Controllable;
import com.ibm.streams.operator.control.variable.ControlVariableAccessor;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The control plane context of one operator instance: its control variables live here, for as long
 * as the instance does, whether created shared or not, and are not part of its checkpointed state.
 * There is no job control plane to connect a {@link Controllable} to (docs/porting.md, "Control
 * plane").
 */
final class HostControlPlaneContext implements ControlPlaneContext {

  private final String operatorName;
  private final Map<String, Variable<?>> variables = new ConcurrentHashMap<>();

  HostControlPlaneContext(String operatorName) {
    this.operatorName = operatorName;
  }

  @Override
  public void connect(Controllable controllable) {
    throw new UnsupportedOperationException(
        "ControlPlaneContext.connect("
            + controllable.getClass().getName()
            + ") in operator "
            + operatorName
            + ": streams-window has no job control plane (JCP) to connect to; control variables"
            + " work, held by the operator instance (docs/porting.md, \"Control plane\")");
  }

  @Override
  public ControlVariableAccessor<Boolean> createBooleanControlVariable(
      String name, boolean shared, boolean initialValue) {
    return variable(name, Boolean.class, initialValue);
  }

  @Override
  public ControlVariableAccessor<Double> createDoubleControlVariable(
      String name, boolean shared, double initialValue) {
    return variable(name, Double.class, initialValue);
  }

  @Override
  public ControlVariableAccessor<Long> createLongControlVariable(
      String name, boolean shared, long initialValue) {
    return variable(name, Long.class, initialValue);
  }

  @Override
  public ControlVariableAccessor<String> createStringControlVariable(
      String name, boolean shared, String initialValue) {
    return variable(name, String.class, initialValue);
  }

  /** The variable of that name, created with the initial value if new; its type must match. */
  @SuppressWarnings("unchecked")
  private <T> Variable<T> variable(String name, Class<T> type, T initialValue) {
    Objects.requireNonNull(name, "name");
    Variable<?> variable =
        variables.computeIfAbsent(name, n -> new Variable<>(n, type, initialValue));
    if (variable.type != type) {
      throw new IllegalArgumentException(
          "Control variable "
              + name
              + " of operator "
              + operatorName
              + " holds a "
              + variable.type.getSimpleName()
              + ", not a "
              + type.getSimpleName());
    }
    return (Variable<T>) variable;
  }

  /** A control variable held in memory: what is set is what the next read sees. */
  private static final class Variable<T> implements ControlVariableAccessor<T> {
    private final String name;
    private final Class<T> type;
    private volatile T value;

    Variable(String name, Class<T> type, T value) {
      this.name = name;
      this.type = type;
      this.value = value;
    }

    @Override
    public String getName() {
      return name;
    }

    @Override
    public T getValue() {
      return value;
    }

    @Override
    public void setValue(T value) {
      this.value = type.cast(value);
    }

    @Override
    public ControlVariableAccessor<T> sync() {
      return this;
    }

    @Override
    public String toString() {
      return "ControlVariable(" + name + "=" + value + ")";
    }
  }
}
