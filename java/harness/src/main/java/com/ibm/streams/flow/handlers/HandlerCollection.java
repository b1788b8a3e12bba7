package com.ibm.streams.flow.handlers;

import com.ibm.streams.operator.StreamingData.Punctuation;
import java.util.Collection;

/**
 * A stream handler that passes every tuple and mark to each handler of a collection, in the
 * collection's order.
 *
 * <pre>{@code
 * graph.registerStreamHandler(out, new HandlerCollection<>(List.of(counter, collector)));
 * }</pre>
 *
 * @param <S> the handler type
 * @param <T> the tuple type
 */
public class HandlerCollection<S extends StreamHandler<T>, T> implements StreamHandler<T> {
  private final Collection<S> handlers;

  /**
   * Creates a handler for {@code handlers} (the collection itself, so later additions count).
   *
   * @param handlers the handlers
   */
  public HandlerCollection(Collection<S> handlers) {
    this.handlers = handlers;
  }

  /**
   * Returns the handlers.
   *
   * @return the collection given to the constructor
   */
  public Collection<S> getHandlers() {
    return handlers;
  }

  @Override
  public final void tuple(T tuple) throws Exception {
    for (S handler : handlers) {
      handler.tuple(tuple);
    }
  }

  @Override
  public final void mark(Punctuation mark) throws Exception {
    for (S handler : handlers) {
      handler.mark(mark);
    }
  }
}
