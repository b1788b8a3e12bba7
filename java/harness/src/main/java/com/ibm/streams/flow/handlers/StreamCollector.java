package com.ibm.streams.flow.handlers;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import java.util.Collection;
import java.util.LinkedList;

/**
 * A stream handler that adds every tuple to a collection and ignores punctuation marks.
 *
 * <pre>{@code
 * StreamCollector<LinkedList<Tuple>, Tuple> out = StreamCollector.newLinkedListCollector();
 * graph.registerStreamHandler(outputPort, out);
 * // ... run ...
 * assertEquals(3, out.getTupleCount());
 * }</pre>
 *
 * <p>Adding and reading synchronise on the collection, so tuples submitted from an operator's own
 * threads are safe to inspect.
 *
 * @param <C> the collection type
 * @param <T> the tuple type
 */
public class StreamCollector<C extends Collection<T>, T> implements StreamHandler<T> {
  private final C tuples;

  /**
   * Creates a collector adding to {@code tuples}.
   *
   * @param tuples the collection that receives the tuples
   */
  public StreamCollector(C tuples) {
    this.tuples = tuples;
  }

  /**
   * Creates a collector that keeps tuples in a linked list, in arrival order.
   *
   * @return the collector
   */
  public static StreamCollector<LinkedList<Tuple>, Tuple> newLinkedListCollector() {
    return new StreamCollector<>(new LinkedList<>());
  }

  /**
   * Returns the collection itself (not a copy).
   *
   * @return the collected tuples
   */
  public C getTuples() {
    return tuples;
  }

  /**
   * Returns the number of tuples collected so far.
   *
   * @return the count
   */
  public int getTupleCount() {
    synchronized (tuples) {
      return tuples.size();
    }
  }

  @Override
  public void tuple(T tuple) throws Exception {
    synchronized (tuples) {
      tuples.add(tuple);
    }
  }

  /** Ignores the mark. */
  @Override
  public void mark(Punctuation mark) throws Exception {}
}
