package com.ibm.streams.operator.window;

/**
 * Says which partition of a partitioned window a tuple belongs to. It is called once for each
 * inserted tuple; its result is the partition key reported by the tuple's events.
 *
 * <pre>{@code
 * window.registerPartitioner(tuple -> tuple.getString("symbol"));
 * }</pre>
 *
 * @param <T> the type of the tuples in the window
 * @param <P> the type of the partition keys, which must have consistent {@code equals} and {@code
 *     hashCode} because keys are map keys
 */
public interface StreamWindowPartitioner<T, P> {

  /**
   * Returns the partition of a tuple.
   *
   * @param tuple the tuple being inserted
   * @return the partition key
   */
  P getPartition(T tuple);
}
