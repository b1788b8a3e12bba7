package com.ibm.streams.flow.handlers;

import com.ibm.streams.operator.StreamingData.Punctuation;

/**
 * A stream handler that remembers only the latest tuple and the latest punctuation mark.
 *
 * <pre>{@code
 * MostRecent<Tuple> last = new MostRecent<>();
 * graph.registerStreamHandler(out, last);
 * in.submitAsTuple("a", 1.0);
 * assertEquals(1.0, last.getMostRecentTuple().getDouble("v"));
 * }</pre>
 *
 * @param <T> the tuple type
 */
public class MostRecent<T> implements StreamHandler<T> {
  private T tuple;
  private Punctuation mark;

  /** Creates a handler that has seen nothing. */
  public MostRecent() {}

  /**
   * Returns the latest tuple.
   *
   * @return the tuple, or null when none arrived since creation or the last clear
   */
  public synchronized T getMostRecentTuple() {
    return tuple;
  }

  /**
   * Returns the latest punctuation mark.
   *
   * @return the mark, or null when none arrived since creation or the last clear
   */
  public synchronized Punctuation getMostRecentMark() {
    return mark;
  }

  /** Forgets both the latest tuple and the latest mark. */
  public synchronized void clear() {
    tuple = null;
    mark = null;
  }

  /** Forgets the latest mark. */
  public synchronized void clearMostRecentMark() {
    mark = null;
  }

  /** Forgets the latest tuple. */
  public synchronized void clearMostRecentTuple() {
    tuple = null;
  }

  @Override
  public synchronized void tuple(T tuple) throws Exception {
    this.tuple = tuple;
  }

  @Override
  public synchronized void mark(Punctuation mark) throws Exception {
    this.mark = mark;
  }
}
