package com.ibm.streams.operator.window;

import java.util.EventObject;

/**
 * Something that happened to a window: tuples were inserted or evicted, the window triggered or
 * first became full, the stream ended, or a partition was evicted. The event's source is the
 * window.
 *
 * <p>{@link #getTuples()} lists the tuples concerned, oldest first. Removing a tuple through its
 * iterator drops the window's reference to that tuple: it still counts for the window's policies
 * but is not shown by later events.
 *
 * @param <T> the type of the tuples in the window
 */
public class StreamWindowEvent<T> extends EventObject {

  private static final long serialVersionUID = 1L;

  /** The kinds of window event. The ordinals are part of the contract and never change. */
  public enum Type {
    /** A tuple was inserted; the event holds that tuple. */
    INSERTION,
    /**
     * Tuples were evicted; the event holds them. A tumbling window evicts all its tuples at once.
     */
    EVICTION,
    /** A sliding window's trigger policy fired; the event holds every tuple in the window. */
    TRIGGER,
    /** A sliding window (partition) became full for the first time; the event holds its tuples. */
    INITIAL_FULL,
    /** The final punctuation arrived; the event holds the tuples still in the window. */
    FINAL,
    /** A partition was evicted; the event holds its remaining tuples. */
    PARTITION_EVICTION
  }

  /** What happened. */
  private final Type type;

  // Partition keys and tuples need not be serializable; an event is not meant to outlive its call.
  private final transient Object partition;
  private final transient Iterable<T> tuples;

  /**
   * Creates an event.
   *
   * @param type what happened
   * @param window the window it happened to
   * @param partition the partition's key; {@code Integer.valueOf(0)} for a window that is not
   *     partitioned
   * @param tuples the tuples concerned, oldest first
   */
  public StreamWindowEvent(
      Type type, StreamWindow<T> window, Object partition, Iterable<T> tuples) {
    super(window);
    this.type = type;
    this.partition = partition;
    this.tuples = tuples;
  }

  /**
   * Returns the key of the partition the event concerns.
   *
   * @return the partition; {@code Integer.valueOf(0)} for a window that is not partitioned
   */
  public final Object getPartition() {
    return partition;
  }

  /**
   * Returns what happened.
   *
   * @return the event type
   */
  public final Type getType() {
    return type;
  }

  /**
   * Returns the tuples the event concerns, oldest first.
   *
   * @return the tuples
   */
  public final Iterable<T> getTuples() {
    return tuples;
  }

  @Override
  public String toString() {
    return "StreamWindowEvent[" + type + ", partition=" + partition + "]";
  }
}
