package io.streamswindow.runtime;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowListener;
import com.ibm.streams.operator.window.StreamWindowPartitioner;
import java.util.Collection;
import java.util.List;

/**
 * The window of an input port that has none: IBM's API gives every input port a {@link
 * StreamWindow}, and this one reports {@link Type#NOT_WINDOWED} and never fires an event.
 *
 * @param <T> the tuple type
 */
final class NotWindowedStreamWindow<T> implements StreamWindow<T> {
  private final StreamingInput<T> port;
  private final OperatorContext context;

  NotWindowedStreamWindow(StreamingInput<T> port, OperatorContext context) {
    this.port = port;
    this.context = context;
  }

  @Override
  public Type getType() {
    return Type.NOT_WINDOWED;
  }

  @Override
  public StreamingInput<T> getInputPort() {
    return port;
  }

  @Override
  public Policy getEvictionPolicy() {
    return Policy.NONE;
  }

  @Override
  public Policy getTriggerPolicy() {
    return Policy.NONE;
  }

  @Override
  public boolean isPartitioned() {
    return false;
  }

  /** Accepts the listener; a port without a window has no events to deliver to it. */
  @Override
  public void registerListener(StreamWindowListener<T> listener, boolean useAsynchronousTasks) {}

  @Override
  public void registerPartitioner(StreamWindowPartitioner<T, ?> partitioner) {
    throw notPartitioned("registerPartitioner");
  }

  @Override
  public void evictPartition(Object partition) {
    throw notPartitioned("evictPartition");
  }

  @Override
  public Collection<?> getPartitions() {
    return List.of();
  }

  @Override
  public boolean needsPartitionEviction() {
    return false;
  }

  @Override
  public OperatorContext getOperatorContext() {
    return context;
  }

  private IllegalStateException notPartitioned(String what) {
    return new IllegalStateException(
        what + ": " + port + " of operator '" + context.getName() + "' is not windowed");
  }

  @Override
  public String toString() {
    return "not windowed";
  }
}
