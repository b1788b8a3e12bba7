package io.streamswindow.harness.internal;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.engine.DeltaEvictionMode;
import io.streamswindow.engine.WindowSpec;
import java.util.concurrent.TimeUnit;

/**
 * A declared input port of a harness graph; its window builder calls go to a {@link
 * WindowDeclaration}.
 */
public final class DeclaredInputPort extends DeclaredPort implements InputPortDeclaration {
  private final WindowDeclaration window;

  DeclaredInputPort(
      DeclaredOperator<?> operator, int portNumber, String name, StreamSchema schema) {
    super(operator, portNumber, name, schema);
    this.window = new WindowDeclaration(toString(), schema);
  }

  /** The complete window declaration; throws {@link IllegalStateException} when incomplete. */
  public WindowSpec windowSpec() {
    return window.toSpec();
  }

  /** Chooses how a sliding delta eviction picks its tuples (a streams-window extension). */
  public void deltaEvictionMode(DeltaEvictionMode mode) {
    window.deltaEvictionMode(mode);
  }

  /**
   * Declares a timeInterval window (a streams-window extension): {@code spec} from a timeInterval
   * clause, {@code eventTime} the attribute holding each tuple's event time.
   */
  public void timeInterval(WindowSpec spec, String eventTime) {
    requireWindowAllowed("timeInterval");
    window.timeInterval(spec, eventTime);
  }

  static DeclaredInputPort of(InputPortDeclaration port) {
    if (port instanceof DeclaredInputPort declared) {
      return declared;
    }
    throw new IllegalArgumentException(
        "Not an input port declared through OperatorGraphFactory: " + port);
  }

  @Override
  public InputPortDeclaration connect(OutputPortDeclaration... outputPorts) {
    DeclaredOutputPort[] outputs = new DeclaredOutputPort[outputPorts.length];
    for (int i = 0; i < outputPorts.length; i++) {
      outputs[i] = DeclaredOutputPort.of(outputPorts[i]);
      requireSameSchema(outputs[i], this);
    }
    for (DeclaredOutputPort output : outputs) {
      connect(output, this);
    }
    return this;
  }

  @Override
  public InputPortDeclaration sliding() {
    requireWindowAllowed("sliding()");
    window.start(StreamWindow.Type.SLIDING);
    return this;
  }

  @Override
  public InputPortDeclaration tumbling() {
    requireWindowAllowed("tumbling()");
    window.start(StreamWindow.Type.TUMBLING);
    return this;
  }

  private void requireWindowAllowed(String call) {
    InputPortSet set = getPortSet();
    if (set != null && set.windowingMode() == InputPortSet.WindowMode.NonWindowed) {
      throw new IllegalStateException(
          this
              + ": "
              + call
              + " is not allowed: the operator class declares this port's "
              + "@InputPortSet with windowingMode NonWindowed");
    }
  }

  @Override
  public InputPortDeclaration partitioned() {
    window.partitioned();
    return this;
  }

  @Override
  public InputPortDeclaration evictCount(int count) {
    window.evictCount(count);
    return this;
  }

  @Override
  public InputPortDeclaration evictTime(double seconds) {
    window.evictTime(seconds);
    return this;
  }

  @Override
  public InputPortDeclaration evictTime(long value, TimeUnit unit) {
    return evictTime(seconds(value, unit));
  }

  @Override
  public InputPortDeclaration evictPunctuation() {
    window.evictPunctuation();
    return this;
  }

  @Override
  public InputPortDeclaration evictDelta(String attribute, Object delta) {
    window.evictDelta(attribute, delta);
    return this;
  }

  @Override
  public InputPortDeclaration triggerCount(int count) {
    window.triggerCount(count);
    return this;
  }

  @Override
  public InputPortDeclaration triggerTime(double seconds) {
    window.triggerTime(seconds);
    return this;
  }

  @Override
  public InputPortDeclaration triggerTime(long value, TimeUnit unit) {
    return triggerTime(seconds(value, unit));
  }

  @Override
  public InputPortDeclaration triggerDelta(String attribute, Object delta) {
    window.triggerDelta(attribute, delta);
    return this;
  }

  @Override
  public InputPortDeclaration partitionEvictionAge(double seconds) {
    window.partitionEvictionAge(seconds);
    return this;
  }

  @Override
  public InputPortDeclaration partitionEvictionAge(long value, TimeUnit unit) {
    return partitionEvictionAge(seconds(value, unit));
  }

  @Override
  public InputPortDeclaration partitionEvictionCount(int count) {
    window.partitionEvictionCount(count);
    return this;
  }

  @Override
  public InputPortDeclaration partitionEvictionTupleCount(int count) {
    window.partitionEvictionTupleCount(count);
    return this;
  }

  @Override
  public InputPortSet getPortSet() {
    return PortSets.input(operator().getOperatorClass(), getPortNumber());
  }

  /** Accepted and ignored: delivery stays synchronous so that tests see every event at once. */
  @Override
  public InputPortDeclaration threaded(
      CongestionPolicy congestionPolicy, int queueSize, boolean singleThreadedOnInput) {
    return this;
  }

  private static double seconds(long value, TimeUnit unit) {
    return unit.toNanos(value) / 1e9;
  }

  @Override
  public String toString() {
    return "input port "
        + getPortNumber()
        + " '"
        + getName()
        + "' of operator '"
        + operator().getName()
        + "'";
  }
}
