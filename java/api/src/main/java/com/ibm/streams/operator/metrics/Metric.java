package com.ibm.streams.operator.metrics;

/**
 * A named numeric measure of an operator or processing element: a custom metric an operator
 * creates, or one of the system metrics the runtime keeps for each port (tuples and punctuation
 * marks processed and submitted).
 *
 * <p>streams-window keeps metric values in memory for the lifetime of the operator; nothing exports
 * them. A value read from another thread than the one that updates it may lag behind.
 */
public interface Metric {

  /** How a metric's value behaves. The constants are in IBM's order. */
  enum Kind {
    /** A value that goes up and down, such as a queue length or a number of partitions. */
    GAUGE,
    /** A value that only grows, such as a count of tuples. */
    COUNTER,
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
   * @param delta the amount to add (negative to subtract)
   */
  void incrementValue(long delta);

  /** Adds one to the metric's value. */
  void increment();
}
