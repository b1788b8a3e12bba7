package io.streamswindow.engine;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowListener;
import com.ibm.streams.operator.window.StreamWindowPartitioner;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Collection;

/** STUB - being written. Public surface is final. */
public final class Window<T> implements StreamWindow<T> {
  public Window(WindowSpec spec, StreamingInput<T> port, OperatorContext context, Clock clock, DeltaResolver<T> deltas) {}
  public WindowSpec spec() { return null; }
  public StreamWindowListener<T> listener() { return null; }
  /** All ports are ready: the window's time starts (first tumble/trigger T later; time-evicting non-partitioned window fires INITIAL_FULL). */
  public void start() throws Exception {}
  /** A tuple arrives: fires every event it causes, in order. */
  public void insert(T tuple) throws Exception {}
  /** A WINDOW_MARKER or FINAL_MARKER arrives. */
  public void punctuate(StreamingData.Punctuation mark) throws Exception {}
  /** Fires every timer due at or before nowNanos, in time order. */
  public void advanceTo(long nowNanos) throws Exception {}
  /** The earliest time at which advanceTo would fire something, or Long.MAX_VALUE. */
  public long nextDeadline() { return Long.MAX_VALUE; }
  /** Delivers outstanding evictions (time evictions due now). */
  public void drain() throws Exception {}
  /** Writes contents and policy progress (versioned binary format). */
  public void checkpoint(DataOutput out, TupleCodec<T> codec) throws IOException {}
  /** Discards contents without events and restores them from a checkpoint; call advanceTo(now) afterwards to catch up on time. */
  public void reset(DataInput in, TupleCodec<T> codec) throws IOException {}
  /** Discards everything without events, as if just created (and started). */
  public void resetToInitialState() {}
  @Override public Type getType() { return null; }
  @Override public StreamingInput<T> getInputPort() { return null; }
  @Override public Policy getEvictionPolicy() { return null; }
  @Override public Policy getTriggerPolicy() { return null; }
  @Override public boolean isPartitioned() { return false; }
  @Override public void registerListener(StreamWindowListener<T> listener, boolean async) {}
  @Override public void registerPartitioner(StreamWindowPartitioner<T, ?> partitioner) {}
  @Override public void evictPartition(Object partition) throws Exception {}
  @Override public Collection<?> getPartitions() { return null; }
  @Override public boolean needsPartitionEviction() { return false; }
  @Override public OperatorContext getOperatorContext() { return null; }
}
