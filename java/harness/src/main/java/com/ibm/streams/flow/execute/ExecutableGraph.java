package com.ibm.streams.flow.execute;

import com.ibm.streams.operator.logging.TraceLevel;
import java.util.concurrent.Future;

/**
 * A graph of operators that can run: every operator is initialized, then told its ports are ready,
 * then runs until the graph completes (every operator has received final marks on all its inputs
 * and has no background work left), and is then shut down.
 *
 * <pre>{@code
 * JavaTestableGraph graph = new JavaOperatorTester().executable(declared);
 * graph.executeToCompletion();
 * }</pre>
 *
 * @param <E> the concrete graph type, returned for chaining
 */
public interface ExecutableGraph<E extends ExecutableGraph<E>> {
  /**
   * Initializes every operator, tells them their ports are ready, and returns a future that
   * completes (with this graph) once the graph has completed and been shut down.
   *
   * @return the future
   */
  Future<E> execute();

  /**
   * Runs the graph as {@link #execute()} does and waits until it has completed and been shut down.
   *
   * @return this graph
   * @throws Exception what an operator threw
   */
  E executeToCompletion() throws Exception;

  /**
   * Sets the trace level operators in the graph should use.
   *
   * @param level the level
   * @return this graph
   */
  E setTraceLevel(TraceLevel level);
}
