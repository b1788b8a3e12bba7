package io.streamswindow.engine;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.window.StreamWindowListener;
import com.ibm.streams.operator.window.StreamWindowPartitioner;
import java.util.Objects;

/**
 * What every kind of engine window is alike: its declaration, port and operator context, the one
 * listener and the partitioner an operator registers, the partition a tuple belongs to, and the
 * count of tuples listeners removed. {@link Window} and {@link TimeIntervalWindow} differ in how
 * they hold tuples and react to time, not in how an operator registers with them, so this part
 * lives once (docs/architecture.md, "The engine").
 *
 * @param <T> the tuple type
 */
abstract class AbstractEngineWindow<T> implements EngineWindow<T> {
  /** The partition key IBM's API reports for a window that is not partitioned. */
  static final Integer SOLE_PARTITION = 0;

  final WindowSpec spec;
  final StreamingInput<T> port;
  final OperatorContext context;

  /** Tuples listeners removed through an event's tuples (not checkpointed: a count of calls). */
  final ListenerRemovals removals = new ListenerRemovals();

  private StreamWindowListener<T> listener;
  private StreamWindowPartitioner<T, ?> partitioner;

  /**
   * @param spec the declaration
   * @param port the input port the window belongs to (may be null in engine-only tests)
   * @param context the operator's context, where listeners that are state handlers register
   */
  AbstractEngineWindow(WindowSpec spec, StreamingInput<T> port, OperatorContext context) {
    this.spec = Objects.requireNonNull(spec, "spec");
    this.port = port;
    this.context = context;
  }

  @Override
  public final WindowSpec spec() {
    return spec;
  }

  @Override
  public final boolean hasPartitioner() {
    return partitioner != null;
  }

  @Override
  public final long removedByListeners() {
    return removals.count();
  }

  /** The registered listener, or null: the window delivers nothing without one. */
  final StreamWindowListener<T> listener() {
    return listener;
  }

  /**
   * The partition {@code tuple} belongs to: {@link #SOLE_PARTITION} when the window is not
   * partitioned, else what the registered partitioner says.
   *
   * @throws IllegalStateException when the window is partitioned and has no partitioner
   */
  final Object partitionOf(T tuple) {
    if (!spec.isPartitioned()) {
      return SOLE_PARTITION;
    }
    if (partitioner == null) {
      throw WindowRules.noPartitioner(port);
    }
    return partitioner.getPartition(tuple);
  }

  // ------------------------------------------------------------------ StreamWindow

  @Override
  public final StreamingInput<T> getInputPort() {
    return port;
  }

  @Override
  public final boolean isPartitioned() {
    return spec.isPartitioned();
  }

  /**
   * Registers the one listener (replacing any earlier one); a listener that is a StateHandler also
   * becomes one of the operator's.
   */
  @Override
  public final void registerListener(
      StreamWindowListener<T> listener, boolean useAsynchronousTasks) {
    this.listener = listener;
    WindowRules.registerStateHandler(listener, context);
  }

  @Override
  public final void registerPartitioner(StreamWindowPartitioner<T, ?> partitioner) {
    WindowRules.requirePartitioned(spec, port);
    this.partitioner = Objects.requireNonNull(partitioner, "partitioner");
  }

  @Override
  public final OperatorContext getOperatorContext() {
    return context;
  }
}
