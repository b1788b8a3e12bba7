package io.streamswindow.api.spi;

import com.ibm.streams.operator.OperatorContext;

/**
 * The hook through which the streams-window runtime tells {@link
 * com.ibm.streams.operator.PERuntime} which operator runs on the current thread. It is for the
 * runtime, not for operator code.
 *
 * <p>The runtime calls {@link #set(OperatorContext)} before it calls into an operator on a thread
 * and {@link #clear()} afterwards (in a {@code finally} block), including on threads of the
 * operator's scheduler.
 *
 * <pre>{@code
 * CurrentOperator.set(context);
 * try {
 *   operator.process(port, tuple);
 * } finally {
 *   CurrentOperator.clear();
 * }
 * }</pre>
 */
public final class CurrentOperator {

  private static final ThreadLocal<OperatorContext> CURRENT = new ThreadLocal<>();

  private CurrentOperator() {}

  /**
   * Records the context of the operator that runs on the calling thread.
   *
   * @param context the context; null is the same as {@link #clear()}
   */
  public static void set(OperatorContext context) {
    // A null value, not remove(): the calls come in pairs around every operator call (once per
    // group on Spark), and removing the thread's entry clears a weak reference each time. The
    // entry left holds nothing.
    CURRENT.set(context);
  }

  /** Forgets the operator of the calling thread. */
  public static void clear() {
    CURRENT.set(null);
  }

  /**
   * Returns the context of the operator that runs on the calling thread.
   *
   * @return the context, or null when none is set
   */
  public static OperatorContext get() {
    return CURRENT.get();
  }
}
