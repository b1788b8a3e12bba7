package com.ibm.streams.operator;

/**
 * An unchecked exception reporting that a tuple or attribute value could not be read, written or
 * converted, for example a value that does not fit the attribute's SPL type.
 */
public class DataException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception with no message. */
  public DataException() {
    super();
  }

  /**
   * Creates an exception with a message.
   *
   * @param message what went wrong
   */
  public DataException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and the exception that caused it.
   *
   * @param message what went wrong
   * @param cause the underlying failure
   */
  public DataException(String message, Throwable cause) {
    super(message, cause);
  }
}
