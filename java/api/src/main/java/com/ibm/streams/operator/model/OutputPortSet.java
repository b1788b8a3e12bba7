package com.ibm.streams.operator.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a set of output ports of a primitive operator that share one configuration. With no
 * element set it declares any number of required ports free of window marks. Several sets go in an
 * {@link OutputPorts} annotation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface OutputPortSet {

  /** What an output port does with window punctuation marks. */
  enum WindowPunctuationOutputMode {
    /** The port submits window marks of its own. */
    Generating,
    /** The port submits no window marks. */
    Free,
    /** The port forwards the window marks of an input port. */
    Preserving
  }

  /**
   * A description of the ports.
   *
   * @return the description
   */
  String description() default "";

  /**
   * The number of ports in the set.
   *
   * @return the count, or -1 for any number
   */
  int cardinality() default -1;

  /**
   * Whether the set may have no ports.
   *
   * @return true when optional
   */
  boolean optional() default false;

  /**
   * What the ports do with window marks.
   *
   * @return the punctuation mode
   */
  WindowPunctuationOutputMode windowPunctuationOutputMode() default
      WindowPunctuationOutputMode.Free;

  /**
   * For a preserving port of an operator with several input port sets: the {@link
   * InputPortSet#id()} of the set whose marks are forwarded.
   *
   * @return the input port set id, empty for none
   */
  String windowPunctuationInputPort() default "";
}
