package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * {@code count(N)} eviction. Tumbling: the partition tumbles on the insertion that makes it hold N
 * tuples. Sliding: once it holds N tuples, each arrival first evicts the oldest.
 *
 * @param <T> the tuple type
 */
final class CountEvictionPolicy<T> implements EvictionPolicy<T> {
  private final int size;
  private final StreamWindow.Type type;

  CountEvictionPolicy(int size, StreamWindow.Type type) {
    this.size = size;
    this.type = type;
  }

  @Override
  public StreamWindow.Policy kind() {
    return StreamWindow.Policy.COUNT;
  }

  @Override
  public InitialFull initialFull() {
    return type == StreamWindow.Type.SLIDING ? InitialFull.WHEN_FILLED : InitialFull.NEVER;
  }

  @Override
  public boolean isFull(Partition<T> partition) {
    return partition.size() >= size;
  }

  @Override
  public Eviction beforeInsert(Partition<T> partition, Entry<T> arriving) {
    return type == StreamWindow.Type.SLIDING
        ? Eviction.oldest(partition.size() - size + 1)
        : Eviction.NONE;
  }

  @Override
  public Eviction afterInsert(Partition<T> partition) {
    return type == StreamWindow.Type.TUMBLING && partition.size() >= size
        ? Eviction.ALL
        : Eviction.NONE;
  }

  @Override
  public String toString() {
    return "count(" + size + ")";
  }
}
