package com.ibm.streams.operator;

import io.streamswindow.api.spi.CurrentOperator;

/**
 * Static access to the context of the operator running on the calling thread, for code that has no
 * reference to it (helpers, logging set-up).
 *
 * <pre>{@code
 * OperatorContext context = PERuntime.getCurrentContext();
 * }</pre>
 */
public class PERuntime {

  /** Creates an instance; all members are static. */
  public PERuntime() {}

  /**
   * Returns the processing element of the operator running on the calling thread.
   *
   * @return the processing element
   * @throws IllegalStateException when no operator runs on the calling thread
   */
  public static ProcessingElement getPE() {
    return currentContextOrFail().getPE();
  }

  /**
   * Returns the context of the operator running on the calling thread.
   *
   * @return the context
   * @throws IllegalStateException when no operator runs on the calling thread
   */
  public static OperatorContext getCurrentContext() {
    return currentContextOrFail();
  }

  private static OperatorContext currentContextOrFail() {
    OperatorContext context = CurrentOperator.get();
    if (context == null) {
      throw new IllegalStateException(
          "No operator is running on thread '"
              + Thread.currentThread().getName()
              + "': PERuntime is available only while the streams-window runtime"
              + " calls an operator");
    }
    return context;
  }
}
