package io.streamswindow.expression;

/**
 * An SPL expression that failed on a tuple, where SPL's runtime fails the operator: an integer
 * division by zero, a subscript out of range, a substring past the string's end.
 */
public final class SplEvaluationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  SplEvaluationException(String message) {
    super(message);
  }
}
