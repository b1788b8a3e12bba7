package com.ibm.streams.operator.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a class as a Java primitive operator, with its SPL name and namespace.
 *
 * <pre>{@code
 * @PrimitiveOperator(name = "TopN", namespace = "com.acme", description = "Keeps the N largest")
 * @InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed)
 * @OutputPortSet(cardinality = 1)
 * public class TopN extends AbstractWindowOperator { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface PrimitiveOperator {

  /**
   * The SPL namespace; empty means the package's {@link Namespace} or, failing that, the package
   * name.
   *
   * @return the namespace
   */
  String namespace() default "";

  /**
   * The SPL operator name; empty means the class's simple name.
   *
   * @return the name
   */
  String name() default "";

  /**
   * A description of the operator.
   *
   * @return the description
   */
  String description() default "";

  /**
   * Arguments for the Java virtual machine that runs the operator.
   *
   * @return the arguments
   */
  String[] vmArgs() default {};

  /**
   * A comment for the generated operator model.
   *
   * @return the comment, empty for none
   */
  String comment() default "";
}
