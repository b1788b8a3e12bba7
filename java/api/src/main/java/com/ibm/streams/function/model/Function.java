package com.ibm.streams.function.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a public static Java method as an SPL native function. SPL's compiler reads it to make
 * the function callable from SPL code; streams-window has no SPL compiler, so here the annotation
 * only describes the method, and the method stays an ordinary Java method that operators call.
 *
 * <pre>{@code
 * public class TextFunctions {
 *   @Function(namespace = "com.acme.text", description = "The text in upper case")
 *   public static String upper(String text) {
 *     return text.toUpperCase(Locale.ROOT);
 *   }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface Function {

  /**
   * The SPL namespace of the function; empty for the class's package name.
   *
   * @return the namespace
   */
  String namespace() default "";

  /**
   * The SPL name of the function; empty for the method's name.
   *
   * @return the name
   */
  String name() default "";

  /**
   * Whether the function keeps state between calls (SPL's {@code stateful} modifier).
   *
   * @return true when the function is stateful
   */
  boolean stateful() default false;

  /**
   * What the function does, for the toolkit's documentation.
   *
   * @return the description
   */
  String description() default "";
}
