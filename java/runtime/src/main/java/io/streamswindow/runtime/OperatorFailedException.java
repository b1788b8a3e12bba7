package io.streamswindow.runtime;

/**
 * An operator or its window listener threw while the host delivered an event nobody was waiting for
 * directly: a time event fired by advancing a {@code ManualClock}, or by the timer thread. The
 * cause is what the operator threw.
 */
public class OperatorFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message which operator failed, and during what
   * @param cause what the operator threw
   */
  public OperatorFailedException(String message, Throwable cause) {
    super(message + ": " + cause, cause);
  }
}
