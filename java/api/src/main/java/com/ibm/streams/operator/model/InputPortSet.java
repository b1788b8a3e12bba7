package com.ibm.streams.operator.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a set of input ports of a primitive operator that share one configuration. With no
 * element set it declares any number of required, non-windowed, non-control ports. Several sets go
 * in an {@link InputPorts} annotation.
 *
 * <pre>{@code
 * @InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed)
 * public class MySort extends AbstractWindowOperator { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface InputPortSet {

  /** What a port does with window punctuation marks. */
  enum WindowPunctuationInputMode {
    /** The port needs window marks to work and must receive a punctuated stream. */
    Expecting,
    /** The port works with or without window marks. */
    Oblivious,
    /** Expecting when the port has a punctuation-based window, Oblivious otherwise. */
    WindowBound
  }

  /** Whether the ports of the set may or must have a window. */
  enum WindowMode {
    /** The ports are never windowed. */
    NonWindowed,
    /** The ports must be windowed. */
    Windowed,
    /** The ports may be windowed. */
    OptionallyWindowed
  }

  /**
   * An identifier for the set, which {@link OutputPortSet#windowPunctuationInputPort()} can name.
   *
   * @return the identifier, empty for none
   */
  String id() default "";

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
   * Whether the ports are control ports.
   *
   * @return true for control ports
   */
  boolean controlPort() default false;

  /**
   * A description of the windows the ports support.
   *
   * @return the description
   */
  String windowingDescription() default "";

  /**
   * Whether the ports may or must be windowed.
   *
   * @return the window mode
   */
  WindowMode windowingMode() default WindowMode.NonWindowed;

  /**
   * What the ports do with window marks.
   *
   * @return the punctuation mode
   */
  WindowPunctuationInputMode windowPunctuationInputMode() default
      WindowPunctuationInputMode.Oblivious;
}
