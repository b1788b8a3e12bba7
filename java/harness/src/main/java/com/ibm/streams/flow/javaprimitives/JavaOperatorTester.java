package com.ibm.streams.flow.javaprimitives;

import com.ibm.streams.flow.declare.OperatorGraph;
import com.ibm.streams.flow.declare.OperatorGraphFactory;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.execute.ExecutableGraphFactory;
import com.ibm.streams.operator.Operator;
import io.streamswindow.harness.internal.DeclaredGraph;
import io.streamswindow.harness.internal.TestableGraph;

/**
 * The entry point of the operator test harness: declares single-operator graphs and makes declared
 * graphs executable.
 *
 * <pre>{@code
 * JavaOperatorTester tester = new JavaOperatorTester();
 * OperatorInvocation<MySort> op = tester.singleOp(MySort.class);
 * InputPortDeclaration in = op.addInput("tuple<int32 v>");
 * in.tumbling().evictCount(3);
 * OutputPortDeclaration out = op.addOutput("tuple<int32 v>");
 * JavaTestableGraph graph = tester.tester(op);
 * }</pre>
 */
public class JavaOperatorTester implements ExecutableGraphFactory<JavaTestableGraph> {
  /** Creates the tester. */
  public JavaOperatorTester() {}

  /**
   * Checks the declaration (every window complete, every operator instantiable) and creates a graph
   * ready for {@code initialize()}.
   *
   * @param graph a graph from {@link OperatorGraphFactory#newGraph()}
   * @return the executable graph
   * @throws IllegalStateException when a window declaration is incomplete
   * @throws Exception when an operator cannot be created
   */
  @Override
  public JavaTestableGraph executable(OperatorGraph graph) throws Exception {
    if (!(graph instanceof DeclaredGraph declared)) {
      throw new IllegalArgumentException(
          "executable(graph) takes a graph from OperatorGraphFactory.newGraph(), not "
              + graph.getClass().getName());
    }
    return new TestableGraph(declared);
  }

  /**
   * Declares a new graph holding one invocation of {@code operatorClass}.
   *
   * @param <T> the operator type
   * @param operatorClass the operator class
   * @return the invocation
   */
  public <T extends Operator> OperatorInvocation<T> singleOp(Class<T> operatorClass) {
    return OperatorGraphFactory.newGraph().addOperator(operatorClass);
  }

  /**
   * Declares a new graph holding one named invocation of {@code operatorClass}.
   *
   * @param <T> the operator type
   * @param name the operator name
   * @param operatorClass the operator class
   * @return the invocation
   */
  public <T extends Operator> OperatorInvocation<T> singleOp(String name, Class<T> operatorClass) {
    return OperatorGraphFactory.newGraph().addOperator(name, operatorClass);
  }

  /**
   * Makes the graph of {@code invocation} executable.
   *
   * @param invocation an invocation declared through this class or an {@link OperatorGraph}
   * @return the executable graph
   * @throws Exception as {@link #executable(OperatorGraph)}
   */
  public JavaTestableGraph tester(OperatorInvocation<? extends Operator> invocation)
      throws Exception {
    return executable(invocation.graph());
  }
}
