package com.ibm.streams.operator.metrics;

/**
 * A named numeric measure of an operator or processing element. streams-window does not collect
 * metrics; the type exists so that operator source referring to it compiles.
 */
public interface Metric {

  /** How a metric's value behaves. */
  enum Kind {
    /** A value that only grows, such as a count of tuples. */
    COUNTER,
    /** A value that goes up and down, such as a queue length. */
    GAUGE,
    /** A point in time. */
    TIME
  }

  /**
   * Returns the metric's name.
   *
   * @return the name
   */
  String getName();

  /**
   * Returns the metric's description.
   *
   * @return the description
   */
  String getDescription();

  /**
   * Returns the metric's kind.
   *
   * @return the kind
   */
  Kind getKind();

  /**
   * Returns the metric's current value.
   *
   * @return the value
   */
  long getValue();

  /**
   * Sets the metric's value.
   *
   * @param value the new value
   */
  void setValue(long value);

  /**
   * Adds to the metric's value.
   *
   * @param delta the amount to add
   */
  void incrementValue(long delta);

  /** Adds one to the metric's value. */
  void increment();
}
