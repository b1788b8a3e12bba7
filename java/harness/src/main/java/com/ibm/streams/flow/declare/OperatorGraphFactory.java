package com.ibm.streams.flow.declare;

import io.streamswindow.harness.internal.DeclaredGraph;

/**
 * Creates empty operator graphs to declare operators and their ports in.
 *
 * <pre>{@code
 * OperatorGraph graph = OperatorGraphFactory.newGraph();
 * OperatorInvocation<MySort> op = graph.addOperator(MySort.class);
 * }</pre>
 */
public class OperatorGraphFactory {
  /** Creates the factory; its one member is static. */
  public OperatorGraphFactory() {}

  /**
   * Creates an empty graph.
   *
   * @return the graph
   */
  public static OperatorGraph newGraph() {
    return new DeclaredGraph();
  }
}
