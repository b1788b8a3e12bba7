package io.streamswindow.expression;

import io.streamswindow.schema.SplType;

/**
 * One overload of an SPL standard function, resolved for its arguments' types: its signature as
 * SPL's reference writes it, its return type, and what it computes.
 *
 * @param name the function's name
 * @param signature how SPL declares the overload, e.g. {@code <string T> int32 length(T str)}
 * @param returnType the type it returns for the arguments it was resolved for
 * @param stateful whether it reads something besides its arguments (the clock)
 * @param body what it computes, on values in IBM's Java mapping
 */
public record SplFunction(
    String name, String signature, SplType returnType, boolean stateful, Body body) {

  /** A function's computation over its arguments' values. */
  @FunctionalInterface
  public interface Body {
    Object apply(Object[] arguments);
  }
}
