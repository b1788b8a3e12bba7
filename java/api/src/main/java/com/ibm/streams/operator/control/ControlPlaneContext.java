package com.ibm.streams.operator.control;

import com.ibm.streams.operator.OptionalContext;
import com.ibm.streams.operator.control.variable.ControlVariableAccessor;

/**
 * The operator's access to the job control plane (JCP): control variables, values an operator keeps
 * beside its tuples, and the connection of {@link Controllable}s to the JCP's management beans.
 * Obtained with {@code context.getOptionalContext(ControlPlaneContext.class)} or {@code
 * AbstractOperator.getControlPlaneContext()}.
 *
 * <p>On Streams a job's JCP operator holds the variables, shared by every PE of the job when
 * created {@code shared}. streams-window has no JCP: each operator instance (on Spark, one per key)
 * holds its own variables, shared or not, and {@link #connect} refuses (docs/porting.md, "Control
 * plane").
 */
public interface ControlPlaneContext extends OptionalContext {

  /**
   * Connects a controllable to the job control plane: on Streams, when the JCP is reachable and
   * {@link Controllable#isApplicable} holds, its {@link Controllable#setup} runs with a connection
   * to the JCP's MBean server.
   *
   * @param controllable what to connect
   * @throws UnsupportedOperationException always on streams-window, which has no JCP
   */
  void connect(Controllable controllable);

  /**
   * Creates a boolean control variable, or returns the one of that name already created.
   *
   * @param name the variable's name
   * @param shared on Streams, whether every PE of the job sees the same variable
   * @param initialValue its value when first created
   * @return the accessor
   */
  ControlVariableAccessor<Boolean> createBooleanControlVariable(
      String name, boolean shared, boolean initialValue);

  /**
   * Creates a double control variable, or returns the one of that name already created.
   *
   * @param name the variable's name
   * @param shared on Streams, whether every PE of the job sees the same variable
   * @param initialValue its value when first created
   * @return the accessor
   */
  ControlVariableAccessor<Double> createDoubleControlVariable(
      String name, boolean shared, double initialValue);

  /**
   * Creates a long control variable, or returns the one of that name already created.
   *
   * @param name the variable's name
   * @param shared on Streams, whether every PE of the job sees the same variable
   * @param initialValue its value when first created
   * @return the accessor
   */
  ControlVariableAccessor<Long> createLongControlVariable(
      String name, boolean shared, long initialValue);

  /**
   * Creates a string control variable, or returns the one of that name already created.
   *
   * @param name the variable's name
   * @param shared on Streams, whether every PE of the job sees the same variable
   * @param initialValue its value when first created
   * @return the accessor
   */
  ControlVariableAccessor<String> createStringControlVariable(
      String name, boolean shared, String initialValue);
}
