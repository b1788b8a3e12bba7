package com.ibm.streams.operator.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares several input port sets of a primitive operator, in port order.
 *
 * <pre>{@code
 * @InputPorts({@InputPortSet(cardinality = 1), @InputPortSet(optional = true, controlPort = true)})
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Inherited
public @interface InputPorts {

  /**
   * The port sets, in port order.
   *
   * @return the port sets
   */
  InputPortSet[] value();
}
