package com.ibm.streams.operator.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives the default of an attribute-valued parameter: the attribute to use when the parameter is
 * not set.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface DefaultAttribute {

  /**
   * The attribute's name.
   *
   * @return the attribute name
   */
  String value();
}
