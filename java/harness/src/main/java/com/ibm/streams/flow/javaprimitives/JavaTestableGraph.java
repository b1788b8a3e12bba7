package com.ibm.streams.flow.javaprimitives;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.execute.ExecutableGraph;
import com.ibm.streams.flow.handlers.StreamHandler;
import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.management.OperatorContextMXBean;
import java.util.concurrent.Future;

/**
 * A runnable graph of Java operators for tests: tuples go into unconnected input ports through
 * {@link #getInputTester}, and what unconnected output ports submit reaches the handlers given to
 * {@link #registerStreamHandler}.
 *
 * <p>In streams-window every step runs synchronously on the calling thread and the returned futures
 * are already complete: when {@code submit} on an input tester returns, every window event and
 * every tuple that submission caused has been delivered. Time policies run on the wall clock, or on
 * a {@code ManualClock} chosen with {@code io.streamswindow.harness.Harness.withClock} before
 * {@link #initialize()}.
 *
 * <pre>{@code
 * JavaTestableGraph graph = new JavaOperatorTester().tester(op);
 * StreamCollector<LinkedList<Tuple>, Tuple> out = StreamCollector.newLinkedListCollector();
 * graph.registerStreamHandler(outPort, out);
 * StreamingOutput<OutputTuple> in = graph.getInputTester(inPort);
 * graph.initialize().get().allPortsReady().get();
 * in.submitAsTuple("a", 1.0);
 * in.punctuate(Punctuation.FINAL_MARKER);
 * graph.waitForCompletion().shutdown().get();
 * }</pre>
 */
public interface JavaTestableGraph extends ExecutableGraph<JavaTestableGraph> {
  /**
   * Initializes every operator: parameters are set, context checks run, then {@code
   * Operator.initialize}.
   *
   * @return a completed future; it holds the failure when an operator could not be initialized
   */
  Future<JavaTestableGraph> initialize();

  /**
   * Tells every operator its ports are ready (windows start their time); tuples can be submitted
   * from now on.
   *
   * @return a completed future; it holds the failure when an operator failed
   */
  Future<JavaTestableGraph> allPortsReady();

  /**
   * Returns a future that completes once every operator has completed: it received final marks on
   * all its input ports (an operator without inputs: at once) and has no scheduled task or
   * non-daemon thread left. An operator without inputs then sends final marks on its outputs.
   *
   * @return the future
   */
  Future<JavaTestableGraph> completion();

  /**
   * Waits for {@link #completion()}.
   *
   * @return this graph
   * @throws Exception what an operator threw in the background
   */
  JavaTestableGraph waitForCompletion() throws Exception;

  /**
   * Shuts every operator down.
   *
   * @return a completed future; it holds the failure when an operator's shutdown threw
   */
  Future<JavaTestableGraph> shutdown();

  /**
   * Attaches a handler to an unconnected output port; several handlers may be attached to one port,
   * and each receives everything.
   *
   * @param port the output port
   * @param handler the handler
   * @throws IllegalStateException when the port is connected to an input port
   */
  void registerStreamHandler(OutputPortDeclaration port, StreamHandler<Tuple> handler);

  /**
   * Returns a port through which the test submits tuples and marks to an unconnected input port;
   * each call is delivered synchronously, with all its window events.
   *
   * @param port the input port
   * @return the tester
   * @throws IllegalStateException when the port is connected to an output port
   */
  StreamingOutput<OutputTuple> getInputTester(InputPortDeclaration port);

  /**
   * Not supported: streams-window has no management beans.
   *
   * @param name the operator name
   * @return never
   * @throws UnsupportedOperationException always
   */
  OperatorContextMXBean getOperatorContextMBean(String name);

  /**
   * Not supported: streams-window has no management beans.
   *
   * @param operator the operator
   * @return never
   * @throws UnsupportedOperationException always
   */
  OperatorContextMXBean getOperatorContextMBean(OperatorInvocation<? extends Operator> operator);

  /**
   * Returns the operator instance running for an invocation, for tests that inspect its state.
   *
   * @param <T> the operator type
   * @param operator the invocation
   * @return the instance
   */
  <T extends Operator> T getOperatorInstance(OperatorInvocation<T> operator);
}
