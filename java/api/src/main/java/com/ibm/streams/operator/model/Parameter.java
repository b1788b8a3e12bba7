package com.ibm.streams.operator.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a setter of an operator class as an SPL parameter. The runtime calls the setter with the
 * parameter's value before {@code initialize}. Supported setter types are {@code String}, {@code
 * boolean}, {@code int}, {@code long}, {@code double} (and their other primitive and boxed forms),
 * {@code BigDecimal}, Java enums, {@code TupleAttribute}, and arrays or lists of those for
 * parameters with several values.
 *
 * <pre>{@code
 * @Parameter(name = "size", description = "How many tuples to keep", optional = false)
 * public void setSize(int size) { this.size = size; }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Parameter {

  /**
   * The parameter's name; empty means the setter's property name ({@code setSize} gives {@code
   * size}).
   *
   * @return the name
   */
  String name() default "";

  /**
   * A description of the parameter.
   *
   * @return the description
   */
  String description() default "";

  /**
   * The number of values the parameter takes.
   *
   * @return the count, or -1 to take it from the setter's type (one value, or any number for an
   *     array or list)
   */
  int cardinality() default -1;

  /**
   * Whether the parameter may be left unset.
   *
   * @return true when optional
   */
  boolean optional() default true;
}
