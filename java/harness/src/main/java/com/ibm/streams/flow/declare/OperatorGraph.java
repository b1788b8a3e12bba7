package com.ibm.streams.flow.declare;

import com.ibm.streams.operator.Operator;

/**
 * A declared graph of Java operators: which operators run, with which parameters, ports, windows
 * and connections. {@code JavaOperatorTester.executable(graph)} makes it runnable.
 *
 * <pre>{@code
 * OperatorGraph graph = OperatorGraphFactory.newGraph();
 * OperatorInvocation<Filter> filter = graph.addOperator("filter", Filter.class);
 * OperatorInvocation<Sum> sum = graph.addOperator("sum", Sum.class);
 * sum.addInput(filter.addOutput("tuple<int32 v>")).tumbling().evictCount(10);
 * }</pre>
 */
public interface OperatorGraph {
  /**
   * Adds an invocation of an operator class, with a generated name.
   *
   * @param <T> the operator type
   * @param operatorClass the operator class; it needs a no-argument constructor
   * @return the invocation, to declare parameters and ports on
   */
  <T extends Operator> OperatorInvocation<T> addOperator(Class<T> operatorClass);

  /**
   * Adds a named invocation of an operator class.
   *
   * @param <T> the operator type
   * @param name the operator name, unique in the graph
   * @param operatorClass the operator class; it needs a no-argument constructor
   * @return the invocation
   * @throws IllegalArgumentException when the name is already used in this graph
   */
  <T extends Operator> OperatorInvocation<T> addOperator(String name, Class<T> operatorClass);

  /**
   * Runs the compile-time context checks of every operator in the graph.
   *
   * @return true when every operator's checks passed
   * @throws Exception what a check threw
   */
  boolean compileChecks() throws Exception;
}
