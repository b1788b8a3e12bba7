package com.ibm.streams.flow.execute;

import com.ibm.streams.flow.declare.OperatorGraph;

/**
 * Turns a declared operator graph into one that can run.
 *
 * @param <E> the kind of executable graph made
 */
public interface ExecutableGraphFactory<E extends ExecutableGraph<E>> {
  /**
   * Checks the declaration and creates an executable graph for it.
   *
   * @param graph the declared graph
   * @return the executable graph, not yet initialized
   * @throws Exception when the declaration is incomplete or inconsistent
   */
  E executable(OperatorGraph graph) throws Exception;
}
