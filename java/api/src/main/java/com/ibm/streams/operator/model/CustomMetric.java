package com.ibm.streams.operator.model;

import com.ibm.streams.operator.metrics.Metric;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a setter taking a {@link Metric} as a custom metric of the operator. streams-window does
 * not collect metrics; the annotation exists so that operator source using it compiles.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface CustomMetric {

  /**
   * The metric's name; empty means the setter's property name.
   *
   * @return the name
   */
  String name() default "";

  /**
   * A description of the metric.
   *
   * @return the description
   */
  String description() default "";

  /**
   * The metric's kind.
   *
   * @return the kind
   */
  Metric.Kind kind();

  /**
   * Whether the metric is also published as a management bean.
   *
   * @return true to publish it
   */
  boolean mxbean() default false;
}
