package com.ibm.streams.operator.window;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingInput;
import java.util.Collection;

/**
 * The window of an input port: the tuples it currently holds, grouped into partitions, and the
 * policies that decide when tuples are evicted and when the window is triggered. Every input port
 * has one; a port that is not windowed reports {@link Type#NOT_WINDOWED}.
 *
 * <p>The window tells its {@link StreamWindowListener} what happens to it through {@link
 * StreamWindowEvent}s. Events are delivered one at a time, in order, and for an arriving tuple
 * before {@link com.ibm.streams.operator.Operator#process} is called with it.
 *
 * <pre>{@code
 * public void initialize(OperatorContext context) throws Exception {
 *   super.initialize(context);
 *   StreamWindow<Tuple> window = getInput(0).getStreamWindow();
 *   WindowUtilities.registerAttributePartitioner(window, "symbol");
 *   window.registerListener(event -> handle(event), false);
 * }
 * }</pre>
 *
 * @param <T> the type of the tuples in the window
 */
public interface StreamWindow<T> {

  /** The kinds of window policy. The ordinals are part of the contract and never change. */
  enum Policy {
    /** No policy: the trigger of a tumbling window, both policies of an unwindowed port. */
    NONE,
    /** Acts after a period of time. */
    TIME,
    /** Acts on a number of tuples. */
    COUNT,
    /** Acts on a window punctuation mark. */
    PUNCTUATION,
    /** Acts on the difference between an attribute of two tuples. */
    DELTA
  }

  /** The kinds of window. The ordinals are part of the contract and never change. */
  enum Type {
    /** The port has no window. */
    NOT_WINDOWED,
    /** All tuples leave together when the eviction policy fires. */
    TUMBLING,
    /** Tuples leave one by one; the trigger policy says when the window is processed. */
    SLIDING
  }

  /**
   * Returns the kind of window.
   *
   * @return the window type
   */
  Type getType();

  /**
   * Returns the input port this window belongs to.
   *
   * @return the port
   */
  StreamingInput<T> getInputPort();

  /**
   * Returns the eviction policy.
   *
   * @return the policy; {@link Policy#NONE} when not windowed
   */
  Policy getEvictionPolicy();

  /**
   * Returns the trigger policy.
   *
   * @return the policy; {@link Policy#NONE} for a tumbling window or when not windowed
   */
  Policy getTriggerPolicy();

  /**
   * Tells whether the window is partitioned.
   *
   * @return true when partitioned
   */
  boolean isPartitioned();

  /**
   * Sets the listener that receives the window's events, replacing any earlier one. A listener that
   * is also a {@link com.ibm.streams.operator.state.StateHandler} is registered as a state handler
   * of the operator.
   *
   * @param listener the listener
   * @param useAsynchronousTasks a hint to deliver events on other threads; implementations may
   *     ignore it and always deliver on the processing thread
   */
  void registerListener(StreamWindowListener<T> listener, boolean useAsynchronousTasks);

  /**
   * Sets the partitioner that puts each inserted tuple into its partition.
   *
   * @param partitioner the partitioner
   * @throws IllegalStateException when the window is not partitioned
   */
  void registerPartitioner(StreamWindowPartitioner<T, ?> partitioner);

  /**
   * Removes a partition and its tuples now, after delivering a {@link
   * StreamWindowEvent.Type#PARTITION_EVICTION} event with its remaining tuples. An unknown
   * partition is ignored.
   *
   * @param partition the partition's key
   * @throws IllegalStateException when the window is not partitioned
   * @throws Exception when the listener fails
   */
  void evictPartition(Object partition) throws Exception;

  /**
   * Returns the keys of the current partitions; when a partition eviction policy is set, the least
   * recently inserted first.
   *
   * @return a read-only snapshot of the keys
   */
  Collection<?> getPartitions();

  /**
   * Tells whether the partition eviction policy (partition count or tuple count) is over its limit,
   * so that a listener may evict partitions itself during an insertion.
   *
   * @return true while over the limit
   */
  boolean needsPartitionEviction();

  /**
   * Returns the context of the operator that owns the window.
   *
   * @return the operator context
   */
  OperatorContext getOperatorContext();
}
