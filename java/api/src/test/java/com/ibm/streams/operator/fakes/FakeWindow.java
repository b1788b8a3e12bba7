package com.ibm.streams.operator.fakes;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import com.ibm.streams.operator.window.StreamWindowPartitioner;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A window that records what is registered on it and delivers the events a test asks for, with no
 * policies of its own.
 */
public final class FakeWindow implements StreamWindow<Tuple> {

  private final Type type;
  private final StreamSchema schema;
  private final OperatorContext context;
  private final boolean partitioned;

  /** The listeners registered, in order; the window uses the last one. */
  public final List<StreamWindowListener<Tuple>> listeners = new ArrayList<>();

  /** The {@code useAsynchronousTasks} argument of each registration. */
  public final List<Boolean> asynchronousFlags = new ArrayList<>();

  /** The partitioner registered last, or null. */
  public StreamWindowPartitioner<Tuple, ?> partitioner;

  public FakeWindow(Type type, StreamSchema schema, OperatorContext context, boolean partitioned) {
    this.type = type;
    this.schema = schema;
    this.context = context;
    this.partitioned = partitioned;
  }

  /** A window with no operator context and no partitioning. */
  public FakeWindow(Type type, StreamSchema schema) {
    this(type, schema, null, false);
  }

  /** Delivers an event to the registered listener. */
  public final void fire(StreamWindowEvent.Type eventType, Object partition, Tuple... tuples)
      throws Exception {
    StreamWindowListener<Tuple> listener = listeners.get(listeners.size() - 1);
    listener.handleEvent(new StreamWindowEvent<>(eventType, this, partition, List.of(tuples)));
  }

  @Override
  public Type getType() {
    return type;
  }

  @Override
  public StreamingInput<Tuple> getInputPort() {
    return Fakes.of(
        StreamingInput.class,
        new Object() {
          public StreamSchema getStreamSchema() {
            return schema;
          }

          public StreamWindow<Tuple> getStreamWindow() {
            return FakeWindow.this;
          }

          public String getName() {
            return "in";
          }

          public int getPortNumber() {
            return 0;
          }
        });
  }

  @Override
  public Policy getEvictionPolicy() {
    return type == Type.NOT_WINDOWED ? Policy.NONE : Policy.COUNT;
  }

  @Override
  public Policy getTriggerPolicy() {
    return type == Type.SLIDING ? Policy.COUNT : Policy.NONE;
  }

  @Override
  public boolean isPartitioned() {
    return partitioned;
  }

  @Override
  public void registerListener(StreamWindowListener<Tuple> listener, boolean useAsynchronousTasks) {
    listeners.add(listener);
    asynchronousFlags.add(useAsynchronousTasks);
  }

  @Override
  public void registerPartitioner(StreamWindowPartitioner<Tuple, ?> partitioner) {
    if (!partitioned) {
      throw new IllegalStateException("not partitioned");
    }
    this.partitioner = partitioner;
  }

  @Override
  public void evictPartition(Object partition) {
    throw new UnsupportedOperationException(
        "FakeWindow keeps no partitions: tests fire events directly");
  }

  @Override
  public Collection<?> getPartitions() {
    throw new UnsupportedOperationException(
        "FakeWindow keeps no partitions: tests fire events directly");
  }

  @Override
  public boolean needsPartitionEviction() {
    return false;
  }

  @Override
  public OperatorContext getOperatorContext() {
    return context;
  }
}
