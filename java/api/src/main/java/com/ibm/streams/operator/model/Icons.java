package com.ibm.streams.operator.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Gives the icons that tools show for an operator, relative to the toolkit directory. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Icons {

  /**
   * The 16x16 icon.
   *
   * @return the icon's path
   */
  String location16();

  /**
   * The 32x32 icon.
   *
   * @return the icon's path
   */
  String location32();
}
