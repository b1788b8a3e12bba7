package io.streamswindow.conformance;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import io.streamswindow.engine.DeltaEvictionMode;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.internal.DeclaredInputPort;
import io.streamswindow.harness.internal.TestableGraph;
import io.streamswindow.runtime.OperatorHost;

/**
 * The streams-window extensions of IBM's harness that scenarios use beyond IBM's API: a manual
 * clock, the sliding delta eviction mode, and the checkpoint / reset / resetToInitialState / drain
 * controls of a running operator. All calls to them go through this one class.
 */
final class HarnessControls {
  private final JavaTestableGraph graph;
  private final OperatorInvocation<?> operator;
  private long nextCheckpointId = 1;

  private HarnessControls(JavaTestableGraph graph, OperatorInvocation<?> operator) {
    this.graph = graph;
    this.operator = operator;
  }

  /** Runs the graph's windows on {@code clock}; call before {@code initialize()}. */
  static HarnessControls attach(
      JavaTestableGraph graph, OperatorInvocation<?> operator, ManualClock clock) {
    ((TestableGraph) graph).useClock(clock);
    return new HarnessControls(graph, operator);
  }

  /** Chooses how a sliding delta eviction picks its tuples; call while declaring. */
  static void deltaEvictionMode(InputPortDeclaration port, DeltaEvictionMode mode) {
    ((DeclaredInputPort) port).deltaEvictionMode(mode);
  }

  /** Takes a checkpoint of the operator (windows and state handlers). */
  Object checkpoint() throws Exception {
    return host().checkpoint(nextCheckpointId++);
  }

  /** Resets the operator to a checkpoint taken by {@link #checkpoint()}. */
  void reset(Object checkpoint) throws Exception {
    host().reset((byte[]) checkpoint);
  }

  void resetToInitialState() throws Exception {
    host().resetToInitialState();
  }

  void drain() throws Exception {
    host().drain();
  }

  private OperatorHost host() {
    return ((TestableGraph) graph).host(operator);
  }
}
